import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type NewMessage = Pick<
  typeof outboxMessages.$inferInsert,
  'idempotencyKey' | 'kind' | 'channel' | 'recipient' | 'subject' | 'text' | 'html'
> & { variables: string[] };

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Writes messages to the outbox. Call it with the transaction that makes the change the messages tell
 * of: they are stored exactly when the change is. A message whose idempotency key is already there is
 * left out, so telling an event twice sends it once.
 */
export async function enqueueMessages(tx: Transaction, messages: NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(outboxMessages).values(messages).onConflictDoNothing({ target: outboxMessages.idempotencyKey });
}

/**
 * Claims up to `limit` messages that are due, for `leaseMs`: each is handed to one worker only, however
 * many instances poll the same database (`FOR UPDATE SKIP LOCKED` passes over rows another worker is
 * claiming). A worker that dies holding a claim loses it when the lease runs out, and the message is
 * tried again.
 */
export async function claimDueMessages(db: Database, limit: number, leaseMs: number): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/** The provider took the message. Only the worker holding the claim marks it (its attempt number). */
export async function markSent(db: Database, message: OutboxMessage): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts)));
}

/**
 * Sending failed: try again after an exponential backoff (base x 2^(attempt-1), at most an hour), or
 * give up after `maxAttempts` and keep the message as `failed` for the operator.
 */
export async function markFailed(
  db: Database,
  message: OutboxMessage,
  error: string,
  retry: { baseMs: number; maxAttempts: number },
): Promise<'retry' | 'failed'> {
  const giveUp = message.attempts >= retry.maxAttempts;
  const delayMs = Math.min(retry.baseMs * 2 ** (message.attempts - 1), 3_600_000);
  await db
    .update(outboxMessages)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts)));
  return giveUp ? 'failed' : 'retry';
}
