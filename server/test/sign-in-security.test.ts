import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { otpCodes, signInFailures, users } from '../src/db/schema/index.ts';
import { OTP_MAX_PER_DAY, OTP_WRONG_PER_DAY, inHoursOrMinutes } from '../src/modules/accounts/service.ts';
import { MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES, withHashSlot } from '../src/modules/accounts/passwords.ts';
import { clientKey } from '../src/plugins/client-address.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, uniquePhone, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
const sms = new SandboxSms();
beforeAll(async () => {
  // The tests of the sign-in limits: per phone (the shop's own rules) and per client address.
  t = await createTestApp({ sms, rateLimits: true });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

/** As if a minute had passed for the phone's codes (the resend wait), but not for the failures. */
async function skipResendWait(phone: string) {
  const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
  for (const row of rows) {
    await t.db
      .update(otpCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - 3_700_000) })
      .where(eq(otpCodes.id, row.id));
  }
}

/** A wrong guess of the phone's current code: a 4-digit code that is not the one sent. */
function wrongGuess(phone: string, n: number): string {
  const sent = sms.outbox(phone)[0]?.code ?? '0000';
  const guess = String(n % 10_000).padStart(4, '0');
  return guess === sent ? String((n + 1) % 10_000).padStart(4, '0') : guess;
}

let addressCounter = 0;
/** Addresses an attacker rotates through: IPv4 from many networks and IPv6 from many /64s. */
function rotatingAddress(): string {
  addressCounter += 1;
  return addressCounter % 2
    ? `172.${16 + (addressCounter % 16)}.${addressCounter % 250}.${(addressCounter * 7) % 250}`
    : `2001:db8:${(addressCounter % 65535).toString(16)}:${(addressCounter * 13).toString(16)}::${addressCounter.toString(16)}`;
}

describe('wrong one-time codes: a daily budget per phone', () => {
  it('gives no phone more wrong codes a day than the budget, whatever the mix of codes, addresses and phones', async () => {
    const phones = [(await make.customer(t)).phone, (await make.customer(t)).phone];
    const judged = new Map(phones.map((p) => [p, 0]));
    let guess = 0;
    for (let round = 0; round < 20; round++) {
      for (const phone of phones) {
        await skipResendWait(phone);
        const asked = await post('/api/users/resendOTP', { phone }, rotatingAddress());
        expect([200, 429]).toContain(asked.statusCode);
        for (let i = 0; i < 6; i++) {
          const res = await post('/api/users/verifyotp', { phone, otp: wrongGuess(phone, guess++) }, rotatingAddress());
          expect(res.statusCode).not.toBe(200);
          expect(res.statusCode).toBeLessThan(500);
          // These two answers mean the guess was compared with a live code.
          if (res.statusCode === 400 && /^(Invalid OTP|Too many wrong tries\.)/.test(res.json().message)) {
            judged.set(phone, judged.get(phone)! + 1);
          }
        }
      }
    }
    for (const phone of phones) {
      expect(judged.get(phone)).toBe(OTP_WRONG_PER_DAY);
      const [codes] = await t.db.select({ n: count() }).from(otpCodes).where(eq(otpCodes.phone, phone));
      expect(codes!.n).toBeLessThanOrEqual(OTP_MAX_PER_DAY);
    }
  });

  it('refuses even the right code once the budget is spent, and says to use the password', async () => {
    const customer = await make.customer(t);
    const { phone } = customer;
    await t.db
      .insert(signInFailures)
      .values(Array.from({ length: OTP_WRONG_PER_DAY }, () => ({ phone, kind: 'code' as const, client: 'x' })));
    const asked = await post('/api/users/resendOTP', { phone }, rotatingAddress());
    expect(asked.statusCode).toBe(429);
    expect(asked.json().message).toMatch(/Too many wrong codes were entered for this number today/);
    expect(Number(asked.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // A code sent before the budget ran out does not work either.
    await t.db.delete(signInFailures).where(eq(signInFailures.phone, phone));
    expect((await post('/api/users/resendOTP', { phone }, rotatingAddress())).statusCode).toBe(200);
    await t.db
      .insert(signInFailures)
      .values(Array.from({ length: OTP_WRONG_PER_DAY }, () => ({ phone, kind: 'code' as const, client: 'x' })));
    const right = await post('/api/users/verifyotp', { phone, otp: sms.outbox(phone)[0]!.code }, rotatingAddress());
    expect(right.statusCode).toBe(429);
    // The password still works: the owner is not locked out.
    await expect(signIn(t.app, customer)).resolves.toBeTruthy();
  });

  it('counts failures from 30 concurrent guesses exactly, under the account lock', async () => {
    const { phone } = await make.customer(t);
    expect((await post('/api/users/resendOTP', { phone }, rotatingAddress())).statusCode).toBe(200);
    const sent = sms.outbox(phone)[0]!.code;
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(sent) + 1 + i) % 10_000).padStart(4, '0'));
    const replies = await Promise.all(
      guesses.map((otp) => post('/api/users/verifyotp', { phone, otp }, rotatingAddress())),
    );
    expect(replies.filter((r) => r.statusCode === 500)).toHaveLength(0);
    const [failures] = await t.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.phone, phone), eq(signInFailures.kind, 'code')));
    // The first code dies after 5 wrong tries; nothing beyond those was judged.
    expect(failures!.n).toBe(5);
  });
});

