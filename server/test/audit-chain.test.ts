/**
 * Issue 29: the audit log itself (decision 0044). The database refuses to change or remove entries; an
 * entry changed, removed or moved with the triggers off (as a superuser could) is found by the check; a
 * change and its entry commit or roll back together; concurrent staff changes keep one gapless chain;
 * and the log's page and CSV filter as they say.
 */
import { AUDIT_PAGE_MAX, type AuditEntry, type AuditPage, type AuditVerifyAnswer } from '@rr/core';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { recordAudit, type Actor } from '../src/modules/audit/index.ts';
import { entryHash } from '../src/modules/audit/chain.ts';
import { AUDIT_CSV_COLUMNS } from '../src/modules/audit/read.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let owner: make.Customer;
let manager: make.Customer;
beforeAll(async () => {
  t = await createTestApp();
  [owner, manager] = [await make.customer(t), await make.customer(t)];
  await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner._id));
  await t.db.update(users).set({ role: 'manager' }).where(eq(users.id, manager._id));
});
afterAll(async () => {
  await t?.close();
});

type Row = typeof auditLog.$inferSelect;

/** A staff change through the API: renames a customer (one user.update entry). */
async function rename(token: string, id: string, name: string) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
}

async function entriesAfterSomeChanges(count: number): Promise<Row[]> {
  const customer = await make.customer(t);
  for (let i = 0; i < count; i += 1) await rename(owner.token, customer._id, `Renamed ${i}`);
  return t.db.select().from(auditLog).orderBy(asc(auditLog.seq));
}

const verify = async () => {
  const res = await t.app.inject({ url: '/api/admin/audit/verify', headers: bearer(owner.token) });
  expect(res.statusCode).toBe(200);
  return res.json<AuditVerifyAnswer>();
};

