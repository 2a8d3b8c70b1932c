/**
 * Issue 23, item 2 (PRODUCT.md "Security decisions"): a code proves the phone. The registrant who proves
 * it keeps the password; a code sign-in that does reset a password (the account's phone was never
 * proven, and the prover showed no password) is announced by SMS, by e-mail and in its reply.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { otpCodes, outboxMessages, users } from '../src/db/schema/index.ts';
import { bearer, createTestApp, signIn, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
/** These tests are about phones never proven (the factory proves new customers by default). */
const UNPROVEN = { phoneProven: false };
const sms = new SandboxSms();
beforeAll(async () => {
  t = await createTestApp({ sms });
});
afterAll(async () => {
  await t?.close();
});

/** Asks for a code and signs in with it, carrying `token` when given. */
async function codeSignIn(phone: string, token?: string, extra: object = {}) {
  expect((await t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone } })).statusCode).toBe(
    200,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/users/verifyotp',
    payload: { phone, otp: sms.outbox(phone)[0]!.code, ...extra },
    ...(token ? { headers: bearer(token) } : {}),
  });
}

const resetMessages = (userId: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'password_reset'), like(outboxMessages.idempotencyKey, `%:${userId}:%`)));

const profile = (token: string) => t.app.inject({ url: '/api/users/profile', headers: bearer(token) });

describe('proving the phone', () => {
  it('keeps the password when the registrant proves the phone, signed in from the registration', async () => {
    const customer = await make.customer(t, {}, UNPROVEN);
    expect((await profile(customer.token)).json()).toMatchObject({ phoneVerified: false });
    const res = await codeSignIn(customer.phone, customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('passwordReset');
    await expect(signIn(t.app, customer)).resolves.toBeTruthy();
    // Nothing ended: the registration's session goes on.
    expect((await profile(customer.token)).json()).toMatchObject({ phoneVerified: true });
    expect(await resetMessages(customer._id)).toEqual([]);
  });

  it('keeps the password when the phone is proven from a session the password signed in', async () => {
    const customer = await make.customer(t, {}, UNPROVEN);
    const other = await signIn(t.app, customer);
    const res = await codeSignIn(customer.phone, other.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('passwordReset');
    await expect(signIn(t.app, customer)).resolves.toBeTruthy();
    expect((await profile(customer.token)).statusCode).toBe(200);
  });

  it('keeps an admin’s password, given with the code', async () => {
    const admin = await make.customer(t, { password: 'admin-pass-123' }, UNPROVEN);
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, admin._id));
    const res = await codeSignIn(admin.phone, undefined, { password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('passwordReset');
    const [row] = await t.db.select().from(users).where(eq(users.id, admin._id));
    expect(row!.phoneVerifiedAt).toBeInstanceOf(Date);
    await expect(signIn(t.app, admin)).resolves.toBeTruthy();
  });

  it('resets the password of a phone proven without one, and says so by SMS, e-mail and in the reply', async () => {
    const customer = await make.customer(t, {}, UNPROVEN);
    const res = await codeSignIn(customer.phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: customer._id, passwordReset: true, token: expect.any(String) });
    await expect(signIn(t.app, customer)).rejects.toThrow(/401/);
    expect((await profile(customer.token)).statusCode).toBe(401);
    const messages = await resetMessages(customer._id);
    expect(messages.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', customer.email],
      ['sms', customer.phone],
    ]);
    for (const message of messages) expect(message.text).toMatch(/password .*no longer works/);
    // Proven now: the next code sign-in resets nothing and tells nobody.
    await t.db
      .update(otpCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(otpCodes.phone, customer.phone));
    const again = await codeSignIn(customer.phone);
    expect(again.json()).not.toHaveProperty('passwordReset');
    expect(await resetMessages(customer._id)).toHaveLength(2);
  });

  it('does not take a token of another account, an ended session or a code session as the registrant’s', async () => {
    const squatter = await make.customer(t, {}, UNPROVEN);
    const stranger = await make.customer(t, {}, UNPROVEN);
    const byStranger = await codeSignIn(squatter.phone, stranger.token);
    expect(byStranger.json()).toMatchObject({ _id: squatter._id, passwordReset: true });

    const ended = await make.customer(t, {}, UNPROVEN);
    const oldSession = ended.token;
    await t.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, ended._id));
    expect((await codeSignIn(ended.phone, oldSession)).json()).toMatchObject({ passwordReset: true });

    const viaCode = await make.customer(t, {}, UNPROVEN);
    const codeSession = await t.app.tokens.sign(viaCode._id, 0, { method: 'code', signedInAt: new Date() });
    expect((await codeSignIn(viaCode.phone, codeSession)).json()).toMatchObject({ passwordReset: true });
    // A token that is not one at all is no session either, and no reason to refuse the sign-in.
    const garbage = await make.customer(t, {}, UNPROVEN);
    expect((await codeSignIn(garbage.phone, 'not-a-token')).json()).toMatchObject({ passwordReset: true });
  });
});
