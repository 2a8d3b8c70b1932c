/**
 * Issue 29: what the audit log costs. Appends entries one transaction each (as staff changes do),
 * then walks the chain as GET /api/admin/audit/verify does, on the embedded database and, with
 * BENCH_POSTGRES_URL (default the local server), on a throwaway PostgreSQL database.
 *   npm run bench:audit [-- entries]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { recordAudit, verifyAudit } from '../src/modules/audit/index.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const ENTRIES = Number(process.argv[2] ?? 5_000);
const actor = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Bench Owner',
  role: 'owner' as const,
  address: '127.0.0.1',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** The same number of transactions doing one trivial statement: what a transaction costs without the log. */
async function bareTransactions(database: DatabaseHandle): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ENTRIES; i++) await database.db.transaction((tx) => tx.execute(sql`select 1`));
  return (performance.now() - started) / ENTRIES;
}

async function measure(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const bareMs = await bareTransactions(database);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ENTRIES; i++) {
    const t0 = performance.now();
    await database.db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: 'product.update',
        entity: 'product',
        entityId: `bench-${i % 100}`,
        before: { price: 499 + i, countInStock: 10 },
        after: { price: 549 + i, countInStock: 4 },
      }),
    );
    times.push(performance.now() - t0);
  }
  const appendSeconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const v0 = performance.now();
  const check = await verifyAudit(database.db);
  const verifyMs = performance.now() - v0;
  console.log(
    `${label}: ${ENTRIES} appends in ${appendSeconds.toFixed(1)} s (${(ENTRIES / appendSeconds).toFixed(0)}/s), ` +
      `p50 ${percentile(times, 50).toFixed(2)} ms p99 ${percentile(times, 99).toFixed(2)} ms; ` +
      `verify ${check.entries} entries ${check.intact ? 'intact' : 'BROKEN'} in ${verifyMs.toFixed(0)} ms; ` +
      `a bare transaction ${bareMs.toFixed(2)} ms`,
  );
  await database.close();
}

await measure('PGlite (memory)', openDatabase({ kind: 'pglite', dataDir: null }));
const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const throwaway = await throwawayPostgres(server, 'rr_bench_audit');
try {
  await measure('PostgreSQL', openDatabase({ kind: 'postgres', url: throwaway.url }));
} finally {
  await throwaway.drop();
}
