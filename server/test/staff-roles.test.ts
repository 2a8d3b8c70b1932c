/**
 * Issue 29: staff roles through the API (decision 0044). Only an owner changes a role; SPEC's isAdmin
 * maps onto roles; the shop always keeps an owner; every staff role signs in with a code only together
 * with the password; ending a user's sessions and changing a role take effect on the very next request.
 */
import { STAFF_ROLES, type StaffRole } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { auditLog, users } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

const sms = new SandboxSms();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(async () => {
  await t?.close();
});

/** A new account of the role's (registered as a customer, then given the role), signed in. */
async function member(app: TestApp, role: StaffRole | null) {
  const account = await make.customer(app);
  if (role) await app.db.update(users).set({ role }).where(eq(users.id, account._id));
  return account;
}

const putUser = (app: TestApp, token: string, id: string, payload: object) =>
  app.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload });

const roleOf = async (app: TestApp, id: string) =>
  (await app.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

const roleEntries = (app: TestApp, id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.role')));

describe('changing a role', () => {
  it('is for an owner only: a manager is refused and nothing changes', async () => {
    const [manager, customer] = [await member(t, 'manager'), await member(t, null)];
    const res = await putUser(t, manager.token, customer._id, { role: 'catalog' });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      {
        message: "Your role (Manager) does not allow this. The shop's owner can change your role.",
        code: 'ROLE_FORBIDS',
      },
    ]);
    // SPEC's isAdmin is a role change too.
    expect((await putUser(t, manager.token, customer._id, { isAdmin: true })).statusCode).toBe(403);
    expect(await roleOf(t, customer._id)).toBeNull();
    expect(await roleEntries(t, customer._id)).toEqual([]);
    // The same manager may still change the customer's name.
    const renamed = await putUser(t, manager.token, customer._id, { name: 'Renamed By Manager' });
    expect([renamed.statusCode, renamed.json<{ name: string; role: null }>().role]).toEqual([200, null]);
  });

  it('a team member’s name and e-mail are the owner’s to change, not the support desk’s', async () => {
    const [support, owner, staff] = [await member(t, 'support'), await member(t, 'owner'), await member(t, 'orders')];
    for (const target of [owner, staff]) {
      const res = await putUser(t, support.token, target._id, { email: `taken-over-${target.phone}@example.in` });
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([403, 'ROLE_FORBIDS']);
      const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, target._id));
      expect(row!.email).toBe(target.email);
    }
    const byOwner = await putUser(t, owner.token, staff._id, { name: 'Packer Renamed' });
    expect([byOwner.statusCode, byOwner.json<{ name: string }>().name]).toEqual([200, 'Packer Renamed']);
  });

  it('by an owner is answered with the role and written to the audit log', async () => {
    const [owner, customer] = [await member(t, 'owner'), await member(t, null)];
    const res = await putUser(t, owner.token, customer._id, { role: 'catalog' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: customer._id, role: 'catalog', isAdmin: true });
    const entries = await roleEntries(t, customer._id);
    expect(entries.map((e) => [e.actorId, e.before, e.after])).toEqual([
      [owner._id, '{"role":null}', '{"role":"catalog"}'],
    ]);
  });

  it('maps SPEC’s isAdmin: true makes a customer an owner and keeps a staff role, false makes a customer', async () => {
    const owner = await member(t, 'owner');
    const [customer, packer, support] = [await member(t, null), await member(t, 'orders'), await member(t, 'support')];
    const answer = async (id: string, payload: object) => {
      const res = await putUser(t, owner.token, id, payload);
      expect(res.statusCode, res.body).toBe(200);
      const { role, isAdmin } = res.json<{ role: StaffRole | null; isAdmin: boolean }>();
      return { role, isAdmin };
    };
    expect(await answer(customer._id, { isAdmin: true })).toEqual({ role: 'owner', isAdmin: true });
    expect(await answer(packer._id, { isAdmin: true })).toEqual({ role: 'orders', isAdmin: true });
    expect(await answer(packer._id, { isAdmin: false })).toEqual({ role: null, isAdmin: false });
    // The role wins over isAdmin, either way.
    expect(await answer(support._id, { role: 'catalog', isAdmin: false })).toEqual({ role: 'catalog', isAdmin: true });
    expect(await answer(support._id, { role: null, isAdmin: true })).toEqual({ role: null, isAdmin: false });
  });

  it('refuses a role that does not exist, and changes nothing', async () => {
    const [owner, customer] = [await member(t, 'owner'), await member(t, null)];
    const res = await putUser(t, owner.token, customer._id, { role: 'admin', name: 'Never Saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('role must be one of owner, manager');
    const [row] = await t.db.select().from(users).where(eq(users.id, customer._id));
    expect([row!.role, row!.name]).toEqual([null, 'Test Customer']);
  });

  it('never one’s own: an owner cannot change their own role', async () => {
    const owner = await member(t, 'owner');
    for (const payload of [{ role: 'manager' }, { isAdmin: false }, { role: null }]) {
      const res = await putUser(t, owner.token, owner._id, payload);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'CANNOT_DEMOTE_SELF']);
    }
    expect(await roleOf(t, owner._id)).toBe('owner');
  });

  it('takes effect on the next request of the same token', async () => {
    const owner = await member(t, 'owner');
    const staff = await member(t, 'catalog');
    const orders = () => t.app.inject({ url: '/api/orders', headers: bearer(staff.token) });
    expect((await orders()).json()).toMatchObject({
      code: 'ROLE_FORBIDS',
      message: expect.stringContaining('Catalog'),
    });
    expect((await putUser(t, owner.token, staff._id, { role: 'orders' })).statusCode).toBe(200);
    expect((await orders()).statusCode).toBe(200);
    expect((await putUser(t, owner.token, staff._id, { role: null })).statusCode).toBe(200);
    expect((await orders()).json()).toEqual({ message: 'Not authorized as an admin', code: 'NOT_ADMIN' });
  });
});

