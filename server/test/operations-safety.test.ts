import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS, publicDemoSignIns, seedDemoAccounts } from '../src/db/seed.ts';
import { hashPassword } from '../src/modules/accounts/index.ts';
import { verifyPassword } from '../src/modules/accounts/passwords.ts';
import { serializeError } from '../src/plugins/log-serializers.ts';
import { LIVE_ENV, createTestApp, type TestApp } from './helpers.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('demo sign-ins', () => {
  it('never turn an existing account that holds a demo phone into the demo admin', async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.isAdmin)!;
    await t.db.insert(users).values({
      name: 'Real Customer',
      email: 'real@example.in',
      phone: admin.phone,
      passwordHash: 'scrypt$x',
    });
    const { skipped } = await seedDemoAccounts(t.db);
    expect(skipped).toEqual([admin.phone]);
    const [row] = await t.db.select().from(users).where(eq(users.phone, admin.phone));
    expect(row).toMatchObject({
      name: 'Real Customer',
      email: 'real@example.in',
      role: null,
      passwordHash: 'scrypt$x',
    });
    const customer = DEMO_ACCOUNTS.find((a) => !a.isAdmin)!;
    const [created] = await t.db.select().from(users).where(eq(users.phone, customer.phone));
    expect(await verifyPassword(customer.password, created!.passwordHash)).toBe(true);
  });

  it('are found while they keep their published passwords, so a shop others reach refuses to start', async () => {
    const [admin, customer] = DEMO_ACCOUNTS;
    await t.db.delete(users).where(eq(users.phone, admin.phone));
    await seedDemoAccounts(t.db);
    expect(await publicDemoSignIns(t.db)).toEqual([admin.phone, customer.phone]);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-password-nobody-published') })
      .where(eq(users.phone, admin.phone));
    expect(await publicDemoSignIns(t.db)).toEqual([customer.phone]);
  });

  it('npm run seed refuses to run in production', async () => {
    const seeding = run(process.execPath, ['--import', 'tsx', 'server/src/db/seed-cli.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: 'memory://',
        ...LIVE_ENV,
      },
    });
    await expect(seeding).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('It does not run with NODE_ENV=production.'),
    });
  });
});

describe('a refused start', () => {
  it('prints its reason alone: no stack, no source', async () => {
    const starting = run(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'memory://', PORT: '0' },
    });
    const failed = await starting.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim()).toMatch(
      /^Refusing to start in production: JWT_SECRET is the development default;[^\n]+$/,
    );
  });
});

describe('the log', () => {
  it('keeps the SQL of a failed query but none of its values', async () => {
    const secretPhone = '9876501234';
    const secretHash = 'scrypt$32768$8$c2VjcmV0$aGFzaA';
    let caught: unknown;
    try {
      await t.db
        .insert(users)
        .values({ name: 'A', email: 'a@example.in', phone: secretPhone, passwordHash: secretHash });
      // The same phone again: a unique violation whose detail repeats the value.
      await t.db
        .insert(users)
        .values({ name: 'B', email: 'b@example.in', phone: secretPhone, passwordHash: secretHash });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String((caught as Error).message)).toContain(secretPhone); // what drizzle puts in it
    const serialized = serializeError(caught);
    expect(serialized.query).toMatch(/^insert into "users"/);
    expect(serialized.cause?.message).toMatch(/duplicate key value violates unique constraint "users_phone_unique"/);
    const logged = JSON.stringify(serialized);
    expect(logged).not.toContain(secretPhone);
    expect(logged).not.toContain(secretHash);
    expect(logged).toContain('23505');
  });

  it('keeps an ordinary error as it is', () => {
    const logged = serializeError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(logged.stack).toMatch(/^TypeError: boom\n\s+at /);
  });
});
