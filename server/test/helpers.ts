import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { PaymentGateway } from '../src/adapters/payments/index.ts';
import type { SmsSender } from '../src/adapters/sms/index.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
async function freshDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => undefined };
  }
  const name = `rr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Settings a production start accepts: a real secret, and real SMS and payment providers. */
export const LIVE_ENV = {
  JWT_SECRET: 'a-real-secret-of-at-least-32-characters!!',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'k',
  MSG91_TEMPLATE_ID: 't',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 's',
  RAZORPAY_WEBHOOK_SECRET: 'w',
  SMTP_URL: 'smtp://mail.example.in:587',
  PUBLIC_URL: 'https://shop.example.in',
};

export const WEB_APP_FIXTURE_HTML = '<!doctype html><title>fixture</title><div id="root"></div>';

/** A stand-in for the built web app, so routing tests do not depend on a web build. */
function writeWebAppFixture(dataDir: string): string {
  const dir = path.join(dataDir, 'web');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), WEB_APP_FIXTURE_HTML);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  return dir;
}

export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; sms?: SmsSender; payments?: PaymentGateway } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await database.migrate();
  if (options.seed !== false) await seedDemoData(database.db);
  const dataDir = `/tmp/rr-test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: writeWebAppFixture(dataDir),
    ...options.env,
  });
  const app = await buildApp(config, database, { sms: options.sms, payments: options.payments });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export const DEMO_ADMIN = { phone: '9999900001', password: 'ratna-admin-2026' };
export const DEMO_CUSTOMER = { phone: '9999900002', password: 'ratna-customer-2026' };

let phoneCounter = 0;
/** A fresh valid Indian mobile number for this test file. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const tail = `${process.pid % 10000}`.padStart(4, '0') + `${phoneCounter}`.padStart(5, '0');
  return `7${tail}`.slice(0, 10);
}

export async function signIn(app: FastifyInstance, account: { phone: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/users/loginviapassword', payload: account });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string; token: string; isAdmin: boolean; name: string }>();
}

export async function registerCustomer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const payload = {
    name: 'Test Customer',
    email: `c${phone}@example.in`,
    phone,
    password: 'secret-pass-1',
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload,
    remoteAddress: `10.9.${phoneCounter % 250}.1`,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return {
    ...res.json<{ _id: string; token: string; phone: string; email: string }>(),
    password: payload.password as string,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A Cash on Delivery order of `qty` units of one product, placed through the API (the reply as it came). */
export function placeCodOrder(app: FastifyInstance, token: string, productId: string, qty = 1) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: {
      orderItems: [{ product: productId, qty }],
      shippingAddress: { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
      paymentMethod: 'Cash on Delivery',
    },
  });
}
