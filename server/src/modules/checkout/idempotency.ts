import { createHash } from 'node:crypto';
import { errorCodes } from '@rr/core';
import { and, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { idempotencyKeys, type IdempotentCall } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

/** Keys are answered for at least this long (PRODUCT.md: a day); the sweep forgets older ones. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A checkout call made with an `Idempotency-Key`: whose, which call, the key and its body's hash. */
export interface IdempotentRequest {
  userId: string;
  call: IdempotentCall;
  key: string;
  bodyHash: string;
}

/**
 * The request's key and the hash of its body as validated (the schema drops unknown fields and gives
 * the fields in one order, so the same request always hashes the same); none without the header.
 */
export function idempotentRequest(
  userId: string,
  call: IdempotentCall,
  key: string | undefined,
  body: unknown,
): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  return { userId, call, key, bodyHash: createHash('sha256').update(JSON.stringify(body)).digest('base64url') };
}

const sameKey = ({ userId, call, key }: IdempotentRequest) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.call, call), eq(idempotencyKeys.key, key));

/**
 * Claims the key as the transaction's first write. Null: this request is the first and makes the
 * order (or hold); `recordOutcome` then stores what it made, committed with it. Otherwise what the first
 * request made: a concurrent first request's row is waited for by the insert (its unique index) until
 * that transaction ends, so this answers its order once it is committed; if it rolled back, this insert
 * takes the key and this request makes the order itself.
 */
export async function claimKey(
  tx: Transaction,
  request: IdempotentRequest,
): Promise<{ orderId: string | null; holdId: string | null } | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(request)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return null;
  const [earlier] = await tx.select().from(idempotencyKeys).where(sameKey(request));
  if (!earlier) {
    // Forgotten by the sweep in the instant between the two statements: the key is a day old.
    throw inProgress();
  }
  if (earlier.bodyHash !== request.bodyHash) {
    throw new DomainError(
      'unprocessable',
      errorCodes.idempotencyKeyReused,
      'This Idempotency-Key was already used for a different request. Use a new key for a new checkout.',
    );
  }
  return { orderId: earlier.orderId, holdId: earlier.holdId };
}

/** Stores what the request that claimed the key made, in its transaction. */
export async function recordOutcome(
  tx: Transaction,
  request: IdempotentRequest,
  made: { orderId: string } | { holdId: string },
): Promise<void> {
  await tx.update(idempotencyKeys).set(made).where(sameKey(request));
}

/** Lets the key be used again: the request that claimed it failed after its transaction committed. */
export async function releaseKey(db: Database, request: IdempotentRequest): Promise<void> {
  await db.delete(idempotencyKeys).where(sameKey(request));
}

export const inProgress = () =>
  new DomainError(
    'conflict',
    errorCodes.idempotencyInProgress,
    'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
    { retryAfterSeconds: 2 },
  );

/** Forgets keys older than a day; returns how many. Runs with the other sweeps. */
export async function forgetOldKeys(db: Database, now = new Date()): Promise<number> {
  const old = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000)))
    .returning({ key: idempotencyKeys.key });
  return old.length;
}
