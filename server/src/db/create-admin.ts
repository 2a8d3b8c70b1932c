/**
 * npm run create-admin -- --name "Full Name" --email a@b.in --phone 98765xxxxx
 * Makes that account an admin (creating it when the phone is new). The password comes from
 * ADMIN_PASSWORD, or is asked for on the terminal.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { email as emailSchema, newPassword, personName, phone as phoneSchema } from '@rr/core';
import * as z from 'zod/mini';
import { loadConfig } from '../config.ts';
import { ensureAdmin } from '../modules/accounts/index.ts';
import { openDatabase } from './client.ts';

const { values } = parseArgs({
  options: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } },
});

async function askPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password for the admin (at least 8 characters): ');
  rl.close();
  return answer;
}

const input = z
  .object({ name: personName, email: emailSchema, phone: phoneSchema, password: newPassword })
  .safeParse({ ...values, password: await askPassword() });
if (!input.success) {
  console.error(
    `Cannot create the admin: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
  console.error('Usage: npm run create-admin -- --name "Full Name" --email you@example.in --phone 98765xxxxx');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
const { user, created } = await ensureAdmin(database.db, input.data);
console.log(`${created ? 'Created' : 'Updated'} admin ${user.name} (phone ${user.phone}).`);
await database.close();
