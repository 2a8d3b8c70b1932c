/**
 * npm run load: 60 s of traffic against a freshly started production-mode server on 127.0.0.1: shoppers
 * browsing the catalog (list, search, detail, bestsellers), in turns alone and beside signed-in customers
 * who quote and place Cash on Delivery orders as fast as they can, which an admin marks delivered (so no
 * customer hits the open-order cap). The turns alternate (alone, beside orders, alone, ...) so that a
 * noisy machine weighs on both alike. Prints the catalog's req/s and p99 alone and beside the orders and
 * their ratio (issue 31), per kind of read too, the orders' own figures, the server's CPU time a read and
 * (estimated) an order, answers by status per request kind, and the server's RSS before and after.
 *
 * Database: an in-memory PGlite by default; with DATABASE_URL=postgres://... a throwaway database is
 * created on that server for the run and dropped afterwards. Rate limits are off (all traffic comes
 * from one address). LOAD_SECONDS (60, all turns together), LOAD_TURN_SECONDS (10), LOAD_WARM_UP_SECONDS (5),
 * LOAD_CATALOG_CONNECTIONS (8), LOAD_CHECKOUT_CONNECTIONS (4), LOAD_CUSTOMERS (24) tune it;
 * BENCH_SERVER_ROOT runs another checkout's server (a before/after figure, server-process.ts).
 * LOAD_INSTANCES=2 (with DATABASE_URL=postgres://... and Redis at REDIS_URL, default 127.0.0.1:6379)
 * runs two instances behind nginx with deploy/nginx.conf (nginx.ts) and sends all traffic through it;
 * compare its req/s with a run of one instance. LOAD_SPLIT=true with LOAD_INSTANCES=2 sends the catalog to the
 * first instance and the checkout to the second, no proxy: the catalog with a process of its own, the
 * most any split of the shop's work (a worker thread for the writes, say) could give it (decision 0071).
 */
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { checkoutRequests as checkoutTraffic, FirstRefusals, pick, prepareShop } from './checkout-traffic.ts';
import { startNginx } from './nginx.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const turnSeconds = Number(process.env.LOAD_TURN_SECONDS ?? 10);
const warmUpSeconds = Number(process.env.LOAD_WARM_UP_SECONDS ?? 5);
/** Turns of each kind (catalog alone, catalog beside orders), alternating. */
const turns = Math.max(1, Math.round(seconds / (2 * turnSeconds)));
const catalogConnections = Number(process.env.LOAD_CATALOG_CONNECTIONS ?? 8);
const checkoutConnections = Number(process.env.LOAD_CHECKOUT_CONNECTIONS ?? 4);
const customerCount = Number(process.env.LOAD_CUSTOMERS ?? 24);
type Turn = 'alone' | 'beside orders';
let turn: Turn | 'warm-up' = 'alone';
/** Answers by status, per kind of request. */
const answers = new Map<string, Map<number, number>>();
/** Catalog answers (any status) per turn kind and kind of read. */
const catalogAnswers = new Map<Turn, Map<string, number>>();
/** Catalog answers sent from the server's memory (X-Cache: hit), per turn kind. */
const fromMemory = new Map<Turn, number>();
/** Counts a catalog read's answer: `count`, and whether it came from memory. */
function countRead(kind: string) {
  return (status: number, body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
    count(kind, status, body);
    if (turn !== 'warm-up' && headers?.['x-cache'] === 'hit') fromMemory.set(turn, (fromMemory.get(turn) ?? 0) + 1);
  };
}
const firstRefusals = new FirstRefusals();
function count(kind: string, status: number, body = ''): void {
  if (turn === 'warm-up') return;
  firstRefusals.hear(kind, status, body);
  const byStatus = answers.get(kind) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  answers.set(kind, byStatus);
  if (!kind.startsWith('catalog')) return;
  const byKind = catalogAnswers.get(turn) ?? new Map<string, number>();
  byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  catalogAnswers.set(turn, byKind);
}

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const instanceCount = Number(process.env.LOAD_INSTANCES ?? 1);
if (instanceCount > 1 && !postgresUrl) throw new Error('LOAD_INSTANCES > 1 needs DATABASE_URL=postgres://...');
const postgres = postgresUrl ? await throwawayPostgres(postgresUrl, 'rr_load') : null;
// Rate limits are off: every request of the run comes from this one address. The instances start one
// after the other (the first migrates and seeds the demo data).
const servers: ServerProcess[] = [];
for (let i = 0; i < instanceCount; i++) {
  servers.push(
    await startServer({
      DATABASE_URL: postgres?.url ?? 'memory://',
      RATE_LIMITS: 'false',
      REDIS_URL: instanceCount > 1 ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : '',
    }),
  );
}
const split = process.env.LOAD_SPLIT === 'true';
if (split && instanceCount !== 2) throw new Error('LOAD_SPLIT=true needs LOAD_INSTANCES=2');
const proxy = instanceCount > 1 && !split ? await startNginx(servers.map((s) => s.base)) : null;
const base = proxy?.base ?? servers[0]!.base;
const checkoutBase = split ? servers[1]!.base : base;
const server = {
  rssMb: () => servers.reduce((sum, s) => sum + (s.rssMb() ?? 0), 0) || null,
  cpuSeconds: () => servers.reduce((sum, s) => sum + (s.cpuSeconds() ?? 0), 0),
  stop: async () => {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
  },
};

