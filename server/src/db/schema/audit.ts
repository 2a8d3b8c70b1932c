import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue 29: the audit log (decision 0044). Append-only: migration 0039's triggers refuse UPDATE, DELETE
 * and TRUNCATE. Each entry's `hash` covers its fields and the previous entry's hash, and `seq` counts
 * 1, 2, 3 without gaps (entries are appended one at a time under a lock), so a changed, removed or
 * inserted entry breaks the chain that GET /api/admin/audit/verify walks. `before` and `after` are
 * kept as the very JSON text that was hashed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null: the shop itself. No foreign key: a removed account's entries stay as they were. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role'),
    address: text('address'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: text('before'),
    after: text('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);
