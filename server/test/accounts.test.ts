import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { otpCodes, users } from '../src/db/schema/index.ts';
import { PASSWORD_FAILURES_PER_WINDOW } from '../src/modules/accounts/service.ts';
import { DEMO_CUSTOMER, bearer, createTestApp, rateLimitedApp, signIn, uniquePhone, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
const sms = new SandboxSms();
beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(async () => {
  await t?.close();
});

/** A POST to the file's app, or from `ip` to `app` (the tests of the per-address limits). */
function post(url: string, payload: unknown, headers: Record<string, string> = {}, ip?: string, app = t.app) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, ...(ip ? { remoteAddress: ip } : {}) });
}

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(users);
  return row!.n;
}

/** Moves every code of the phone back in time, as if `seconds` had passed. */
async function age(phone: string, seconds: number) {
  const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
  for (const row of rows) {
    await t.db
      .update(otpCodes)
      .set({
        createdAt: new Date(row.createdAt.getTime() - seconds * 1000),
        expiresAt: new Date(row.expiresAt.getTime() - seconds * 1000),
      })
      .where(eq(otpCodes.id, row.id));
  }
}

const latestCode = (phone: string) => sms.outbox(phone)[0]?.code;

describe('POST /api/users (register)', () => {
  it('creates the account, signs it in and stores only a hash of the password', async () => {
    const phone = uniquePhone();
    const res = await post('/api/users', {
      name: '  Meera Iyer ',
      email: 'Meera.Iyer@Example.IN',
      phone: `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`,
      password: 'chant-om-108',
    });
    expect(res.statusCode).toBe(201);
    const info = res.json();
    expect(info).toEqual({
      _id: expect.any(String),
      name: 'Meera Iyer',
      email: 'meera.iyer@example.in',
      phone,
      isAdmin: false,
      role: null,
      token: expect.any(String),
    });
    const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(info.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().phone).toBe(phone);

    const [row] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('chant-om-108');
    expect(res.body).not.toContain('scrypt');
  });

  it('refuses a phone or e-mail that is already registered with 409', async () => {
    const first = await make.customer(t);
    const before = await userCount();
    const samePhone = await post('/api/users', {
      name: 'X',
      email: 'other@example.in',
      phone: `0${first.phone}`,
      password: 'password-1',
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toMatch(/phone number already exists/);
    const sameEmail = await post('/api/users', {
      name: 'X',
      email: first.email.toUpperCase(),
      phone: uniquePhone(),
      password: 'password-1',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/e-mail address already exists/);
    expect(await userCount()).toBe(before);
  });

  const valid = { name: 'Ravi Kumar', email: 'ravi@example.in', password: 'password-1' };
  it.each([
    [{ ...valid }, 'phone'],
    [{ ...valid, phone: '98765432101' }, 'phone must be a 10-digit Indian mobile number'],
    [{ ...valid, phone: '98765abcde' }, 'phone must be a 10-digit Indian mobile number'],
    [{ ...valid, phone: '5876543210' }, 'phone must be a 10-digit Indian mobile number'],
    [{ ...valid, phone: 9876543210 }, 'phone must be text'],
    [{ ...valid, phone: { $gt: '' } }, 'phone must be text'],
    [{ ...valid, phone: '9876543210', email: 'not-an-email' }, 'email is not a valid e-mail address'],
    [{ ...valid, phone: '9876543210', email: { $gt: '' } }, 'email must be text'],
    [{ ...valid, phone: '9876543210', name: '' }, 'name is required'],
    [{ ...valid, phone: '9876543210', name: 'x'.repeat(1_000_000) }, 'name must be at most 80 characters'],
    [{ ...valid, phone: '9876543210', password: 'short' }, 'password must be at least 8 characters'],
    [{ ...valid, phone: '9876543210', password: 'p'.repeat(1_000_000) }, 'password must be at most 128 characters'],
    [{ ...valid, phone: '9876543210', password: ['password-1'] }, 'password must be text'],
  ])('refuses %# with a 400 and creates nothing', async (payload, message) => {
    const before = await userCount();
    const res = await post('/api/users', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/users/loginviapassword', () => {
  it('signs in with phone and password, in any accepted phone format', async () => {
    const res = await post('/api/users/loginviapassword', {
      phone: `+91-${DEMO_CUSTOMER.phone}`,
      password: DEMO_CUSTOMER.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone: DEMO_CUSTOMER.phone,
      name: 'Priya Sharma',
      isAdmin: false,
      token: expect.any(String),
    });
  });

  it.each([
    [{ phone: DEMO_CUSTOMER.phone, password: 'wrong-password' }],
    [{ phone: '9123456789', password: DEMO_CUSTOMER.password }],
  ])('answers a wrong password and an unknown phone alike: 401', async (payload) => {
    const res = await post('/api/users/loginviapassword', payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid phone number or password', code: 'BAD_CREDENTIALS' });
  });

  it.each([
    [{ phone: DEMO_CUSTOMER.phone }, 'password'],
    [{ phone: { $gt: '' }, password: 'x' }, 'phone must be text'],
    [{ phone: DEMO_CUSTOMER.phone, password: { $gt: '' } }, 'password must be text'],
    [{ phone: '12345', password: 'x' }, 'phone must be a 10-digit Indian mobile number'],
  ])('refuses bad input %# with 400', async (payload, message) => {
    const res = await post('/api/users/loginviapassword', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('limits attempts per phone, whatever the client address', async () => {
    const { phone } = await make.customer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/users/loginviapassword', { phone, password: 'wrong-password' })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const right = await post('/api/users/loginviapassword', { phone, password: 'secret-pass-1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many wrong passwords for this number/);
  });

  it('counts failures only: the owner signing in again and again is never locked out', async () => {
    const customer = await make.customer(t);
    for (let i = 0; i < 15; i++) expect((await post('/api/users/loginviapassword', customer)).statusCode).toBe(200);
  });

  it('counts the phone’s attempts whatever query string is added to the URL', async () => {
    const { phone } = await make.customer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post(`/api/users/loginviapassword?x=${i}`, { phone, password: 'wrong-password' })).statusCode,
      );
    }
    expect(statuses[10]).toBe(429);
  });

  it('limits attempts per client address, whatever the phone', async () => {
    const limited = await rateLimitedApp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await post(
            '/api/users/loginviapassword',
            { phone: uniquePhone(), password: 'x' },
            {},
            '10.200.0.1',
            limited.app,
          )
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('one-time codes', () => {
  it('sends a 4-digit code by SMS whose reply never contains it, and signs in with it once', async () => {
    const { phone } = await make.customer(t);
    const res = await post('/api/users/resendOTP', { phone });
    expect(res.statusCode).toBe(200);
    const code = latestCode(phone)!;
    expect(code).toMatch(/^\d{4}$/);
    expect(res.json().message).toBe(`OTP sent to XXXXXX${phone.slice(-4)}`);
    expect(res.body).not.toContain(code);

    const [stored] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash.length).toBeGreaterThan(20);

    const signedIn = await post('/api/users/verifyotp', { phone, otp: code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ phone, token: expect.any(String) });

    const again = await post('/api/users/verifyotp', { phone, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was never sent/);
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const { phone } = await make.customer(t);
    await post('/api/users/resendOTP', { phone });
    const code = latestCode(phone)!;
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/users/verifyotp', { phone, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid OTP/);
    }
    const fifth = await post('/api/users/verifyotp', { phone, otp: wrong });
    expect(fifth.json().message).toMatch(/Too many wrong tries/);
    const right = await post('/api/users/verifyotp', { phone, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(
      'This code stopped working after too many wrong tries. Please ask for a new code.',
    );
  });

  it('expires a code after 10 minutes', async () => {
    const { phone } = await make.customer(t);
    await post('/api/users/resendOTP', { phone });
    await age(phone, 10 * 60 + 1);
    const res = await post('/api/users/verifyotp', { phone, otp: latestCode(phone)! });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('allows a resend once a minute, replacing the older code, and at most 5 an hour', async () => {
    const { phone } = await make.customer(t);
    expect((await post('/api/users/resendOTP', { phone })).statusCode).toBe(200);
    const first = latestCode(phone)!;
    const tooSoon = await post('/api/users/resendOTP', { phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds/);
    const wait = Number(tooSoon.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);

    for (let sent = 2; sent <= 5; sent++) {
      await age(phone, 61);
      expect((await post('/api/users/resendOTP', { phone })).statusCode).toBe(200);
    }
    const fifth = latestCode(phone)!;
    await age(phone, 61);
    const sixth = await post('/api/users/resendOTP', { phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes/);

    if (first !== fifth) {
      expect((await post('/api/users/verifyotp', { phone, otp: first })).statusCode).toBe(400);
    }
  });

  it('sends one code when many requests for a phone arrive at once', async () => {
    const { phone } = await make.customer(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/api/users/resendOTP', { phone })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(sms.outbox(phone)).toHaveLength(1);
    const live = await t.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
    expect(live).toHaveLength(1);
  });

  it('sends no code to a phone without an account', async () => {
    const phone = uniquePhone();
    const res = await post('/api/users/resendOTP', { phone });
    expect(res.statusCode).toBe(404);
    expect(sms.outbox(phone)).toEqual([]);
  });

  it.each([
    ['/api/users/resendOTP', { phone: '98765' }, 'phone must be a 10-digit Indian mobile number'],
    ['/api/users/resendOTP', { phone: { $gt: '' } }, 'phone must be text'],
    ['/api/users/verifyotp', { phone: '9876543210', otp: '12345' }, 'otp must be 4 digits'],
    ['/api/users/verifyotp', { phone: '9876543210', otp: 1234 }, 'otp must be text'],
    ['/api/users/verifyotp', { phone: '9876543210', otp: { $gt: '' } }, 'otp must be text'],
    ['/api/users/verifyotp', { phone: '9876543210' }, 'otp'],
  ])('refuses bad input on %s %j with 400', async (url, payload, message) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('limits code requests per client address', async () => {
    const limited = await rateLimitedApp({ sms });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await post('/api/users/resendOTP', { phone: uniquePhone() }, {}, '10.201.0.1', limited.app)).statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('profile', () => {
  const putProfile = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });

  it('changes only the password with the current one; the new one signs in and other sign-ins end', async () => {
    const customer = await make.customer(t);
    const otherDevice = (await signIn(t.app, customer)).token;
    const res = await putProfile(customer.token, {
      id: customer._id,
      name: 'Hacker',
      email: 'changed@example.in',
      phone: '9000000000',
      password: 'new-secret-9',
      currentPassword: customer.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: customer._id,
      name: 'Test Customer',
      email: customer.email,
      phone: customer.phone,
      token: expect.any(String),
    });
    await expect(signIn(t.app, { phone: customer.phone, password: customer.password })).rejects.toThrow(/401/);
    await expect(signIn(t.app, { phone: customer.phone, password: 'new-secret-9' })).resolves.toMatchObject({
      _id: customer._id,
    });
    const stale = await t.app.inject({ url: '/api/users/profile', headers: bearer(otherDevice) });
    expect(stale.statusCode).toBe(401);
    const fresh = await t.app.inject({ url: '/api/users/profile', headers: bearer(res.json().token) });
    expect(fresh.statusCode).toBe(200);
  });

  /** A token of the customer's session signed in `minutes` ago. */
  async function sessionFrom(customer: { _id: string }, method: 'password' | 'code', minutes: number) {
    const [row] = await t.db.select().from(users).where(eq(users.id, customer._id));
    return t.app.tokens.sign(customer._id, row!.tokenVersion, {
      method,
      signedInAt: new Date(Date.now() - minutes * 60_000),
    });
  }

  it('refuses a new password without the current one 15 minutes after signing in (a stolen token cannot take the account)', async () => {
    const customer = await make.customer(t);
    const token = await sessionFrom(customer, 'password', 16);
    const missing = await putProfile(token, { password: 'new-secret-9' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^currentPassword: enter your current password/);
    const wrong = await putProfile(token, { password: 'new-secret-9', currentPassword: 'guess-1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('currentPassword: the current password is not correct.');
    await expect(signIn(t.app, customer)).resolves.toBeTruthy();
  });

  it('takes a new password without the current one from a SPEC client just signed in with the password', async () => {
    const customer = await make.customer(t);
    const { token } = await signIn(t.app, customer);
    const res = await putProfile(token, { password: 'spec-new-pass-1' });
    expect(res.statusCode).toBe(200);
    await expect(signIn(t.app, { phone: customer.phone, password: 'spec-new-pass-1' })).resolves.toBeTruthy();
  });

  it('re-issues a token of the same session: how and when it signed in stay', async () => {
    const customer = await make.customer(t);
    // Signed in by code 5 minutes ago; a profile update (e-mails off) hands out a new token.
    const byCode = await sessionFrom(customer, 'code', 5);
    const reissued = (await putProfile(byCode, { orderEmails: false })).json<{ token: string }>().token;
    const claims = await t.app.tokens.verify(reissued);
    expect(claims?.session.method).toBe('code');
    expect(Date.now() - claims!.session.signedInAt!.getTime()).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    // Still within the 15 minutes, so the next change needs no current password.
    const changed = await putProfile(reissued, { password: 'after-code-pass-1' });
    expect(changed.statusCode).toBe(200);
    // A re-issue does not make an old sign-in fresh again.
    const old = await sessionFrom(customer, 'password', 20);
    const reissuedOld = (await putProfile(old, { orderEmails: true })).json<{ token: string }>().token;
    const refused = await putProfile(reissuedOld, { password: 'another-pass-2' });
    expect(refused.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });
  });

  it('checks a current password under the password lock, and counts a wrong one toward it', async () => {
    const customer = await make.customer(t);
    const token = await sessionFrom(customer, 'password', 30);
    const wrong = await putProfile(token, { password: 'new-secret-9', currentPassword: 'guess-1234' });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    for (let i = 1; i < PASSWORD_FAILURES_PER_WINDOW; i += 1) {
      await expect(signIn(t.app, { phone: customer.phone, password: `guess-${i}` })).rejects.toThrow(/401/);
    }
    const locked = await putProfile(token, { password: 'new-secret-9', currentPassword: customer.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_WRONG_PASSWORDS');
    expect(await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).toHaveProperty('statusCode', 200);
  });

  it.each([[{}], [{ password: '' }], [{ id: 'x', name: 'n', email: 'e', phone: 'p', password: '' }]])(
    'keeps the password when %j carries none (SPEC: blank keeps it)',
    async (payload) => {
      const customer = await make.customer(t);
      const res = await putProfile(customer.token, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: customer._id, token: expect.any(String) });
      await expect(signIn(t.app, customer)).resolves.toBeTruthy();
    },
  );

  it.each([
    [{ password: 'short', currentPassword: 'secret-pass-1' }, 'password must be at least 8 characters'],
    [{ password: { $gt: '' }, currentPassword: 'secret-pass-1' }, 'password must be text'],
    [{ password: 'new-secret-9', currentPassword: 42 }, 'currentPassword must be text'],
  ])('refuses %j with 400 and keeps the password', async (payload, message) => {
    const customer = await make.customer(t);
    const res = await putProfile(customer.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    await expect(signIn(t.app, customer)).resolves.toBeTruthy();
  });
});
