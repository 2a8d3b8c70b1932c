/**
 * npm run bench: each catalog route of the real server (the compiled bundle in a child process,
 * production mode, demo data) against the most a Node server could do with that answer, two ways: a
 * bare node:http server (bare-server.ts, a child process too) sending the same body with only its
 * content type (the bound of issue 31: what any answer's extra headers cost counts against the shop),
 * and one sending the very bytes and headers the route sent (the bound of issue 13). The answer is
 * fetched once. The three are measured in turns (route, bare, replay, route, bare...) so a busy machine
 * weighs on all alike.
 *
 * Targets: every route at >= 0.7 of the bare bound and p99 <= 2 ms (issue 31); >= 0.6 of the replayed
 * one and p99 <= 5 ms (issue 13); at 10 connections.
 * BENCH_DB=pglite|postgres|both (default both); BENCH_DATABASE_URL names the PostgreSQL server
 * (default postgres://postgres@127.0.0.1:5432/test; a throwaway database is made there and dropped).
 * BENCH_SECONDS (default 10: the measured time per route and per side), BENCH_CONNECTIONS (10),
 * BENCH_ROUNDS (5: turns per side), BENCH_PORT (the server's port, and the next one the bound's; free
 * ports when unset).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { demoProductId } from '../src/db/seed.ts';
import { startServer } from './server-process.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const which = process.env.BENCH_DB ?? 'both';
const postgresServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = path.resolve(import.meta.dirname, '../..');
const portBase = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : null;
/** Issue 31: against the bare bound (the body and its content type only). */
const TARGET_BARE_RATIO = 0.7;
const TARGET_BARE_P99_MS = 2;
/** Issue 13: against the bound replaying the shop's own headers. */
const TARGET_REPLAY_RATIO = 0.6;
const TARGET_REPLAY_P99_MS = 5;

if (!['pglite', 'postgres', 'both'].includes(which)) throw new Error('BENCH_DB must be pglite, postgres or both');

/** Headers a server sets per connection or per answer; the rest are sent by the bound as recorded. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Bound {
  base: string;
  stop(): Promise<void>;
}

/**
 * A bare server sending what `url` answered just now: with all its headers (`replay`), or with only
 * its content type (`bare`).
 */
