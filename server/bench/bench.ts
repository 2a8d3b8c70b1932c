/**
 * npm run bench: starts the real server on a fresh in-memory database with the demo data and
 * measures the catalog routes beside a constant-JSON route of the same server, in one run.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, '../..');

const server = await startServer({}, 60_000);
const base = server.base;

try {
  const list = (await (await fetch(`${base}/api/products`)).json()) as { products: Array<{ _id: string }> };
  const productId = list.products[0]!._id;
  const routes = [
    { name: 'constant JSON (/livez)', path: '/livez' },
    { name: 'product list', path: '/api/products' },
    { name: 'search "mukhi"', path: '/api/products?keyword=mukhi' },
    { name: 'product detail', path: `/api/products/${productId}` },
  ];

  const results: Array<{ name: string; path: string; requestsPerSecond: number; p99Ms: number; errors: number }> = [];
  for (const route of routes) {
    // A short warm-up so the JIT and the database caches are in the same state for every route.
    await autocannon({ url: base + route.path, connections, duration: 2 });
    const r = await autocannon({ url: base + route.path, connections, duration: seconds });
    results.push({
      name: route.name,
      path: route.path,
      requestsPerSecond: Math.round(r.requests.average),
      p99Ms: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  }

  const baseline = results[0]!;
  console.log(`\n${seconds} s a route, ${connections} connections, embedded PGlite, demo catalog\n`);
  console.log('route                      req/s   p99 ms   req/s vs constant   p99 vs constant   errors');
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(24),
        String(r.requestsPerSecond).padStart(7),
        String(r.p99Ms).padStart(8),
        `${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}`.padStart(19),
        `${(r.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(1)}x`.padStart(17),
        String(r.errors).padStart(8),
      ].join(' '),
    );
  }
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), seconds, connections, results }, null, 2),
  );
} finally {
  await server.stop();
}
