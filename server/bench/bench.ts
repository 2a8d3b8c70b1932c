/**
 * npm run bench: starts the real server on a fresh in-memory database with the demo data and
 * measures the catalog routes beside a constant-JSON route of the same server, in one run.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the load.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(base: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('The server exited before it became healthy (see its output above)');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The server did not become healthy within 60 s');
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    DEMO_DATA: 'true',
    // Production mode, as a shop runs; the sandbox SMS and payment adapters serve no request here.
    NODE_ENV: 'production',
    ALLOW_INSECURE_DEFAULTS: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let serverExited = false;
server.on('exit', () => (serverExited = true));

try {
  await waitForHealth(base, () => serverExited);
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
  server.kill('SIGTERM');
}
