import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import type { PaymentGateway } from '../src/adapters/payments/index.ts';
import type { SmsSender } from '../src/adapters/sms/index.ts';
import { buildApp, type AppDependencies } from '../src/app.ts';
import type { StorefrontRenderer } from '../src/modules/storefront/index.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { newPglite, openDatabase, pgliteHandle, type Database, type DatabaseHandle } from '../src/db/client.ts';
import type {} from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
  /** Another handle on the same database (the same PGlite, or a new pool on the same PostgreSQL database). */
  openAgain(): DatabaseHandle;
}

/** PostgreSQL refuses to copy a template while another copy of it is starting: try again shortly. */
async function createDatabaseFrom(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** An in-memory PGlite loaded from a dump of a prepared data folder (global-setup.ts). */
function pgliteFrom(dumpFile: string): DatabaseHandle {
  return pgliteHandle(newPglite({ loadDataDir: new Blob([readFileSync(dumpFile)]) }));
}

/**
 * A fresh, migrated database for one test file (with the demo data unless `seed` is false), copied
 * from the ones global-setup.ts prepared once for the run: an in-memory PGlite by default, or a
 * throwaway database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
async function freshDatabase(
  seed: boolean,
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; openAgain: () => DatabaseHandle }> {
  const templates = inject('testDatabaseTemplates');
  const template = seed ? templates.seeded : templates.bare;
  if (templates.kind === 'pglite') {
    const database = pgliteFrom(template);
    // The same in-process database; closed by its first handle only.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const openAgain = () => ({ ...pgliteHandle(client), close: async () => undefined });
    return { database, drop: async () => undefined, openAgain };
  }
  const { serverUrl } = templates;
  const name = `rr_test_${randomBytes(6).toString('hex')}`;
  await createDatabaseFrom(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: openDatabase({ kind: 'postgres', url: url.toString() }),
    openAgain: () => openDatabase({ kind: 'postgres', url: url.toString() }),
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
  WHATSAPP_TOKEN: 'wa-token',
  WHATSAPP_PHONE_NUMBER_ID: '1234567890',
  WHATSAPP_APP_SECRET: 'wa-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'wa-verify',
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

export interface TestAppOptions {
  /** The demo catalog and sign-ins (default: on). */
  seed?: boolean;
  /**
   * The per-address request limits (default: off, so tests need not dodge them). Only the tests of the
   * limits turn them on. The per-phone sign-in rules are the shop's own and always apply.
   */
  rateLimits?: boolean;
  env?: Record<string, string>;
  sms?: SmsSender;
  /** A gateway of the test's own (one that counts or fails refunds). */
  payments?: PaymentGateway;
  /** The storefront's server rendering (web/src/entry-server.tsx); none by default. */
  storefront?: StorefrontRenderer;
  /** Where the log goes (set LOG_LEVEL in `env` too: the default is silent). */
  logStream?: AppDependencies['logStream'];
  /** Issue 27: a courier of the test's own (Shiprocket against a fake); default: the configuration's. */
  courier?: AppDependencies['courier'];
  /** Issue 31: what loads the documents' fonts once staff are at work; default: nothing in tests. */
  warmDocuments?: AppDependencies['warmDocuments'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  return appOn(await freshDatabase(options.seed !== false), options);
}

/**
 * A second instance of `first`'s app on the same database, with caches and a change listener of its own
 * (as another server process would have): closed when the test ends, before `first`.
 */
export async function anotherInstance(first: TestApp, options: TestAppOptions = {}): Promise<TestApp> {
  const second = await appOn(
    { database: first.openAgain(), drop: async () => undefined, openAgain: first.openAgain },
    options,
  );
  onTestFinished(() => second.close());
  return second;
}

async function appOn(
  { database, drop, openAgain }: Awaited<ReturnType<typeof freshDatabase>>,
  options: TestAppOptions,
): Promise<TestApp> {
  const dataDir = `/tmp/rr-test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: writeWebAppFixture(dataDir),
    // Whether or not the web app is built: only tests that ask for it (`storefront`) render on the server.
    WEB_SSR_DIR: path.join(dataDir, 'no-ssr-build'),
    RATE_LIMITS: options.rateLimits ? 'true' : 'false',
    // A machine busy with other test files lags: shedding would turn that into failures. Its own test sets it.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp(config, database, {
    sms: options.sms,
    payments: options.payments,
    storefront: options.storefront,
    logStream: options.logStream,
    ...(options.courier === undefined ? {} : { courier: options.courier }),
    ...(options.warmDocuments === undefined ? {} : { warmDocuments: options.warmDocuments }),
  });
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
    openAgain,
  };
}

/**
 * An app of the test's own with the per-address request limits on, closed when the test ends: for the
 * tests of those limits (an empty database unless `seed` says otherwise).
 */
export async function rateLimitedApp(options: Omit<TestAppOptions, 'rateLimits'> = {}): Promise<TestApp> {
  const limited = await createTestApp({ seed: false, ...options, rateLimits: true });
  onTestFinished(() => limited.close());
  return limited;
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

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Runs `check` until it passes or `withinMs` runs out (then its last failure is thrown): for what
 * happens a moment after a request, such as a change notice crossing to another connection.
 */
export async function eventually(check: () => Promise<void>, withinMs = 2_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
