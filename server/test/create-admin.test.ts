import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/modules/accounts/passwords.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[], password: string) {
  return run(process.execPath, ['--import', 'tsx', 'server/src/db/create-admin.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'silent',
    },
  });
}

async function userByPhone(phone: string) {
  const database = openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
    return row;
  } finally {
    await database.close();
  }
}

describe('npm run create-admin', () => {
  it('creates an admin on a new phone, and promotes an existing account', async () => {
    const first = await createAdmin(
      ['--name', 'Store Owner', '--email', 'owner@example.in', '--phone', '+91 98111 22233'],
      'owner-pass-2026',
    );
    expect(first.stdout).toContain('Created admin Store Owner (phone 9811122233).');
    const created = await userByPhone('9811122233');
    expect(created).toMatchObject({ name: 'Store Owner', email: 'owner@example.in', role: 'owner' });
    expect(await verifyPassword('owner-pass-2026', created!.passwordHash)).toBe(true);

    const again = await createAdmin(
      ['--name', 'Store Owner', '--email', 'owner@example.in', '--phone', '9811122233'],
      'new-owner-pass-1',
    );
    expect(again.stdout).toContain('Updated admin Store Owner');
    expect(await verifyPassword('new-owner-pass-1', (await userByPhone('9811122233'))!.passwordHash)).toBe(true);
  }, 60_000);

  it('refuses bad input and says how to use it', async () => {
    const failed = createAdmin(['--name', 'X', '--email', 'not-an-email', '--phone', '12345'], 'short');
    await expect(failed).rejects.toMatchObject({ code: 2 });
    await expect(failed).rejects.toMatchObject({ stderr: expect.stringContaining('Usage: npm run create-admin') });
  }, 60_000);
});
