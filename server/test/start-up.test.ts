import { createRequire } from 'node:module';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsApplied, newPglite, pgliteHandle } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 31: what the start does (start within 1 s on a data folder). What it no longer loads or runs,
// and that what it does instead answers the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('start-up', () => {
  it('builds the app without Fastify’s default schema compilers, every route checked and answered by zod’s', async () => {
    // Each test file runs in a process of its own: what is loaded here, this file's app loaded.
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((file) => file.includes(`${path.sep}@fastify${path.sep}ajv-compiler${path.sep}`))).toEqual([]);
    expect(loaded.filter((file) => /[\\/]ajv[\\/]dist[\\/]ajv\.js$/.test(file))).toEqual([]);
    expect(loaded.filter((file) => file.endsWith(`${path.sep}fast-json-stringify${path.sep}index.js`))).toEqual([]);

    // zod still refuses a body and shapes an answer.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'not-an-address' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/email/);
    const listed = await t.app.inject({ url: '/api/products' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ products: [], page: 1, pages: 1 });
  });

  it('runs no migration on a database that has every one', async () => {
    expect(await migrationsApplied(t.db)).toBe(true);
    if (t.database.kind === 'pglite') {
      // drizzle's migrator runs its statements in a transaction even when none is new.
      const client = (t.db as unknown as { $client: PGlite }).$client;
      const transactions = vi.spyOn(client, 'transaction');
      await t.database.migrate();
      expect(transactions).not.toHaveBeenCalled();
      transactions.mockRestore();
    } else {
      // On PostgreSQL the migrator takes its lock on a connection of its own.
      const queries = vi.spyOn(pg.Client.prototype, 'query');
      await t.database.migrate();
      expect(queries.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('advisory'))).toEqual([]);
      queries.mockRestore();
    }
  });

  it('leaves a database without the newest migration, or without any, to the migrator', async () => {
    const fresh = pgliteHandle(newPglite());
    try {
      expect(await migrationsApplied(fresh.db)).toBe(false);
      await fresh.db.execute(sql`create schema drizzle`);
      await fresh.db.execute(sql`create table drizzle.__drizzle_migrations (id serial, hash text, created_at bigint)`);
      expect(await migrationsApplied(fresh.db)).toBe(false);
    } finally {
      await fresh.close();
    }
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await migrationsApplied(t.db)).toBe(false);
  });

  it('serves the build’s scripts by looking them up: a file added after start too', async () => {
    const assets = path.join(t.config.webDistDir, 'assets');
    writeFileSync(path.join(assets, 'late-def456.js'), 'console.log("late");');
    const script = await t.app.inject({ url: '/assets/late-def456.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("late");');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/late-def456.js' });
    expect(head.statusCode).toBe(200);

    // A path there that is no file, a hidden one, or a way out of the folder is a 404, as before.
    mkdirSync(path.join(assets, '.vite'), { recursive: true });
    writeFileSync(path.join(assets, '.vite', 'manifest.json'), '{}');
    for (const url of ['/assets/gone-123.js', '/assets/.vite/manifest.json', '/assets/..%2findex.html']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toContain('application/json');
    }
  });
});
