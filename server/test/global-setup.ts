import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';

/**
 * Where each API test file copies its database from, made once per run: the migrated schema alone
 * ("bare") and with the demo data ("seeded"). PGlite: a dump of the data folder, loaded per file;
 * PostgreSQL (TEST_DATABASE_URL): template databases, copied per file with CREATE DATABASE ... TEMPLATE.
 */
export type TestDatabaseTemplates =
  | { kind: 'pglite'; bare: string; seeded: string }
  | { kind: 'postgres'; serverUrl: string; bare: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

async function prepare(database: DatabaseHandle, seed: boolean): Promise<void> {
  await database.migrate();
  if (seed) await seedDemoData(database.db);
}

async function pgliteTemplates(): Promise<{ templates: TestDatabaseTemplates; teardown: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rr-test-templates-'));
  const files = { bare: path.join(dir, 'bare.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await prepare(database, false);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    writeFileSync(files.bare, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedDemoData(database.db);
    writeFileSync(files.seeded, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    templates: { kind: 'pglite', ...files },
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresTemplates(
  serverUrl: string,
): Promise<{ templates: TestDatabaseTemplates; teardown: () => Promise<void> }> {
  const stem = `rr_template_${randomBytes(4).toString('hex')}`;
  const names = { bare: `${stem}_bare`, seeded: `${stem}_seeded` };
  const drop = async () => {
    for (const name of Object.values(names)) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    for (const [which, name] of Object.entries(names)) {
      await onServer(serverUrl, `create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await prepare(database, which === 'seeded');
      } finally {
        // A template cannot be copied while anyone is connected to it.
        await database.close();
      }
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { templates: { kind: 'postgres', serverUrl, ...names }, teardown: drop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { templates, teardown } = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  project.provide('testDatabaseTemplates', templates);
  return teardown;
}