describe('the shop keeps an owner', () => {
  let lone: TestApp;
  beforeAll(async () => {
    // No demo accounts: the owners here are the only ones.
    lone = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await lone?.close();
  });

  it('the last owner cannot stop being one', async () => {
    const owner = await member(lone, 'owner');
    const res = await putUser(lone, owner.token, owner._id, { role: 'manager' });
    expect(res.statusCode).toBe(400);
    const removed = await lone.app.inject({
      method: 'DELETE',
      url: `/api/users/${owner._id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(400);
    expect(await roleOf(lone, owner._id)).toBe('owner');
  });

  it('two owners demoting each other at once leave one', async () => {
    await lone.db.update(users).set({ role: 'manager' }).where(eq(users.role, 'owner'));
    const [a, b] = [await member(lone, 'owner'), await member(lone, 'owner')];
    const answers = await Promise.all([
      putUser(lone, a.token, b._id, { role: 'manager' }),
      putUser(lone, b.token, a._id, { role: 'manager' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const roles = [await roleOf(lone, a._id), await roleOf(lone, b._id)];
    expect(roles.sort()).toEqual(['manager', 'owner']);
    const owners = await lone.db.select().from(users).where(eq(users.role, 'owner'));
    expect(owners).toHaveLength(1);
  });
});

describe('staff sign-in with a code', () => {
  it.each(STAFF_ROLES)('role %s needs the password with the code', async (role) => {
    const staff = await member(t, role);
    const send = await t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone: staff.phone } });
    expect(send.statusCode).toBe(200);
    const code = sms.outbox(staff.phone)[0]!.code;
    const verify = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/verifyotp',
        payload: { phone: staff.phone, otp: code, ...payload },
      });
    const bare = await verify({});
    expect([bare.statusCode, bare.json<{ code: string }>().code]).toEqual([401, 'ADMIN_NEEDS_PASSWORD']);
    const wrong = await verify({ password: 'not-the-password' });
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([401, 'BAD_CREDENTIALS']);
    const signedIn = await verify({ password: staff.password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ _id: staff._id, role, isAdmin: true });
  });
});

describe('ending a user’s sessions', () => {
  it('makes every old token fail at once, and is the owner’s only', async () => {
    const [owner, manager, staff] = [await member(t, 'owner'), await member(t, 'manager'), await member(t, 'orders')];
    const end = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${staff._id}/sessions`, headers: bearer(token) });
    const refused = await end(manager.token);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([403, 'ROLE_FORBIDS']);
    const profile = () => t.app.inject({ url: '/api/users/profile', headers: bearer(staff.token) });
    expect((await profile()).statusCode).toBe(200);
    const ended = await end(owner.token);
    expect([ended.statusCode, ended.json()]).toEqual([200, { message: 'Signed out everywhere' }]);
    expect([(await profile()).statusCode, (await profile()).json<{ code: string }>().code]).toEqual([
      401,
      'TOKEN_FAILED',
    ]);
    // A new sign-in works.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginviapassword',
      payload: { phone: staff.phone, password: staff.password },
    });
    expect(again.statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, staff._id), eq(auditLog.action, 'user.sessions_end')));
    expect(entries.map((e) => e.actorId)).toEqual([owner._id]);
  });

  it('answers 404 for a user that does not exist', async () => {
    const owner = await member(t, 'owner');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('user answers carry the role', () => {
  it('in sign-in, the profile, one user and the list', async () => {
    const [owner, staff] = [await member(t, 'owner'), await member(t, 'accounts')];
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/loginviapassword',
      payload: { phone: staff.phone, password: staff.password },
    });
    expect(signIn.json()).toMatchObject({ role: 'accounts', isAdmin: true });
    const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(staff.token) });
    expect(profile.json()).toMatchObject({ role: 'accounts', isAdmin: true });
    const one = await t.app.inject({ url: `/api/users/${staff._id}`, headers: bearer(owner.token) });
    expect(one.json()).toMatchObject({ role: 'accounts', isAdmin: true });
    const list = await t.app.inject({ url: '/api/users', headers: bearer(owner.token) });
    const listed = list.json<Array<{ _id: string; role: StaffRole | null }>>();
    expect(listed.find((u) => u._id === staff._id)?.role).toBe('accounts');
    expect(listed.every((u) => 'role' in u)).toBe(true);
  });
});
