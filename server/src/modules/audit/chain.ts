/**
 * The audit log's hash chain (decision 0044): each entry's hash covers its own fields and the hash of
 * the entry before it, so changing, removing or inserting an entry anywhere but at the very end breaks
 * every hash after it.
 */
import { createHash } from 'node:crypto';

/** The chain's start: the "previous hash" of entry 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers, as stored (before and after as the JSON text kept in the row). */
export interface ChainedFields {
  seq: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  address: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: string | null;
  after: string | null;
}

export function entryHash(prevHash: string, fields: ChainedFields): string {
  // A JSON array: every field in a fixed place, text escaped, so no two different entries read alike.
  const covered = JSON.stringify([
    prevHash,
    fields.seq,
    fields.at.toISOString(),
    fields.actorId,
    fields.actorName,
    fields.actorRole,
    fields.address,
    fields.action,
    fields.entity,
    fields.entityId,
    fields.before,
    fields.after,
  ]);
  return createHash('sha256').update(covered).digest('hex');
}

/** JSON with object keys in order, so the same values always give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
