/**
 * Issue 23, item 1: an admin's code sign-in checks the password, so it is held to the password's rules.
 * It must not tell a wrong password from a wrong code, it obeys the password lock, a wrong password uses
 * up one of the code's tries, and the slow hash never runs while the account's row is locked.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { otpCodes, signInFailures, users } from '../src/db/schema/index.ts';
import { MAX_CONCURRENT_HASHES, withHashSlot } from '../src/modules/accounts/passwords.ts';
import { OTP_MAX_ATTEMPTS, PASSWORD_FAILURES_PER_WINDOW } from '../src/modules/accounts/service.ts';
import { createTestApp, eventually, signIn, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
const sms = new SandboxSms();
beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** A new admin of its own (the lock-outs here must not touch other tests' accounts). */
async function newAdmin() {
  const account = await make.customer(t, { password: 'admin-pass-123' });
  await t.db.update(users).set({ role: 'owner', phoneVerifiedAt: new Date() }).where(eq(users.id, account._id));
  return account;
}

async function sendCode(phone: string): Promise<string> {
  expect((await post('/api/users/resendOTP', { phone })).statusCode).toBe(200);
  return sms.outbox(phone)[0]!.code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

const failures = async (phone: string, kind: 'code' | 'password') =>
  (
    await t.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.phone, phone), eq(signInFailures.kind, kind)))
  )[0]!.n;

describe('an admin’s code sign-in', () => {
  it('answers a wrong password and a wrong code alike', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    const tries = [
      { otp: code, password: 'not-the-password' },
      { otp: otherCode(code), password: admin.password },
      { otp: otherCode(code), password: 'not-the-password' },
    ];
    const answers = [];
    for (const attempt of tries) {
      const res = await post('/api/users/verifyotp', { phone: admin.phone, ...attempt });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { message: 'The password or the code is not correct.', code: 'BAD_CREDENTIALS' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('counts a wrong password as one of the code’s tries: the code dies after five', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    const statuses = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      const res = await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: 'wrong-password' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 400]);
    const late = await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: admin.password });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('CODE_USED_UP');
    // Right code, wrong passwords: password failures, not wrong codes.
    expect(await failures(admin.phone, 'password')).toBe(OTP_MAX_ATTEMPTS);
    expect(await failures(admin.phone, 'code')).toBe(0);
  });

  it('hands each of a code’s tries out once when guesses arrive together', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    const guesses = await Promise.all(
      Array.from({ length: 3 * OTP_MAX_ATTEMPTS }, () =>
        post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: 'wrong-password' }),
      ),
    );
    const codes = guesses.map((res) => res.json().code);
    expect(codes.filter((c) => c === 'BAD_CREDENTIALS')).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 'CODE_USED_UP')).toHaveLength(2 * OTP_MAX_ATTEMPTS + 1);
    expect(await failures(admin.phone, 'password')).toBe(OTP_MAX_ATTEMPTS);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, admin.phone));
    expect(row).toMatchObject({ attempts: OTP_MAX_ATTEMPTS, consumedAt: expect.any(Date) });
  });

  it('obeys the password lock, and its wrong passwords count toward it', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    // One wrong password by code sign-in, the rest by password sign-in: one count.
    expect(
      (await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: 'wrong-password' })).statusCode,
    ).toBe(401);
    for (let i = 1; i < PASSWORD_FAILURES_PER_WINDOW; i += 1) {
      const res = await post('/api/users/loginviapassword', { phone: admin.phone, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await post('/api/users/loginviapassword', admin)).statusCode).toBe(429);
    // Locked: even the right password with the right code is not checked.
    const locked = await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: admin.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_WRONG_PASSWORDS');
    expect(locked.headers['retry-after']).toBeDefined();
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, admin.phone));
    expect(row).toMatchObject({ attempts: 1, consumedAt: null });
  });

  it('signs in with both right, leaving no failure behind', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    const res = await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: admin._id, isAdmin: true });
    expect(await failures(admin.phone, 'password')).toBe(0);
    expect(
      (await post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: admin.password })).json(),
    ).toMatchObject({ code: 'CODE_EXPIRED' });
    await expect(signIn(t.app, admin)).resolves.toBeTruthy();
  });

  it('hashes the password with the account’s row unlocked', async () => {
    const admin = await newAdmin();
    const code = await sendCode(admin.phone);
    // Every hashing slot is taken, so the sign-in waits for one, as under a flood of sign-ins.
    const releases: Array<() => void> = [];
    const held = Array.from({ length: MAX_CONCURRENT_HASHES }, () =>
      withHashSlot(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const releaseAll = () => releases.forEach((release) => release());
    // Without the fix the row stays locked (and PGlite's one connection busy) while the sign-in waits:
    // the slots are then given back after a while so the failing test ends.
    const safety = setTimeout(releaseAll, 10_000);
    try {
      const signingIn = post('/api/users/verifyotp', { phone: admin.phone, otp: code, password: admin.password });
      // The try is counted before the hash...
      await eventually(async () => expect(await failures(admin.phone, 'password')).toBe(1));
      // ...and another transaction can lock the account while the hash waits.
      const locked = await t.db.transaction((tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.phone, admin.phone)).for('update', { noWait: true }),
      );
      expect(locked).toEqual([{ id: admin._id }]);
      releaseAll();
      expect((await signingIn).statusCode).toBe(200);
      await Promise.all(held);
    } finally {
      clearTimeout(safety);
      releaseAll();
    }
  });
});
