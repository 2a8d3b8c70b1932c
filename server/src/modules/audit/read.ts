/**
 * Reading the audit log: pages of entries with filters, the CSV export, and the check that walks the
 * hash chain (decision 0044).
 */
import {
  IST_OFFSET_MS,
  istDateStart,
  isStaffRole,
  type AuditEntity,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditVerifyAnswer,
} from '@rr/core';
import { and, asc, desc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { csvLine } from '../../csv.ts';
import { GENESIS_HASH, entryHash } from './chain.ts';

type AuditRow = typeof auditLog.$inferSelect;

const DEFAULT_PAGE = 50;
/** Rows read at a time by the export and the check. */
const BATCH = 500;

function filtersOf(query: AuditQuery): SQL | undefined {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.id ? eq(auditLog.entityId, query.id) : undefined,
    query.actor ? eq(auditLog.actorId, query.actor) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, istDateStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, new Date(istDateStart(query.to).getTime() + 86_400_000)) : undefined,
  );
}

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    actor:
      row.actorId === null
        ? null
        : { _id: row.actorId, name: row.actorName ?? '', role: isStaffRole(row.actorRole) ? row.actorRole : null },
    address: row.address,
    action: row.action,
    entity: row.entity as AuditEntity,
    entityId: row.entityId,
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

/** A page of entries, newest first. */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(filtersOf(query), query.before ? lt(auditLog.seq, query.before) : undefined))
    .orderBy(desc(auditLog.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(toAuditEntry), next: rows.length > limit ? page[page.length - 1]!.seq : null };
}

export const AUDIT_CSV_COLUMNS = [
  'Seq',
  'Date (IST)',
  'Who',
  'Role',
  'Address',
  'Action',
  'Entity',
  'Entity id',
  'Before',
  'After',
  'Hash',
] as const;

const istDateTime = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The entries the filters select, oldest first, as CSV lines (read in batches). */
export async function* auditCsvLines(db: Database, query: AuditQuery): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_COLUMNS);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(filtersOf(query), gt(auditLog.seq, after)))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      yield csvLine([
        String(row.seq),
        istDateTime(row.at),
        row.actorName ?? 'The shop',
        row.actorRole ?? '',
        row.address ?? '',
        row.action,
        row.entity,
        row.entityId,
        row.before ?? '',
        row.after ?? '',
        row.hash,
      ]);
    }
    after = rows[rows.length - 1]!.seq;
  }
}

type Broken = NonNullable<AuditVerifyAnswer['broken']>;

/** Where an entry breaks the chain that was sound up to `expected` (its seq) and `prevHash`. */
function brokenAt(row: AuditRow, expected: number, prevHash: string): Broken | null {
  if (row.seq !== expected) {
    return row.seq > expected
      ? { seq: expected, problem: 'missing', message: `Entry ${expected} is missing: it was removed.` }
      : { seq: row.seq, problem: 'out_of_order', message: `Entry ${row.seq} appears out of order.` };
  }
  if (row.prevHash !== prevHash) {
    return {
      seq: row.seq,
      problem: 'missing',
      message: `Entry ${row.seq} does not follow the entry before it: an entry was removed or replaced.`,
    };
  }
  if (entryHash(prevHash, row) !== row.hash) {
    return { seq: row.seq, problem: 'changed', message: `Entry ${row.seq} was changed after it was written.` };
  }
  return null;
}

/**
 * An entry that does not follow the one before it: when the entry it did follow is still in the log
 * (elsewhere), the entries were reordered; otherwise that entry was removed or replaced.
 */
async function placeBroken(db: Database, row: AuditRow, broken: Broken): Promise<Broken> {
  if (broken.problem !== 'missing' || broken.seq !== row.seq) return broken;
  const [follows] = await db.select({ seq: auditLog.seq }).from(auditLog).where(eq(auditLog.hash, row.prevHash));
  if (!follows) return broken;
  return {
    seq: row.seq,
    problem: 'out_of_order',
    message: `Entry ${row.seq} is out of order: it was written after entry ${follows.seq}.`,
  };
}

/** Walks the whole chain from entry 1: intact, or the first entry that does not hold. */
export async function verifyAudit(db: Database): Promise<AuditVerifyAnswer> {
  let prevHash = GENESIS_HASH;
  let checked = 0;
  let head: AuditVerifyAnswer['head'] = null;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, checked))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const broken = brokenAt(row, checked + 1, prevHash);
      if (broken) {
        const placed = await placeBroken(db, row, broken);
        return { intact: false, entries: checked, checkedAt: new Date().toISOString(), head, broken: placed };
      }
      checked = row.seq;
      prevHash = row.hash;
      head = { seq: row.seq, hash: row.hash, at: row.at.toISOString() };
    }
  }
  return { intact: true, entries: checked, checkedAt: new Date().toISOString(), head, broken: null };
}
