/**
 * Signed-in requests' users kept in memory until their row changes (plugins/signed-in-users.ts,
 * migration 0024): a removed admin right, a raised token version or a deleted account still take effect
 * on the next request, whoever changed the row (here plain SQL, as another instance or a job would);
 * columns a request does not read, and catalog changes, leave the kept user alone.
 */
import type { UserInfo } from '@rr/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { SignedInUsers, type SignedInRow } from '../src/plugins/signed-in-users.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const profile = (token: string) => t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
const adminUsers = (token: string) => t.app.inject({ url: '/api/users', headers: bearer(token) });

/** A customer made an admin by SQL, signed in again, with the user kept by this instance. */
async function keptAdmin(): Promise<{ id: string; token: string }> {
  const customer = await make.customer(t);
  await t.app.db.update(users).set({ role: 'owner' }).where(eq(users.id, customer._id));
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/users/loginviapassword',
    payload: { phone: customer.phone, password: customer.password },
  });
  const { token } = signIn.json<UserInfo & { token: string }>();
  // On PostgreSQL the notices of the set-up's own writes may arrive after the first read and drop it.
  await eventually(async () => {
    expect((await adminUsers(token)).statusCode).toBe(200);
    expect(kept(customer._id)).toBe(true);
  });
  return { id: customer._id, token };
}

/** Whether this instance answers for the user from memory: a read that fails if it reaches the database. */
function kept(id: string): boolean {
  let read = false;
  void t.app.signedInUsers.get(id, async () => {
    read = true;
    return undefined;
  });
  return !read;
}

describe('signed-in users kept until their row changes', () => {
  it('are kept while the listener follows the database (so the row is not read each request)', async () => {
    expect(t.app.signedInUsers.live).toBe(true);
    const { id } = await keptAdmin();
    expect(kept(id)).toBe(true);
  });

  it('lose a removed admin right on the next request', async () => {
    const { id, token } = await keptAdmin();
    await t.app.db.update(users).set({ role: null }).where(eq(users.id, id));
    // PGlite hands the notice over before the update resolves; PostgreSQL's comes on its own connection.
    await eventually(async () => expect((await adminUsers(token)).statusCode).toBe(403), 1_000);
  });

  it('refuse a token whose version was raised, and a deleted account', async () => {
    const first = await keptAdmin();
    await t.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, first.id));
    await eventually(async () => expect((await profile(first.token)).statusCode).toBe(401), 1_000);

    const second = await keptAdmin();
    await t.app.db.delete(users).where(eq(users.id, second.id));
    await eventually(async () => expect((await profile(second.token)).statusCode).toBe(401), 1_000);
  });

  it('lose an admin right removed through this instance on the very next request', async () => {
    const { id, token } = await keptAdmin();
    const demo = await make.admin(t);
    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: bearer(demo.token),
      payload: { name: 'Demoted Admin', email: `demoted-${id}@example.in`, isAdmin: false },
    });
    expect(demoted.statusCode).toBe(200);
    // No waiting: the write's answer waited for its own notice.
    expect((await adminUsers(token)).statusCode).toBe(403);
    expect((await profile(token)).json<UserInfo>().name).toBe('Demoted Admin');
  });

  it('stay kept through changes of columns a request does not read, and through catalog changes', async () => {
    const { id } = await keptAdmin();
    await t.app.db.update(users).set({ orderEmails: false, updatedAt: new Date() }).where(eq(users.id, id));
    await make.product(t, { price: 410 });
    // Give PostgreSQL's notices of those writes time to arrive (there are none for the user).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kept(id)).toBe(true);
  });
});

describe('SignedInUsers', () => {
  const row = (id: string, role: SignedInRow['role'] = null): SignedInRow => ({
    id,
    name: 'N',
    email: `${id}@example.in`,
    phone: '9876543210',
    role,
    tokenVersion: 0,
  });

  it('keeps nothing while not live', async () => {
    const users = new SignedInUsers();
    let reads = 0;
    const read = async () => (reads++, row('a'));
    await users.get('a', read);
    await users.get('a', read);
    expect(reads).toBe(2);
    expect(users.size).toBe(0);
  });

  it('does not keep a row read before a change was heard', async () => {
    const users = new SignedInUsers();
    users.setLive(true);
    let finishRead!: (value: SignedInRow) => void;
    const pending = users.get('a', () => new Promise<SignedInRow>((resolve) => (finishRead = resolve)));
    // The change is heard while the (old) row is on its way.
    users.forget('a');
    finishRead(row('a', 'owner'));
    expect((await pending)?.role).toBe('owner');
    expect(users.size).toBe(0);
    // The next read is kept.
    await users.get('a', async () => row('a'));
    expect(users.size).toBe(1);
  });

  it('forgets everyone on "*" and when it stops being live, and keeps at most maxEntries', async () => {
    const users = new SignedInUsers({ maxEntries: 2 });
    users.setLive(true);
    for (const id of ['a', 'b', 'c']) await users.get(id, async () => row(id));
    expect(users.size).toBe(2);
    let readA = false;
    await users.get('a', async () => ((readA = true), row('a')));
    // 'a', the oldest, had gone.
    expect(readA).toBe(true);
    users.forget('*');
    expect(users.size).toBe(0);
    await users.get('b', async () => row('b'));
    users.setLive(false);
    expect(users.size).toBe(0);
  });

  it('reads a row again once it is older than maxAgeMs', async () => {
    const users = new SignedInUsers({ maxAgeMs: 30 });
    users.setLive(true);
    let reads = 0;
    const read = async () => (reads++, row('a'));
    await users.get('a', read);
    await users.get('a', read);
    expect(reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await users.get('a', read);
    expect(reads).toBe(2);
  });
});
