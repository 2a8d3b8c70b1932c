import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { outboxMessages } from '../src/db/schema/index.ts';
import { RequestFigures, shopFigures, type MetricSources } from '../src/plugins/metrics.ts';
import { ResponseCache } from '../src/plugins/response-cache.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

// Issue 31, decision 0049: GET /metrics in Prometheus's text format, for the token's bearer only (or on
// a port of its own), with requests by route pattern, cache answers, the pool, the outbox and the loop.

const TOKEN = 'metrics-token-of-at-least-32-characters';

let t: TestApp;
let base: URL;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  base = new URL(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the sample `name{labels}` (labels in the order written), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A GET over a real connection (only those can be answered from memory, before Fastify). */
function overHttp(path: string): Promise<{ statusCode: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), (res) => {
      res.resume();
      res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('who may read /metrics', () => {
  it('answers a missing or wrong token with a 404, as an address the shop does not have', async () => {
    const unknown = await t.app.inject({ url: '/api/no-such-address' });
    for (const headers of [{}, bearer('not-the-token-but-just-as-long-as-it!!'), { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(unknown.json().code);
      expect(res.body).not.toContain('rr_http_requests_total');
    }
  });

  it('gives the figures to the bearer of the token, in the text format, each named figure there', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'rr_http_requests_total',
      'rr_http_request_duration_seconds',
      'rr_response_cache_answers_total',
      'rr_response_cache_invalidations_total',
      'rr_response_cache_live',
      'rr_db_pool_connections',
      'rr_db_pool_waiting',
      'rr_outbox_pending_messages',
      'rr_outbox_oldest_due_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });

  it('is off when neither the token nor a port of its own is set', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const res = await plain.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.body).not.toContain('rr_http_requests_total');
    } finally {
      await plain.close();
    }
  });
});

describe('requests and the response cache', () => {
  it('counts a catalog request under its route pattern, never its address', async () => {
    const id = await make.product(t);
    const series = 'rr_http_requests_total{method="GET",route="/api/products/:id",status="200"}';
    const before = sample(await scrape(), series) ?? 0;
    expect((await t.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 1);
    expect(sample(after, 'rr_http_request_duration_seconds_count{method="GET",route="/api/products/:id"}')).toBe(
      before + 1,
    );
    expect(after).not.toContain(id);
  });

  it('counts the pages and the addresses no route has under a label each, not their addresses', async () => {
    const page = 'rr_http_requests_total{method="GET",route="page",status="200"}';
    const unmatched = 'rr_http_requests_total{method="GET",route="unmatched",status="404"}';
    const before = await scrape();
    expect((await t.app.inject({ url: '/collection/rudraksha-beads-xyz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/nothing-here-xyz' })).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, page)).toBe((sample(before, page) ?? 0) + 1);
    expect(sample(after, unmatched)).toBe((sample(before, unmatched) ?? 0) + 1);
    expect(after).not.toContain('xyz');
  });

  it('counts a cache hit, through the route and from memory before Fastify', async () => {
    const id = await make.product(t);
    const url = `/api/products/${id}`;
    const hit = (frontDoor: boolean) =>
      `rr_response_cache_answers_total{route="/api/products/:id",cache="hit",front_door="${frontDoor}"}`;
    // Kept once the product's own change notice has come (on PostgreSQL it may follow the insert).
    await t.app.responseCache.caughtUp();
    await eventually(async () => expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit'));
    const before = await scrape();
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    const afterRoute = await scrape();
    expect(sample(afterRoute, hit(false))).toBe((sample(before, hit(false)) ?? 0) + 1);

    // Over HTTP the address, answered from the cache before, is answered from memory.
    await eventually(async () => expect((await overHttp(url)).headers['x-cache']).toBe('hit'));
    const afterMemory = await scrape();
    expect(sample(afterMemory, hit(true))).toBeGreaterThan(sample(before, hit(true)) ?? 0);
    expect(
      sample(afterMemory, 'rr_http_requests_total{method="GET",route="/api/products/:id",status="200"}'),
    ).toBeGreaterThan(
      sample(afterRoute, 'rr_http_requests_total{method="GET",route="/api/products/:id",status="200"}')!,
    );
  });

  it('counts the invalidations a catalog change brings', async () => {
    const before = sample(await scrape(), 'rr_response_cache_invalidations_total')!;
    await make.product(t);
    await eventually(async () =>
      expect(sample(await scrape(), 'rr_response_cache_invalidations_total')).toBeGreaterThan(before),
    );
    expect(sample(await scrape(), 'rr_response_cache_live')).toBe(1);
  });
});

describe('the database and the outbox', () => {
  it('shows a pending message in the backlog and how long it has waited', async () => {
    // The worker would send it: stopped, the message stays due.
    await t.app.outbox.stop();
    const before = sample(await scrape(), 'rr_outbox_pending_messages{state="due"}')!;
    await t.db.insert(outboxMessages).values({
      idempotencyKey: `metrics-test-${Math.random()}`,
      kind: 'order_placed',
      channel: 'sms',
      recipient: '9876543210',
      text: 'waiting',
      nextAttemptAt: sql`now() - interval '90 seconds'`,
    });
    const after = await scrape();
    expect(sample(after, 'rr_outbox_pending_messages{state="due"}')).toBe(before + 1);
    expect(sample(after, 'rr_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(90);
  });

  it("shows the pool's connections on PostgreSQL, and none on PGlite (no pool)", async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'rr_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, 'rr_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toMatch(/^rr_db_pool_connections\{/m);
    }
  });

  it('writes the pool figures it is given', async () => {
    const sources: MetricSources = {
      cache: new ResponseCache(),
      pool: () => ({ inUse: 7, idle: 3, max: 10, waiting: 4 }),
      outbox: async () => ({ due: 0, retrying: 0, scheduled: 0, oldestDueSeconds: 0 }),
      loadShed: { delayMs: () => 250, thresholdMs: 1_000 },
      onError: () => undefined,
    };
    const text = await shopFigures(new RequestFigures(), sources).text();
    expect(sample(text, 'rr_db_pool_connections{state="in_use"}')).toBe(7);
    expect(sample(text, 'rr_db_pool_connections{state="idle"}')).toBe(3);
    expect(sample(text, 'rr_db_pool_waiting')).toBe(4);
    expect(sample(text, 'rr_load_shed_event_loop_delay_seconds')).toBe(0.25);
    expect(sample(text, 'rr_load_shed_threshold_seconds')).toBe(1);
  });

  it('leaves the outbox figures out, and still answers, when the outbox cannot be read', async () => {
    const errors: unknown[] = [];
    const text = await shopFigures(new RequestFigures(), {
      cache: new ResponseCache(),
      pool: () => null,
      outbox: () => Promise.reject(new Error('database away')),
      loadShed: null,
      onError: (err) => errors.push(err),
    }).text();
    expect(text).not.toMatch(/^rr_outbox_pending_messages\{/m);
    expect(text).toContain('# TYPE rr_http_requests_total counter');
    expect(errors).toHaveLength(1);
  });
});

describe('a port of its own', () => {
  let own: TestApp;
  let metricsBase: URL;

  beforeAll(async () => {
    own = await createTestApp({ seed: false, env: { METRICS_PORT: '0' } });
    const { port } = own.app.metricsServer!.address() as { port: number };
    metricsBase = new URL(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await own?.close();
  });

  it('serves /metrics there, and not on the shop port', async () => {
    // The shop's port has no such route: what it answers is its page for an address it does not know.
    expect((await own.app.inject({ url: '/metrics' })).body).not.toContain('rr_http_requests_total');
    const res = await fetch(new URL('/metrics', metricsBase));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE rr_http_requests_total counter');
    expect((await fetch(new URL('/api/products', metricsBase))).status).toBe(404);
  });
});

describe('configuration', () => {
  it('refuses a metrics port other machines reach without a token, and a short token', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_HOST=0\.0\.0\.0 is reachable from other machines, so it needs METRICS_TOKEN/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(/at least 32 characters/);
    expect(
      loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics,
    ).toEqual({ token: TOKEN, port: 9464, host: '0.0.0.0' });
  });
});
