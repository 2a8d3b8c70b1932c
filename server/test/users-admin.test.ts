import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { DEMO_CUSTOMER, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;
let adminId: string;
let customerToken: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token: adminToken, _id: adminId } = await make.admin(t));
  ({ token: customerToken, _id: customerId } = await signIn(t.app, DEMO_CUSTOMER));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

describe('authorisation matrix of the user endpoints', () => {
  // [method, path, body, visitor, customer, admin]
  const target = () => `/api/users/${customerId}`;
  const cases: Array<[string, 'GET' | 'PUT' | 'DELETE', () => string, object | undefined, number, number, number]> = [
    ['own profile', 'GET', () => '/api/users/profile', undefined, 401, 200, 200],
    ['list users', 'GET', () => '/api/users', undefined, 401, 403, 200],
    ['one user', 'GET', target, undefined, 401, 403, 200],
    [
      'update a user',
      'PUT',
      target,
      { name: 'Priya Sharma', email: 'priya@rudraksharatna.example', isAdmin: false },
      401,
      403,
      200,
    ],
  ];
  for (const [name, method, path, payload, visitor, customer, admin] of cases) {
    it(`${name}: visitor ${visitor}, customer ${customer}, admin ${admin}`, async () => {
      const asVisitor = await call(method, path(), undefined, payload);
      expect(asVisitor.statusCode).toBe(visitor);
      expect(asVisitor.json().message).toBe(visitor === 401 ? 'Not authorized, no token' : undefined);
      const asCustomer = await call(method, path(), customerToken, payload);
      expect(asCustomer.statusCode).toBe(customer);
      if (customer === 403) expect(asCustomer.json().message).toBe('Not authorized as an admin');
      expect((await call(method, path(), adminToken, payload)).statusCode).toBe(admin);
    });
  }

  it('change own password: visitor 401, customer 200, admin 200', async () => {
    // Fresh accounts: changing a password ends the sign-ins the other tests share.
    const payload = { password: 'another-pass-1', currentPassword: 'secret-pass-1' };
    expect((await call('PUT', '/api/users/profile', undefined, payload)).statusCode).toBe(401);
    const someone = await make.customer(t);
    expect((await call('PUT', '/api/users/profile', someone.token, payload)).statusCode).toBe(200);
    const anotherAdmin = await make.customer(t);
    await call('PUT', `/api/users/${anotherAdmin._id}`, adminToken, {
      name: 'Second Admin',
      email: anotherAdmin.email,
      isAdmin: true,
    });
    expect((await call('PUT', '/api/users/profile', anotherAdmin.token, payload)).statusCode).toBe(200);
  });

  it('delete a user: visitor 401, customer 403, admin 200', async () => {
    const victim = await make.customer(t);
    expect((await call('DELETE', `/api/users/${victim._id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/users/${victim._id}`, customerToken)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/users/${victim._id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, victim._id))).toEqual([]);
  });

  it('publishes the bearer scheme in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/users'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(t.config.jwt.secret);
  const token = (claims: { sub: string; exp?: number; iss?: string; ver?: number }, key = secret()) =>
    new SignJWT({ ver: claims.ver ?? 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss ?? 'rudraksha-ratna')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '1h')
      .sign(key);

  it('accepts a well-formed token of this server (the forgeries below differ in one thing each)', async () => {
    const res = await call('GET', '/api/users/profile', await token({ sub: customerId }));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['garbage', async () => 'not.a.token'],
    ['of an older token version', async () => token({ sub: customerId, ver: -1 })],
    ['expired', async () => token({ sub: customerId, exp: Math.floor(Date.now() / 1000) - 60 })],
    ['signed with another secret', async () => token({ sub: customerId }, new TextEncoder().encode('x'.repeat(40)))],
    ['from another issuer', async () => token({ sub: customerId, iss: 'someone-else' })],
    ['of a user who does not exist', async () => token({ sub: '00000000-0000-4000-8000-000000000000' })],
  ])('answers a %s token with 401 Not authorized, token failed', async (_, make) => {
    const res = await call('GET', '/api/users/profile', await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authorized, token failed', code: 'TOKEN_FAILED' });
  });

  it('expires: a signed-in token carries an expiry', async () => {
    const [, payload] = adminToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('stops working when the user is deleted', async () => {
    const gone = await make.customer(t);
    expect((await call('DELETE', `/api/users/${gone._id}`, adminToken)).statusCode).toBe(200);
    const res = await call('GET', '/api/users/profile', gone.token);
    expect(res.json()).toEqual({ message: 'Not authorized, token failed', code: 'TOKEN_FAILED' });
  });

  it('loses admin rights at once when an admin is demoted', async () => {
    const second = await make.customer(t);
    await call('PUT', `/api/users/${second._id}`, adminToken, { name: 'Second', email: second.email, isAdmin: true });
    expect((await call('GET', '/api/users', second.token)).statusCode).toBe(200);
    await call('PUT', `/api/users/${second._id}`, adminToken, { name: 'Second', email: second.email, isAdmin: false });
    expect((await call('GET', '/api/users', second.token)).statusCode).toBe(403);
  });
});

describe('admin user management', () => {
  it('lists users without password hashes', async () => {
    const res = await call('GET', '/api/users', adminToken);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      isAdmin: expect.any(Boolean),
      role: list[0].isAdmin ? 'owner' : null,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/scrypt|password/i);
  });

  it('makes another user admin and back', async () => {
    const user = await make.customer(t);
    const res = await call('PUT', `/api/users/${user._id}`, adminToken, {
      _id: user._id,
      name: 'Now Admin',
      email: user.email,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user._id, name: 'Now Admin', isAdmin: true, phone: user.phone });
  });

  it('changes only the fields a request carries, and still refuses a bad one (PRODUCT.md "The contract")', async () => {
    const user = await make.customer(t);
    const rowOf = async () => (await t.db.select().from(users).where(eq(users.id, user._id)))[0]!;
    const before = await rowOf();
    const promote = await call('PUT', `/api/users/${user._id}`, adminToken, { isAdmin: true });
    expect(promote.statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ name: before.name, email: before.email, role: 'owner' });
    const rename = await call('PUT', `/api/users/${user._id}`, adminToken, { name: 'Renamed Person' });
    expect(rename.statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ name: 'Renamed Person', email: before.email, role: 'owner' });
    expect((await call('PUT', `/api/users/${user._id}`, adminToken, {})).statusCode).toBe(200);
    expect(await rowOf()).toMatchObject({ name: 'Renamed Person', email: before.email, role: 'owner' });
    const blank = await call('PUT', `/api/users/${user._id}`, adminToken, { name: '' });
    expect(blank.statusCode).toBe(400);
    const badEmail = await call('PUT', `/api/users/${user._id}`, adminToken, { email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(await rowOf()).toMatchObject({ name: 'Renamed Person', email: before.email, role: 'owner' });
  });

  it('refuses to let an admin demote or delete themself', async () => {
    const demote = await call('PUT', `/api/users/${adminId}`, adminToken, {
      name: 'Aarav Admin',
      email: 'admin@rudraksharatna.example',
      isAdmin: false,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe('You cannot change your own role.');
    const remove = await call('DELETE', `/api/users/${adminId}`, adminToken);
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe('You cannot delete your own account.');
    const [row] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(row!.role).toBe('owner');
  });

  it('never leaves the shop without an admin when two admins demote each other at once', async () => {
    const other = await make.customer(t);
    await call('PUT', `/api/users/${other._id}`, adminToken, { name: 'Other', email: other.email, isAdmin: true });
    const admins = async () => (await t.db.select().from(users).where(eq(users.role, 'owner'))).length;
    const before = await admins();
    const [a, b] = await Promise.all([
      call('PUT', `/api/users/${other._id}`, adminToken, { name: 'Other', email: other.email, isAdmin: false }),
      call('PUT', `/api/users/${adminId}`, other.token, {
        name: 'Aarav Admin',
        email: 'admin@rudraksharatna.example',
        isAdmin: false,
      }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    expect(await admins()).toBe(before - 1);
    // Put the demo admin back for the tests that follow.
    if (b.statusCode === 200) {
      await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, adminId));
    }
  });

  it('refuses an e-mail another user has, with 409', async () => {
    const user = await make.customer(t);
    const res = await call('PUT', `/api/users/${user._id}`, adminToken, {
      name: 'X',
      email: 'priya@rudraksharatna.example',
      isAdmin: false,
    });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ name: 'X', email: 'x@example.in', isAdmin: null }, 'isAdmin must be true or false'],
    [{ name: 'X', email: 'x@example.in', isAdmin: 'yes' }, 'isAdmin must be true or false'],
    [{ name: '', email: 'x@example.in', isAdmin: false }, 'name is required'],
    [{ name: 'X', email: 'bad', isAdmin: false }, 'email is not a valid e-mail address'],
    [{ name: { $gt: '' }, email: 'x@example.in', isAdmin: false }, 'name must be text'],
  ])('refuses bad update %j with 400 and changes nothing', async (payload, message) => {
    const user = await make.customer(t);
    const res = await call('PUT', `/api/users/${user._id}`, adminToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ name: 'Test Customer', email: user.email, role: null });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    'answers 404 User not found for %s',
    async (id) => {
      for (const res of [
        await call('GET', `/api/users/${encodeURIComponent(id)}`, adminToken),
        await call('PUT', `/api/users/${encodeURIComponent(id)}`, adminToken, {
          name: 'X',
          email: 'x@example.in',
          isAdmin: false,
        }),
        await call('DELETE', `/api/users/${encodeURIComponent(id)}`, adminToken),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
      }
    },
  );
});