/** Runs `tamper` with the log's triggers off (as a superuser could), then puts them back. */
async function withTriggersOff(tamper: () => Promise<void>): Promise<void> {
  await t.db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await tamper();
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger user`);
  }
}

const restore = (row: Row) => t.db.insert(auditLog).values(row);

describe('the database keeps the log append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [first] = await entriesAfterSomeChanges(1);
    for (const statement of [
      sql`update audit_log set action = 'user.forged' where seq = ${first!.seq}`,
      sql`delete from audit_log where seq = ${first!.seq}`,
      sql`truncate audit_log`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.seq, first!.seq));
    expect(still).toEqual(first);
    const answer = await verify();
    expect(answer).toMatchObject({ intact: true, broken: null });
  });
});

describe('the check of the chain', () => {
  it('finds an untouched log intact, and names its head', async () => {
    const rows = await entriesAfterSomeChanges(3);
    const last = rows[rows.length - 1]!;
    const answer = await verify();
    expect(answer).toMatchObject({
      intact: true,
      entries: last.seq,
      broken: null,
      head: { seq: last.seq, hash: last.hash, at: last.at.toISOString() },
    });
  });

  it('finds a changed entry', async () => {
    const rows = await entriesAfterSomeChanges(3);
    const middle = rows[rows.length - 2]!;
    await withTriggersOff(async () => {
      await t.db.update(auditLog).set({ after: '{"name":"Forged"}' }).where(eq(auditLog.seq, middle.seq));
    });
    const answer = await verify();
    expect(answer).toMatchObject({ intact: false, entries: middle.seq - 1 });
    expect(answer.broken).toMatchObject({ seq: middle.seq, problem: 'changed' });
    await withTriggersOff(async () => {
      await t.db.update(auditLog).set({ after: middle.after }).where(eq(auditLog.seq, middle.seq));
    });
    expect((await verify()).intact).toBe(true);
  });

  it('finds a changed actor whose entry’s hash was made again: the next entry no longer follows it', async () => {
    const rows = await entriesAfterSomeChanges(2);
    const middle = rows[rows.length - 2]!;
    const forged = { ...middle, actorName: 'Someone Else' };
    await withTriggersOff(async () => {
      await t.db
        .update(auditLog)
        .set({ actorName: forged.actorName, hash: entryHash(middle.prevHash, forged) })
        .where(eq(auditLog.seq, middle.seq));
    });
    const answer = await verify();
    expect(answer).toMatchObject({ intact: false, entries: middle.seq });
    expect(answer.broken).toMatchObject({ seq: middle.seq + 1, problem: 'missing' });
    await withTriggersOff(async () => {
      await t.db
        .update(auditLog)
        .set({ actorName: middle.actorName, hash: middle.hash })
        .where(eq(auditLog.seq, middle.seq));
    });
    expect((await verify()).intact).toBe(true);
  });

  it('finds a removed middle entry', async () => {
    const rows = await entriesAfterSomeChanges(3);
    const middle = rows[rows.length - 2]!;
    await withTriggersOff(async () => {
      await t.db.delete(auditLog).where(eq(auditLog.seq, middle.seq));
    });
    const answer = await verify();
    expect(answer).toMatchObject({ intact: false, entries: middle.seq - 1 });
    expect(answer.broken).toMatchObject({ seq: middle.seq, problem: 'missing' });
    await withTriggersOff(() => restore(middle).then(() => undefined));
    expect((await verify()).intact).toBe(true);
  });

  it('finds two entries swapped', async () => {
    const rows = await entriesAfterSomeChanges(3);
    const [a, b] = [rows[rows.length - 3]!, rows[rows.length - 2]!];
    const swap = async (x: Row, y: Row) => {
      await t.db.delete(auditLog).where(eq(auditLog.seq, x.seq));
      await t.db.delete(auditLog).where(eq(auditLog.seq, y.seq));
      await t.db.insert(auditLog).values([
        { ...x, seq: y.seq },
        { ...y, seq: x.seq },
      ]);
    };
    await withTriggersOff(() => swap(a, b));
    const answer = await verify();
    expect(answer).toMatchObject({ intact: false, entries: a.seq - 1 });
    expect(answer.broken).toMatchObject({ seq: a.seq, problem: 'out_of_order' });
    await withTriggersOff(async () => {
      await t.db.delete(auditLog).where(eq(auditLog.seq, a.seq));
      await t.db.delete(auditLog).where(eq(auditLog.seq, b.seq));
      await t.db.insert(auditLog).values([a, b]);
    });
    expect((await verify()).intact).toBe(true);
  });

  it('is the owner’s: a manager is refused', async () => {
    const res = await t.app.inject({ url: '/api/admin/audit/verify', headers: bearer(manager.token) });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([403, 'ROLE_FORBIDS']);
  });
});

describe('a change and its entry', () => {
  const actorOf = (account: make.Customer): Actor => ({
    id: account._id,
    name: 'Test Customer',
    role: 'owner',
    address: '127.0.0.1',
  });

  it('roll back together: a transaction failing after its entry leaves neither', async () => {
    const customer = await make.customer(t);
    const [before] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Rolled Back' }).where(eq(users.id, customer._id));
        await recordAudit(tx, actorOf(owner), {
          action: 'user.update',
          entity: 'user',
          entityId: customer._id,
          before: { name: 'Test Customer' },
          after: { name: 'Rolled Back' },
        });
        throw new Error('fails after the entry');
      }),
    ).rejects.toThrow('fails after the entry');
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, customer._id));
    expect(row!.name).toBe('Test Customer');
    const [after] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(after?.seq).toBe(before?.seq);
    // The next entry takes the next number: the rolled back one left no gap.
    await rename(owner.token, customer._id, 'Kept');
    const [next] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(next!.seq).toBe((before?.seq ?? 0) + 1);
    expect((await verify()).intact).toBe(true);
  });

  it('a refused change writes no entry', async () => {
    const [customer, other] = [await make.customer(t), await make.customer(t)];
    const [before] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${customer._id}`,
      headers: bearer(owner.token),
      payload: { name: 'Never Saved', email: other.email },
    });
    expect(res.statusCode).toBe(409);
    const [after] = await t.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(after?.seq).toBe(before?.seq);
  });

  it('20 concurrent staff changes keep seq 1..n without gaps and the chain intact', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => make.customer(t)));
    const answers = await Promise.all(
      customers.map((c, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${c._id}`,
          headers: bearer(i % 2 ? owner.token : manager.token),
          payload: { name: `Concurrent ${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const seqs = (await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(asc(auditLog.seq))).map((r) => r.seq);
    expect(seqs).toEqual(seqs.map((_s, i) => i + 1));
    const ids = new Set(customers.map((c) => c._id));
    const mine = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.update'));
    expect(mine.filter((e) => ids.has(e.entityId))).toHaveLength(20);
    expect(await verify()).toMatchObject({ intact: true, entries: seqs.length });
  });
});