describe('one-time codes and accounts', () => {
  it('proves the phone: a code sign-in takes the account from whoever registered the number', async () => {
    const victimPhone = uniquePhone();
    // Someone registers the victim's number with a password of their own.
    const squatter = await make.customer(t, { phone: victimPhone, password: 'squatter-pass-1' });
    // The victim signs in with a code sent to their phone.
    expect((await post('/api/users/resendOTP', { phone: victimPhone }, rotatingAddress())).statusCode).toBe(200);
    const res = await post(
      '/api/users/verifyotp',
      { phone: victimPhone, otp: sms.outbox(victimPhone)[0]!.code },
      rotatingAddress(),
    );
    expect(res.statusCode).toBe(200);
    // The squatter's password and session no longer work.
    await expect(signIn(t.app, { phone: victimPhone, password: 'squatter-pass-1' })).rejects.toThrow(/401/);
    const old = await t.app.inject({ url: '/api/orders/myorders', headers: bearer(squatter.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Not authorized, token failed');
    const [row] = await t.db.select().from(users).where(eq(users.phone, victimPhone));
    expect(row!.phoneVerifiedAt).toBeInstanceOf(Date);
    // Just signed in by code, the victim sets a password without knowing the squatter's.
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(res.json().token),
      payload: { password: 'victim-pass-22' },
    });
    expect(set.statusCode).toBe(200);
    await expect(signIn(t.app, { phone: victimPhone, password: 'victim-pass-22' })).resolves.toBeTruthy();
  });

  it('keeps the password and other sessions of a proven phone on later code sign-ins', async () => {
    const customer = await make.customer(t);
    const signInByCode = async () => {
      await skipResendWait(customer.phone);
      expect((await post('/api/users/resendOTP', { phone: customer.phone }, rotatingAddress())).statusCode).toBe(200);
      const res = await post(
        '/api/users/verifyotp',
        { phone: customer.phone, otp: sms.outbox(customer.phone)[0]!.code },
        rotatingAddress(),
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ token: string }>().token;
    };
    // The first code sign-in proves the phone; the owner then sets a password.
    const first = await signInByCode();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(first),
      payload: { password: 'owner-pass-123' },
    });
    expect(set.statusCode).toBe(200);
    const other = await signIn(t.app, { phone: customer.phone, password: 'owner-pass-123' });
    await signInByCode();
    await signInByCode();
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(other.token) })).statusCode).toBe(200);
    await expect(signIn(t.app, { phone: customer.phone, password: 'owner-pass-123' })).resolves.toBeTruthy();
  });

  it('signs an admin in with a code only together with the admin’s password', async () => {
    const phone = DEMO_ADMIN.phone;
    const ask = async () => {
      await skipResendWait(phone);
      expect((await post('/api/users/resendOTP', { phone }, rotatingAddress())).statusCode).toBe(200);
      return sms.outbox(phone)[0]!.code;
    };
    const codeOnly = await post('/api/users/verifyotp', { phone, otp: await ask() }, rotatingAddress());
    expect(codeOnly.statusCode).toBe(401);
    expect(codeOnly.json().message).toBe(
      'Staff accounts (the owner and the team) sign in with their password as well as the code.',
    );
    const wrongPassword = await post(
      '/api/users/verifyotp',
      { phone, otp: sms.outbox(phone)[0]!.code, password: 'not-the-password' },
      rotatingAddress(),
    );
    expect(wrongPassword.statusCode).toBe(401);
    const both = await post(
      '/api/users/verifyotp',
      { phone, otp: sms.outbox(phone)[0]!.code, password: DEMO_ADMIN.password },
      rotatingAddress(),
    );
    expect(both.statusCode).toBe(200);
    expect(both.json().isAdmin).toBe(true);
  });

  it('lets a password be set without the current one only within 15 minutes of a sign-in', async () => {
    const customer = await make.customer(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, customer._id));
    const tokenOf = (method: 'password' | 'code', minutesAgo: number | null) =>
      t.app.tokens.sign(customer._id, row!.tokenVersion, {
        method,
        signedInAt: minutesAgo === null ? null : new Date(Date.now() - minutesAgo * 60_000),
      });
    const setPassword = async (token: string) =>
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: bearer(token),
          payload: { password: 'brand-new-pass-1' },
        })
      ).json();
    for (const token of [await tokenOf('code', 20), await tokenOf('password', 16), await tokenOf('code', null)]) {
      expect(await setPassword(token)).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });
    }
    expect(await setPassword(await tokenOf('password', 14))).toMatchObject({ _id: customer._id });
  });
});

describe('lock-out messages', () => {
  it.each([
    [30, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '60 minutes'],
    [3601, '2 hours'],
    [86_399, '24 hours'],
  ])('say %i seconds as %s', (seconds, words) => {
    expect(inHoursOrMinutes(seconds)).toBe(words);
  });
});

describe('sign-in floods', () => {
  it('counts an IPv6 /64 as one client', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i++) {
      const res = await post(
        '/api/users/loginviapassword',
        { phone: uniquePhone(), password: 'x' },
        `2001:db8:77:1::${i.toString(16)}`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // Another /64 is another client.
    const elsewhere = await post(
      '/api/users/loginviapassword',
      { phone: uniquePhone(), password: 'x' },
      '2001:db8:77:2::1',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('runs at most a few password hashes at once and turns the rest of a flood away with 503', async () => {
    const gates: Array<() => void> = [];
    const held = () => new Promise<void>((resolve) => gates.push(resolve));
    const running = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_QUEUED_HASHES }, () => withHashSlot(held));
    await new Promise((r) => setTimeout(r, 10));
    // Only the first ones started; the queue is full.
    expect(gates).toHaveLength(MAX_CONCURRENT_HASHES);
    await expect(withHashSlot(held)).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'SIGN_IN_BUSY',
      options: { retryAfterSeconds: 5 },
    });
    // As hashes finish, the queued ones run, never more than the limit at once.
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 1));
      expect(gates.length).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    }
    await Promise.all(running);
    await expect(withHashSlot(async () => 'free again')).resolves.toBe('free again');
  });
});