try {
  const shop = await prepareShop(base, customerCount);
  const { productIds } = shop;

  const rssBefore = server.rssMb();
  const keywords = ['mukhi', 'ruby', 'mala', 'rudraksha', 'emerald', 'pearl', 'sphatik', 'neelam'];
  const catalogRequests: autocannon.Request[] = [
    { method: 'GET', path: '/api/products', onResponse: countRead('catalog: list') },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/products?keyword=${pick(keywords)}` }),
      onResponse: countRead('catalog: search'),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/products/${pick(productIds)}` }),
      onResponse: countRead('catalog: detail'),
    },
    { method: 'GET', path: '/api/products/bestsellers', onResponse: countRead('catalog: bestsellers') },
  ];

  const checkoutRequests = checkoutTraffic(shop, count);

  console.log(
    `\n${turns} turns of ${turnSeconds} s each, catalog alone and beside orders: ${catalogConnections} catalog + ` +
      `${checkoutConnections} checkout connections, ${postgres ? 'PostgreSQL' : 'embedded PGlite (in memory)'}, ` +
      `${split ? '2 instances, the catalog on the first and the checkout on the second, ' : ''}` +
      `${instanceCount > 1 && !split ? `${instanceCount} instances behind nginx (deploy/nginx.conf), ` : ''}` +
      `${productIds.length} products, ${customerCount} customers\n`,
  );
  // Uncounted: the server's code warms up (the first seconds of a fresh process are several times slower).
  turn = 'warm-up';
  await autocannon({ url: base, connections: catalogConnections, duration: warmUpSeconds, requests: catalogRequests });
  const results: Record<Turn, autocannon.Result[]> = { alone: [], 'beside orders': [] };
  const checkouts: autocannon.Result[] = [];
  /** The servers' CPU seconds during each kind of turn. */
  const cpu: Record<Turn, number> = { alone: 0, 'beside orders': 0 };
  for (let i = 0; i < turns; i++) {
    turn = 'alone';
    let cpuBefore = server.cpuSeconds();
    results.alone.push(
      await autocannon({
        url: base,
        connections: catalogConnections,
        duration: turnSeconds,
        requests: catalogRequests,
      }),
    );
    cpu.alone += server.cpuSeconds() - cpuBefore;
    turn = 'beside orders';
    cpuBefore = server.cpuSeconds();
    const [catalog, checkout] = await Promise.all([
      autocannon({ url: base, connections: catalogConnections, duration: turnSeconds, requests: catalogRequests }),
      autocannon({
        url: checkoutBase,
        connections: checkoutConnections,
        duration: turnSeconds,
        requests: checkoutRequests,
      }),
    ]);
    cpu['beside orders'] += server.cpuSeconds() - cpuBefore;
    results['beside orders'].push(catalog);
    checkouts.push(checkout);
  }
  const rssAfter = server.rssMb();

  /** Req/s over all turns of a kind; p50 and p99 the worst turn's; the rest added up. */
  const summary = (runs: autocannon.Result[]) => {
    const total = runs.reduce((sum, r) => sum + r.requests.total, 0);
    const duration = runs.reduce((sum, r) => sum + r.duration, 0);
    const worst = (pick: (r: autocannon.Result) => number) => Math.max(...runs.map(pick));
    const sum = (pick: (r: autocannon.Result) => number) => runs.reduce((n, r) => n + pick(r), 0);
    return {
      perSecond: total / duration,
      p50: worst((r) => r.latency.p50),
      p99: worst((r) => r.latency.p99),
      max: worst((r) => r.latency.max),
      total,
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      turnRates: runs.map((r) => Math.round(r.requests.total / r.duration)),
    };
  };
  const alone = summary(results.alone);
  const beside = summary(results['beside orders']);
  const orders = summary(checkouts);
  console.log(
    'traffic                 req/s   p50 ms   p99 ms   max ms   requests   non-2xx   errors   timeouts   per turn',
  );
  for (const [name, r] of [
    ['catalog alone', alone],
    ['catalog beside orders', beside],
    ['checkout (orders)', orders],
  ] as const) {
    console.log(
      [
        name.padEnd(21),
        String(Math.round(r.perSecond)).padStart(7),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.max).padStart(8),
        String(r.total).padStart(10),
        String(r.non2xx).padStart(9),
        String(r.errors).padStart(8),
        String(r.timeouts).padStart(10),
        `   ${r.turnRates.join(' / ')}`,
      ].join(' '),
    );
  }
  const placed = answers.get('checkout: place COD order')?.get(201) ?? 0;
  console.log(
    `\ncatalog beside orders / alone: ${(beside.perSecond / alone.perSecond).toFixed(2)} ` +
      `(p99 ${beside.p99} ms beside ${(placed / (turns * turnSeconds)).toFixed(0)} COD orders/s)`,
  );
  // The orders' share of the server's CPU beside them: what the turn used, less its catalog reads at
  // what a read cost alone (an estimate: a read beside orders may cost more).
  const perRead = cpu.alone / alone.total;
  const ordersCpu = cpu['beside orders'] - perRead * beside.total;
  console.log(
    `  server CPU: ${((perRead * 1e6) | 0).toString()} µs a catalog read alone; beside orders ` +
      `${((cpu['beside orders'] / (turns * turnSeconds)) * 100).toFixed(0)}% of a core, ` +
      `about ${placed ? ((ordersCpu * 1000) / placed).toFixed(1) : 'n/a'} ms an order (quote, place, deliver)`,
  );
  const memoryShare = (t: Turn) =>
    (fromMemory.get(t) ?? 0) / [...(catalogAnswers.get(t)?.values() ?? [])].reduce((a, b) => a + b, 0);
  console.log(
    `  answered from memory: ${(memoryShare('alone') * 100).toFixed(1)}% alone, ` +
      `${(memoryShare('beside orders') * 100).toFixed(1)}% beside orders`,
  );
  const kinds = [...(catalogAnswers.get('alone')?.keys() ?? [])].sort();
  for (const kind of kinds) {
    const rate = (t: Turn) => (catalogAnswers.get(t)?.get(kind) ?? 0) / (turns * turnSeconds);
    console.log(
      `  ${kind.padEnd(22)} ${rate('alone').toFixed(0).padStart(7)} alone ${rate('beside orders').toFixed(0).padStart(7)} ` +
        `beside orders   ratio ${(rate('beside orders') / rate('alone')).toFixed(2)}`,
    );
  }
  console.log('\nanswers by status');
  for (const [kind, byStatus] of [...answers].sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(`  ${kind.padEnd(28)} ${statuses.join(', ')}`);
  }
  firstRefusals.print();
  const failures = [...answers.values()].flatMap((byStatus) => [...byStatus].filter(([status]) => status >= 400));
  console.log(
    `\nerrors by status: ${failures.length ? failures.map(([s, n]) => `${s}: ${n}`).join(', ') : 'none'}` +
      `; socket errors ${alone.errors + beside.errors + orders.errors}, ` +
      `timeouts ${alone.timeouts + beside.timeouts + orders.timeouts}`,
  );
  console.log(`server RSS: ${rssBefore ?? 'n/a'} MB before, ${rssAfter ?? 'n/a'} MB after\n`);
} finally {
  await server.stop();
  await postgres?.drop();
}
