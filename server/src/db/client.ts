import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database (or a transaction on it) that every service takes as its first argument. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');
/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_240_315;

export function openDatabase(database: Config['database']): DatabaseHandle {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = new PGlite(database.dataDir ?? undefined);
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
