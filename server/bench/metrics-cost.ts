/**
 * npm run bench:metrics (issue 31, decision 0049): what counting for /metrics costs the hot paths. Two
 * copies of the compiled server, one with METRICS_TOKEN (every request counted) and one without (no
 * hook at all), are measured in turns (off, on, on, off, off, on...) on the same routes, so a busy
 * machine weighs on both alike; printed as req/s and CPU time a request (the server's, from /proc:
 * what a busy machine disturbs least) of each, and their ratios.
 * BENCH_SECONDS (default 10: measured time per route and per side), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { startServer, type ServerProcess } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOKEN = 'bench-metrics-token-of-at-least-32-characters';

interface Sample {
  requests: number;
  p99Ms: number;
  errors: number;
  /** CPU seconds the server used meanwhile. */
  cpu: number;
}

async function measure(server: ServerProcess, path: string, duration: number): Promise<Sample> {
  const cpuBefore = server.cpuSeconds() ?? 0;
  const r = await autocannon({ url: server.base + path, connections, duration });
  return {
    requests: r.requests.total,
    p99Ms: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpu: (server.cpuSeconds() ?? 0) - cpuBefore,
  };
}

async function routes(base: string) {
  const list = (await (await fetch(`${base}/api/products`)).json()) as { products: Array<{ _id: string }> };
  return [
    // Answered from memory before Fastify once asked (decision 0026): the hottest path.
    { name: 'list (memory)', path: '/api/products' },
    { name: 'detail (memory)', path: `/api/products/${list.products[0]!._id}` },
    // Through Fastify and its hooks, no database: what every other request pays.
    { name: 'livez (Fastify)', path: '/livez' },
  ];
}

const off = await startServer({}, 120_000, 'compiled');
let on: ServerProcess | null = null;
try {
  on = await startServer({ METRICS_TOKEN: TOKEN }, 120_000, 'compiled');
  console.log(`\n${seconds} s a side in ${rounds} turns, ${connections} connections, compiled server, PGlite\n`);
  console.log(
    'route              off req/s   on req/s   on/off   off µs cpu/req   on µs cpu/req   on/off   off p99   on p99   errors',
  );
  for (const route of await routes(off.base)) {
    const servers = { off, on };
    await measure(off, route.path, 1);
    await measure(on, route.path, 1);
    const samples: { off: Sample[]; on: Sample[] } = { off: [], on: [] };
    // Off first in even turns, on first in odd ones: neither always follows the other.
    for (let i = 0; i < rounds; i++) {
      for (const side of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        samples[side].push(await measure(servers[side], route.path, seconds / rounds));
      }
    }
    const total = (s: Sample[], field: 'requests' | 'cpu') => s.reduce((n, x) => n + x[field], 0);
    const rate = (s: Sample[]) => Math.round(total(s, 'requests') / seconds);
    const cpuMicros = (s: Sample[]) => (total(s, 'cpu') * 1e6) / Math.max(total(s, 'requests'), 1);
    const p99 = (s: Sample[]) => Math.max(...s.map((x) => x.p99Ms));
    const errors = [...samples.off, ...samples.on].reduce((n, x) => n + x.errors, 0);
    console.log(
      [
        route.name.padEnd(16),
        String(rate(samples.off)).padStart(11),
        String(rate(samples.on)).padStart(10),
        (rate(samples.on) / Math.max(rate(samples.off), 1)).toFixed(3).padStart(8),
        cpuMicros(samples.off).toFixed(1).padStart(16),
        cpuMicros(samples.on).toFixed(1).padStart(15),
        (cpuMicros(samples.on) / cpuMicros(samples.off)).toFixed(3).padStart(8),
        String(p99(samples.off)).padStart(9),
        String(p99(samples.on)).padStart(8),
        String(errors).padStart(8),
      ].join(' '),
    );
  }
  const scrape = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await scrape.text();
  console.log(`\n/metrics after the run: ${scrape.status}, ${text.length} bytes, ${text.split('\n').length} lines`);
} finally {
  await on?.stop();
  await off.stop();
}
