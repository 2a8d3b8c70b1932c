/**
 * Writing the audit log (issue 29, decision 0044). A change and its entry commit or roll back together:
 * `recordAudit` runs inside the change's own transaction. Entries are appended one at a time (a
 * transaction-level advisory lock), which gives `seq` without gaps and each entry the hash of the one
 * before; the lock is held only by transactions of staff changes, never by a customer's checkout.
 */
import type { AuditEntity, StaffRole } from '@rr/core';
import { desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hotStatement, type Transaction } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { GENESIS_HASH, canonicalJson, entryHash } from './chain.ts';

/** A signed-in person making a change, from an address. */
export interface Actor {
  id: string;
  name: string;
  role: StaffRole | null;
  address: string | null;
}

/** Who made a change: a staff member, or the shop itself (null: a timer, a webhook). */
export type AuditActor = Actor | null;

/** One change: what it touched and the values before and after (null: created, or removed). */
export interface AuditChange {
  /** `entity.verb`: `product.update`, `order.ship`, `user.role` ... */
  action: string;
  entity: AuditEntity;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Any number: the lock's key, the same for every writer of the log ("audt"). */
const AUDIT_LOCK_KEY = 0x61756474;

/** The signed-in staff member of a request, and the address the request came from. */
export function actorOf(request: FastifyRequest): Actor {
  const user = signedInUser(request);
  return { id: user.id, name: user.name, role: user.role, address: request.ip || null };
}

const lastEntry = hotStatement((db) =>
  db.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1),
);

/** Appends one entry in `tx`: it is kept exactly when the change it records is. */
export async function recordAudit(tx: Transaction, actor: AuditActor, change: AuditChange): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await lastEntry(tx);
  const fields = {
    seq: (last?.seq ?? 0) + 1,
    at: new Date(),
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    actorRole: actor?.role ?? null,
    address: actor?.address ?? null,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before ? canonicalJson(change.before) : null,
    after: change.after ? canonicalJson(change.after) : null,
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  await tx.insert(auditLog).values({ ...fields, prevHash, hash: entryHash(prevHash, fields) });
}

/**
 * The fields whose values differ between two views of a record, as `{ before, after }` holding only
 * those fields (compared as JSON, so nested values and dates compare by content). Null when nothing
 * changed: a save that changes nothing records nothing.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (canonicalJson(before[key] ?? null) === canonicalJson(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}

/** Records a change of a record's fields, when any field changed. */
export async function recordChange(
  tx: Transaction,
  actor: AuditActor,
  change: Omit<AuditChange, 'before' | 'after'> & { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  const changed = changedFields(change.before, change.after);
  if (changed) await recordAudit(tx, actor, { ...change, ...changed });
}