async function boundFor(url: string, headersKept: 'replay' | 'bare'): Promise<Bound> {
  // As autocannon asks: without Accept-Encoding (fetch would otherwise ask for, and undo, compression).
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (headersKept === 'bare' ? name === 'content-type' : !PER_ANSWER.has(name)) headers[name] = value;
  });
  const file = path.join(tmpdir(), `rr-bench-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const body = Buffer.from(await res.arrayBuffer());
  writeFileSync(file, JSON.stringify({ status: res.status, headers, body: body.toString('base64') }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the bare server exited')));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  rmSync(file);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Sample {
  requests: number;
  p99Ms: number;
  errors: number;
}

async function measure(url: string, duration: number): Promise<Sample> {
  const r = await autocannon({ url, connections, duration });
  return { requests: r.requests.total, p99Ms: r.latency.p99, errors: r.errors + r.non2xx };
}

interface BoundResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** The route's req/s over the bound's. */
  ratio: number;
  meetsTarget: boolean;
}

interface RouteResult {
  database: string;
  route: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** Issue 31's bound: the same body with only its content type. */
  bare: BoundResult;
  /** Issue 13's bound: the same bytes and headers the route sent. */
  replay: BoundResult;
}

async function benchDatabase(database: 'pglite' | 'postgres'): Promise<RouteResult[]> {
  const throwaway = database === 'postgres' ? await throwawayPostgres(postgresServer, 'rr_bench') : null;
  const server = await startServer(
    { ...(throwaway ? { DATABASE_URL: throwaway.url } : {}), ...(portBase ? { PORT: String(portBase) } : {}) },
    120_000,
    'compiled',
  );
  try {
    const base = server.base;
    const list = (await (await fetch(`${base}/api/products`)).json()) as { products: Array<{ _id: string }> };
    const routes = [
      { name: 'list', path: '/api/products' },
      { name: 'search "mukhi"', path: '/api/products?keyword=mukhi' },
      { name: 'detail', path: `/api/products/${list.products[0]!._id}` },
      // Issue 25: a demo product sold in three sizes with two add-ons (the same id on earlier commits).
      { name: 'detail variants', path: `/api/products/${demoProductId('nepal-5-mukhi-rudraksha')}` },
      { name: 'best sellers', path: '/api/products/bestsellers' },
      { name: 'top rated', path: '/api/products/top' },
    ];
    const results: RouteResult[] = [];
    for (const route of routes) {
      const bare = await boundFor(base + route.path, 'bare');
      const replay = await boundFor(base + route.path, 'replay').catch(async (err: unknown) => {
        await bare.stop();
        throw err;
      });
      try {
        // A short warm-up of each, so the JIT and the caches start level.
        const sides = [base, bare.base, replay.base];
        for (const side of sides) await measure(side + route.path, 1);
        const samples: Sample[][] = sides.map(() => []);
        for (let i = 0; i < rounds; i++) {
          for (const [n, side] of sides.entries()) samples[n]!.push(await measure(side + route.path, seconds / rounds));
        }
        const [app, bareSamples, replaySamples] = samples as [Sample[], Sample[], Sample[]];
        const rate = (list: Sample[]) => Math.round(list.reduce((n, s) => n + s.requests, 0) / seconds);
        const p99 = (list: Sample[]) => Math.max(...list.map((s) => s.p99Ms));
        const requestsPerSecond = rate(app);
        const p99Ms = p99(app);
        const against = (list: Sample[], targetRatio: number, targetP99Ms: number): BoundResult => {
          const ratio = requestsPerSecond / Math.max(rate(list), 1);
          return {
            requestsPerSecond: rate(list),
            p99Ms: p99(list),
            ratio,
            meetsTarget: ratio >= targetRatio && p99Ms <= targetP99Ms,
          };
        };
        results.push({
          database,
          route: route.name,
          path: route.path,
          requestsPerSecond,
          p99Ms,
          errors: app.reduce((n, s) => n + s.errors, 0),
          bare: against(bareSamples, TARGET_BARE_RATIO, TARGET_BARE_P99_MS),
          replay: against(replaySamples, TARGET_REPLAY_RATIO, TARGET_REPLAY_P99_MS),
        });
      } finally {
        await Promise.all([bare.stop(), replay.stop()]);
      }
    }
    return results;
  } finally {
    await server.stop();
    await throwaway?.drop();
  }
}

function printTable(database: string, results: RouteResult[]): void {
  console.log(
    `\n${database}: ${seconds} s a side in ${rounds} turns, ${connections} connections, demo catalog\n` +
      `bare: node:http sending the body with only its content type; target >= ${TARGET_BARE_RATIO} of it ` +
      `and p99 <= ${TARGET_BARE_P99_MS} ms (issue 31)\n` +
      `replay: node:http sending the route's bytes and headers; target >= ${TARGET_REPLAY_RATIO} of it ` +
      `and p99 <= ${TARGET_REPLAY_P99_MS} ms (issue 13)\n`,
  );
  console.log(
    'route              req/s  p99 ms  errors    bare req/s  p99  ratio  target    replay req/s  p99  ratio  target',
  );
  const bound = (b: BoundResult) =>
    [
      String(b.requestsPerSecond).padStart(13),
      String(b.p99Ms).padStart(4),
      b.ratio.toFixed(2).padStart(6),
      (b.meetsTarget ? 'met' : 'MISSED').padStart(7),
    ].join(' ');
  for (const r of results) {
    console.log(
      [
        r.route.padEnd(16),
        String(r.requestsPerSecond).padStart(7),
        String(r.p99Ms).padStart(7),
        String(r.errors).padStart(7),
        bound(r.bare),
        ' ' + bound(r.replay),
      ].join(' '),
    );
  }
}

const databases: Array<'pglite' | 'postgres'> = which === 'both' ? ['pglite', 'postgres'] : [which as 'pglite'];
const all: RouteResult[] = [];
for (const database of databases) {
  const results = await benchDatabase(database);
  printTable(database === 'pglite' ? 'PGlite (embedded, in memory)' : 'PostgreSQL', results);
  all.push(...results);
}
const out = path.join(root, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'latest.json'),
  JSON.stringify({ at: new Date().toISOString(), seconds, rounds, connections, results: all }, null, 2),
);
