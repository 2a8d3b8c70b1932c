import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../src/db/schema/index.ts';
import { PASSWORD_FAILURES_PER_WINDOW } from '../src/modules/accounts/service.ts';
import * as make from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // Per-address limits stay off (the tests' default): only the per-phone limit under test decides.
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const passwordFailures = async (phone: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.phone, phone), eq(signInFailures.kind, 'password')))
  )[0]!.n;

describe('wrong passwords for one phone, sent at once', () => {
  it('are counted one after another under the account lock: no more pass than the limit', async () => {
    const { phone } = await make.customer(t);
    const guesses = await Promise.all(
      Array.from({ length: 3 * PASSWORD_FAILURES_PER_WINDOW }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/loginviapassword', payload: { phone, password: 'guess' } }),
      ),
    );
    const statuses = guesses.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(PASSWORD_FAILURES_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * PASSWORD_FAILURES_PER_WINDOW);
    expect(await passwordFailures(phone)).toBe(PASSWORD_FAILURES_PER_WINDOW);
  });

  it('leave no failure behind for the right password', async () => {
    const customer = await make.customer(t);
    const signIns = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/users/loginviapassword', payload: customer }),
      ),
    );
    expect(signIns.map((res) => res.statusCode)).toEqual(Array(5).fill(200));
    expect(await passwordFailures(customer.phone)).toBe(0);
  });
});
