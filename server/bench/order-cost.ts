/**
 * npm run bench:orders (issue 31): what one Cash on Delivery order costs the server, with nothing else
 * running: the checkout traffic of `npm run load` (quote, place, the admin's deliver) on
 * ORDERS_CONNECTIONS connections (4) for ORDERS_SECONDS (20) after an uncounted warm-up (5 s), then the
 * quotes alone as long. Prints orders a second and the server's CPU time (user + system, from /proc: what
 * a busy machine disturbs least) per order and per quote; on a PostgreSQL server on this machine, the
 * CPU time of its backends serving the run's database as well (from /proc, by their pids).
 *
 * Database: an in-memory PGlite by default; DATABASE_URL=postgres://... makes a throwaway database on
 * that server. BENCH_SERVER_ROOT runs another checkout's server (server-process.ts); BENCH_CPU_PROF
 * writes its CPU profile.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { checkoutRequests, FirstRefusals, prepareShop } from './checkout-traffic.ts';
import { processCpuSeconds, startServer } from './server-process.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const seconds = Number(process.env.ORDERS_SECONDS ?? 20);
const connections = Number(process.env.ORDERS_CONNECTIONS ?? 4);
const warmUpSeconds = Number(process.env.ORDERS_WARM_UP_SECONDS ?? 5);

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const postgres = postgresUrl ? await throwawayPostgres(postgresUrl, 'rr_orders') : null;

/** CPU seconds of the PostgreSQL backends serving `url`'s database (0 when they cannot be read: another machine). */
async function databaseCpu(url: string | undefined, known: Map<number, number>): Promise<number> {
  if (!url) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      // Null when gone meanwhile, or not on this machine.
      const used = processCpuSeconds(pid);
      if (used !== null) known.set(pid, used);
    }
  } finally {
    await client.end();
  }
  return [...known.values()].reduce((a, b) => a + b, 0);
}

const server = await startServer({ DATABASE_URL: postgres?.url ?? 'memory://', RATE_LIMITS: 'false' });

try {
  const shop = await prepareShop(server.base, 24);
  let counting = false;
  const answers = new Map<string, Map<number, number>>();
  const firstRefusals = new FirstRefusals();
  const count = (kind: string, status: number, body: string) => {
    if (!counting) return;
    firstRefusals.hear(kind, status, body);
    const byStatus = answers.get(kind) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    answers.set(kind, byStatus);
  };
  const backends = new Map<number, number>();
  const run = async (requests: autocannon.Request[], duration: number) => {
    const cpuBefore = server.cpuSeconds() ?? 0;
    const dbBefore = await databaseCpu(postgres?.url, backends);
    // Backends that start during the run are counted from zero: look for them every second.
    const watch = setInterval(() => void databaseCpu(postgres?.url, backends), 1000);
    const result = await autocannon({ url: server.base, connections, duration, requests });
    clearInterval(watch);
    const cpu = (server.cpuSeconds() ?? 0) - cpuBefore;
    return { result, cpu, dbCpu: (await databaseCpu(postgres?.url, backends)) - dbBefore };
  };
  const traffic = checkoutRequests(shop, count);

  await run(traffic, warmUpSeconds);
  counting = true;
  const orders = await run(traffic, seconds);
  const placed = answers.get('checkout: place COD order')?.get(201) ?? 0;
  const ordersAnswers = new Map(answers);
  answers.clear();
  // The quote on its own: the first request of the sequence, repeated.
  const quotes = await run(traffic.slice(0, 1), seconds);
  const quoted = answers.get('checkout: quote')?.get(200) ?? 0;

  console.log(
    `\n${connections} connections, ${seconds} s each, ${postgres ? 'PostgreSQL' : 'embedded PGlite (in memory)'}\n`,
  );
  console.log(
    `orders (quote + place + deliver): ${(placed / seconds).toFixed(1)}/s, ` +
      `server CPU ${((orders.cpu * 1000) / placed).toFixed(1)} ms an order` +
      (postgres ? `, PostgreSQL CPU ${((orders.dbCpu * 1000) / placed).toFixed(1)} ms` : '') +
      `, p99 ${orders.result.latency.p99} ms`,
  );
  console.log(
    `quotes alone:                     ${(quoted / seconds).toFixed(1)}/s, ` +
      `server CPU ${((quotes.cpu * 1000) / quoted).toFixed(2)} ms a quote` +
      (postgres ? `, PostgreSQL CPU ${((quotes.dbCpu * 1000) / quoted).toFixed(2)} ms` : '') +
      `, p99 ${quotes.result.latency.p99} ms`,
  );
  console.log('\nanswers by status');
  for (const [kind, byStatus] of [...ordersAnswers, ...answers]) {
    console.log(`  ${kind.padEnd(28)} ${[...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ')}`);
  }
  firstRefusals.print();
  console.log();
} finally {
  await server.stop();
  await postgres?.drop();
}