describe('reading the log', () => {
  const page = async (query: string, token = owner.token) => {
    const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };
  const seqsOf = (entries: AuditEntry[]) => entries.map((e) => e.seq);

  it('filters by entity and id, and by actor, newest first', async () => {
    const customer = await make.customer(t);
    await rename(owner.token, customer._id, 'First');
    await rename(manager.token, customer._id, 'Second');
    await rename(owner.token, customer._id, 'Third');
    const history = await page(`entity=user&id=${customer._id}`);
    expect(history.entries.map((e) => [e.actor?._id, e.after])).toEqual([
      [owner._id, { name: 'Third' }],
      [manager._id, { name: 'Second' }],
      [owner._id, { name: 'First' }],
    ]);
    expect(history.entries[0]).toMatchObject({ action: 'user.update', entity: 'user', entityId: customer._id });
    expect(history.entries[1]!.actor).toEqual({ _id: manager._id, name: 'Test Customer', role: 'manager' });
    const byManager = await page(`actor=${manager._id}&limit=200`);
    expect(byManager.entries.every((e) => e.actor?._id === manager._id)).toBe(true);
    expect(byManager.entries.some((e) => e.entityId === customer._id)).toBe(true);
    // One record's history is for whoever may work on it: a manager reads a customer's (customers.read).
    expect((await page(`entity=user&id=${customer._id}`, manager.token)).entries).toHaveLength(3);
  });

  it('pages with before, without losing or repeating an entry', async () => {
    const customer = await make.customer(t);
    for (const name of ['A', 'B', 'C', 'D', 'E']) await rename(owner.token, customer._id, name);
    const all = await page(`entity=user&id=${customer._id}`);
    const first = await page(`entity=user&id=${customer._id}&limit=2`);
    expect(first.next).toBe(first.entries[1]!.seq);
    const second = await page(`entity=user&id=${customer._id}&limit=2&before=${first.next}`);
    const third = await page(`entity=user&id=${customer._id}&limit=2&before=${second.next}`);
    expect(third.next).toBeNull();
    expect([...seqsOf(first.entries), ...seqsOf(second.entries), ...seqsOf(third.entries)]).toEqual(
      seqsOf(all.entries),
    );
    expect(all.entries).toHaveLength(5);
  });

  it('filters by Indian dates: an entry just after midnight in India is that day’s', async () => {
    const entityId = `dates-${Date.now()}`;
    const write = async (at: string, name: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(at));
      try {
        await t.db.transaction((tx) =>
          recordAudit(tx, null, { action: 'settings.test', entity: 'settings', entityId, after: { name } }),
        );
      } finally {
        vi.useRealTimers();
      }
    };
    // 23:45 on 10 March and 00:15 on 11 March in India (UTC+5:30).
    await write('2026-03-10T18:15:00Z', 'late');
    await write('2026-03-10T18:45:00Z', 'early');
    const names = async (range: string) =>
      (await page(`entity=settings&id=${entityId}&${range}`)).entries.map((e) => e.after?.name);
    // Two conditions on more than one record: the whole log's permission (the owner's).
    expect(await names('from=2026-03-11&to=2026-03-11')).toEqual(['early']);
    expect(await names('from=2026-03-10&to=2026-03-10')).toEqual(['late']);
    expect(await names('from=2026-03-10')).toEqual(['early', 'late']);
    expect(await names('to=2026-03-09')).toEqual([]);
    expect((await verify()).intact).toBe(true);
  });

  it.each([
    ['entity=nothing', 'entity must be one of'],
    ['id=abc', 'id needs an entity'],
    ['actor=not-a-user', 'actor must be a user id'],
    ['from=2026-13-01', 'from must be a date like 2026-11-23'],
    ['to=23-11-2026', 'to must be a date like 2026-11-23'],
    ['from=2026-11-24&to=2026-11-23', 'from must not be after to'],
    ['limit=0', 'limit'],
    [`limit=${AUDIT_PAGE_MAX + 1}`, 'limit'],
    ['before=abc', 'before'],
    ['before=-1', 'before'],
  ])('refuses %s with a 400', async (query, words) => {
    for (const url of ['/api/admin/audit', '/api/admin/audit/export']) {
      const res = await t.app.inject({ url: `${url}?${query}`, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(words);
    }
  });
});

describe('the CSV export', () => {
  it('has its columns, and text that looks like a formula is neutralised', async () => {
    const [sneaky, customer] = [await make.customer(t), await make.customer(t)];
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, sneaky._id));
    await rename(owner.token, sneaky._id, '=HYPERLINK("http://evil.example","x")');
    await rename(sneaky.token, customer._id, '+Plus Name');
    const res = await t.app.inject({
      url: `/api/admin/audit/export?entity=user&id=${customer._id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, line, end] = res.body.split('\r\n');
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(end).toBe('');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, customer._id));
    // Who starts with '=': written with an apostrophe first, so a spreadsheet shows it as text.
    expect(line).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",support,`);
    expect(line!.startsWith(`${entry!.seq},`)).toBe(true);
    expect(line).toContain(`,user.update,user,${customer._id},`);
    expect(line).toContain('"{""name"":""+Plus Name""}"');
    expect(line!.endsWith(`,${entry!.hash}`)).toBe(true);
  });

  it('is the owner’s', async () => {
    const res = await t.app.inject({ url: '/api/admin/audit/export', headers: bearer(manager.token) });
    expect(res.statusCode).toBe(403);
  });
});
