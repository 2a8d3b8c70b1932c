import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { errorCodes } from '@rr/core';
import type { PoolFigures } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { MemoryAnswerObserver, ResponseCache } from './response-cache.ts';

/**
 * Issue 31, decision 0049: the shop's figures in Prometheus's text format. What every request moves
 * (requests, durations, cache answers) is counted in plain numbers here, about 30 ns a request, and
 * handed to prom-client only when scraped: prom-client's own labelled counter and histogram cost about
 * 1.3 µs a request, 5% of a cached catalog answer. The rest is read at the scrape (pool, outbox, cache
 * size) or is prom-client's (process, heap, event-loop delay).
 */

/** Upper bounds of the duration buckets, in seconds: a memory answer takes well under a millisecond. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATION_BUCKETS_MS = DURATION_BUCKETS.map((seconds) => seconds * 1000);
/**
 * The route labels of requests no route matched (the address itself would make a series per address):
 * the storefront's pages, which the not-found handler renders (HTML), and the rest.
 */
export const PAGE_ROUTE = 'page';
export const UNMATCHED_ROUTE = 'unmatched';

function unroutedLabel(reply: FastifyReply): string {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html') ? PAGE_ROUTE : UNMATCHED_ROUTE;
}

/** One route's (method and pattern) requests by status and their durations. */
class RouteFigures {
  readonly byStatus = new Map<number, number>();
  /** Requests per bucket (not cumulative: summed when scraped); past the last bound only in `count`. */
  readonly buckets = new Float64Array(DURATION_BUCKETS_MS.length);
  sumMs = 0;
  count = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  record(status: number, ms: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    this.count++;
    this.sumMs += ms;
    for (let i = 0; i < DURATION_BUCKETS_MS.length; i++) {
      if (ms <= DURATION_BUCKETS_MS[i]!) {
        this.buckets[i]!++;
        return;
      }
    }
  }
}

export type CacheAnswer = 'hit' | 'miss' | 'bypass';

interface CacheSeries {
  route: string;
  cache: CacheAnswer;
  frontDoor: boolean;
  value: number;
}

/** What requests move, kept as plain numbers (see the top of the file). */
export class RequestFigures {
  readonly #routes = new Map<string, RouteFigures>();
  readonly #cache = new Map<string, CacheSeries>();

  request(method: string, route: string, status: number, ms: number): void {
    const key = `${method} ${route}`;
    let figures = this.#routes.get(key);
    if (!figures) {
      figures = new RouteFigures(method, route);
      this.#routes.set(key, figures);
    }
    figures.record(status, ms);
  }

  /** An answer of a cached route: from memory (hit) or read from the database (miss, or bypass). */
  cacheAnswer(route: string, cache: CacheAnswer, frontDoor: boolean): void {
    const key = `${route} ${cache} ${frontDoor}`;
    let series = this.#cache.get(key);
    if (!series) {
      series = { route, cache, frontDoor, value: 0 };
      this.#cache.set(key, series);
    }
    series.value++;
  }

  /** The three figures above in Prometheus's text format (what prom-client's registry writes for its own). */
  text(): string {
    const requests: string[] = [];
    const durations: string[] = [];
    for (const figures of this.#routes.values()) {
      const labels = `method="${labelValue(figures.method)}",route="${labelValue(figures.route)}"`;
      for (const [status, value] of figures.byStatus)
        requests.push(`${REQUESTS}{${labels},status="${status}"} ${value}`);
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += figures.buckets[i]!;
        durations.push(`${DURATIONS}_bucket{${labels},le="${le}"} ${cumulative}`);
      });
      durations.push(
        `${DURATIONS}_bucket{${labels},le="+Inf"} ${figures.count}`,
        `${DURATIONS}_sum{${labels}} ${figures.sumMs / 1000}`,
        `${DURATIONS}_count{${labels}} ${figures.count}`,
      );
    }
    const answers = [...this.#cache.values()].map(
      ({ route, cache, frontDoor, value }) =>
        `${CACHE_ANSWERS}{route="${labelValue(route)}",cache="${cache}",front_door="${frontDoor}"} ${value}`,
    );
    return [
      described(
        REQUESTS,
        'counter',
        'Requests answered, by method, route pattern and status (answers from memory included).',
        requests,
      ),
      described(DURATIONS, 'histogram', 'Time from the request to its answer, by method and route pattern.', durations),
      described(
        CACHE_ANSWERS,
        'counter',
        'Answers of cached routes: hit (from memory), miss (read from the database, then kept), bypass (read from the database, the cache not live); front_door: answered before Fastify.',
        answers,
      ),
    ].join('\n');
  }
}

const REQUESTS = 'rr_http_requests_total';
const DURATIONS = 'rr_http_request_duration_seconds';
const CACHE_ANSWERS = 'rr_response_cache_answers_total';

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function described(name: string, type: string, help: string, lines: string[]): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines].join('\n') + '\n';
}

/** What the figures are read from when scraped. */
export interface MetricSources {
  cache: ResponseCache;
  pool: () => PoolFigures | null;
  outbox: () => Promise<{ due: number; retrying: number; scheduled: number; oldestDueSeconds: number }>;
  /** The event-loop delay load shedding acts on, and its threshold (ms); null when shedding is off. */
  loadShed: { delayMs: () => number; thresholdMs: number } | null;
  onError: (err: unknown) => void;
}

function registerCacheMetrics(registry: Registry, cache: ResponseCache): void {
  new Counter({
    name: 'rr_response_cache_invalidations_total',
    help:
      'Catalog changes heard, each dropping the kept answers it touches (a product, the lists, or everything), ' +
      'and the change listener lost or back.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.invalidations);
    },
  });
  new Gauge({
    name: 'rr_response_cache_live',
    help: '1 while change notices reach this instance (answers are kept), 0 while every answer is read fresh.',
    registers: [registry],
    collect() {
      this.set(cache.live ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rr_response_cache_entries',
    help: 'Answers kept in memory.',
    registers: [registry],
    collect() {
      this.set(cache.size.entries);
    },
  });
  new Gauge({
    name: 'rr_response_cache_bytes',
    help: 'What the kept answers are charged against the cache budget, in bytes.',
    registers: [registry],
    collect() {
      this.set(cache.size.bytes);
    },
  });
}

function registerPoolMetrics(registry: Registry, pool: MetricSources['pool']): void {
  new Gauge({
    name: 'rr_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and the most it opens (max); none on PGlite.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const figures = pool();
      if (!figures) return;
      this.set({ state: 'in_use' }, figures.inUse);
      this.set({ state: 'idle' }, figures.idle);
      this.set({ state: 'max' }, figures.max);
    },
  });
  new Gauge({
    name: 'rr_db_pool_waiting',
    help: 'Queries waiting for a pool connection (every one in use); none on PGlite.',
    registers: [registry],
    collect() {
      const figures = pool();
      if (figures) this.set(figures.waiting);
      else this.reset();
    },
  });
}

function registerOutboxMetrics(registry: Registry, sources: MetricSources): void {
  // One read of the outbox a scrape, shared by both gauges: the registry starts collecting every
  // metric before it awaits any, so both ask while the read is under way.
  let reading: Promise<Awaited<ReturnType<MetricSources['outbox']>> | null> | null = null;
  const read = () => {
    reading ??= sources
      .outbox()
      .catch((err: unknown) => {
        sources.onError(err);
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: 'rr_outbox_pending_messages',
    help: 'Messages still to send: due (the backlog), retrying (waiting after a failure), scheduled (to go out later).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const backlog = await read();
      this.reset();
      if (!backlog) return;
      this.set({ state: 'due' }, backlog.due);
      this.set({ state: 'retrying' }, backlog.retrying);
      this.set({ state: 'scheduled' }, backlog.scheduled);
    },
  });
  new Gauge({
    name: 'rr_outbox_oldest_due_seconds',
    help: 'How long the message due first has waited to be sent, in seconds (0: none is due).',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.oldestDueSeconds);
      else this.reset();
    },
  });
}

function registerLoadShedMetrics(registry: Registry, loadShed: NonNullable<MetricSources['loadShed']>): void {
  new Gauge({
    name: 'rr_load_shed_event_loop_delay_seconds',
    help: 'The event-loop delay load shedding compares with its threshold (mean over its last second).',
    registers: [registry],
    collect() {
      this.set(loadShed.delayMs() / 1000);
    },
  });
  new Gauge({
    name: 'rr_load_shed_threshold_seconds',
    help: 'Past this event-loop delay requests get 503 (LOAD_SHED_EVENT_LOOP_DELAY_MS).',
    registers: [registry],
    collect() {
      this.set(loadShed.thresholdMs / 1000);
    },
  });
}

/** The figures as scraped: prom-client's registry, then what requests moved (RequestFigures). */
export interface Scrape {
  contentType: string;
  text(): Promise<string>;
}

/** The figures of one app: a registry of its own, so that apps in one process (tests) do not share them. */
export function shopFigures(figures: RequestFigures, sources: MetricSources): Scrape {
  const registry = new Registry();
  // prom-client's process figures, event-loop delay (nodejs_eventloop_lag_*) among them.
  collectDefaultMetrics({ register: registry });
  registerCacheMetrics(registry, sources.cache);
  registerPoolMetrics(registry, sources.pool);
  registerOutboxMetrics(registry, sources);
  if (sources.loadShed) registerLoadShedMetrics(registry, sources.loadShed);
  return {
    contentType: registry.contentType,
    text: async () => `${await registry.metrics()}\n${figures.text()}`,
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries `Bearer <token>`; compared in constant time (of equal-length digests). */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export interface MetricsSettings {
  token: string | null;
  port: number | null;
  host: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 31: the port of its own /metrics is served on, once the app is ready (null: none). */
    metricsServer: Server | null;
  }
}

/** The answer of a separate metrics port: only GET /metrics, to the token's bearer when there is one. */
function metricsPortHandler(scrape: Scrape, token: string | null, onError: (err: unknown) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (
      request.method !== 'GET' ||
      path !== '/metrics' ||
      (token && !carriesToken(request.headers.authorization, token))
    ) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    scrape.text().then(
      (text) => response.writeHead(200, { 'content-type': scrape.contentType }).end(text),
      (err: unknown) => {
        onError(err);
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  };
}

/** GET /metrics on the shop's port, for the token's bearer; anyone else gets a 404. */
function registerMetricsRoute(app: FastifyInstance, scrape: Scrape, token: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: { hide: true },
      // An overloaded shop is when its figures matter most: never shed.
      config: { pressureHandler: () => undefined },
    },
    async (request, reply) => {
      // As any address the shop does not have (the error plugin's 404): nothing tells a stranger it is here.
      if (!carriesToken(request.headers.authorization, token)) {
        throw new DomainError('not_found', errorCodes.routeNotFound, `Not found: ${request.method} /metrics`);
      }
      const text = await scrape.text();
      return reply.header('content-type', scrape.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}

/** Opens the separate metrics port once the app is ready (a port taken fails the start), closed with the app. */
function registerMetricsPort(app: FastifyInstance, scrape: Scrape, settings: MetricsSettings): void {
  const server = createServer(metricsPortHandler(scrape, settings.token, (err) => app.log.error({ err }, 'metrics')));
  app.decorate('metricsServer', server);
  // On ready, not on listen: Fastify does not wait for onListen hooks, nor reports their failure.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: settings.host, port: settings.port! }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/**
 * Counts every request Fastify answers (by its route's pattern, never its address: a series per
 * address would grow without end) and serves the figures: on a port of their own when one is set,
 * else on the shop's port behind the token. Returns what the server's answers from memory report to
 * (they never reach Fastify), or null when metrics are off (nothing is counted then).
 */
export function registerMetrics(
  app: FastifyInstance,
  settings: MetricsSettings,
  sources: Omit<MetricSources, 'onError'>,
): MemoryAnswerObserver | null {
  if (settings.port === null && settings.token === null) {
    app.decorate('metricsServer', null);
    return null;
  }
  const figures = new RequestFigures();
  const scrape = shopFigures(figures, {
    ...sources,
    onError: (err) => app.log.error({ err }, 'reading a metric failed'),
  });
  // A callback hook, not an async one: no promise a request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? unroutedLabel(reply);
    figures.request(request.method, route, reply.statusCode, reply.elapsedTime);
    const cache = reply.getHeader('x-cache');
    if (cache === 'hit' || cache === 'miss' || cache === 'bypass') figures.cacheAnswer(route, cache, false);
    done();
  });
  if (settings.port !== null) registerMetricsPort(app, scrape, settings);
  else {
    app.decorate('metricsServer', null);
    registerMetricsRoute(app, scrape, settings.token!);
  }
  return (route, status, ms) => {
    const pattern = route ?? UNMATCHED_ROUTE;
    figures.request('GET', pattern, status, ms);
    figures.cacheAnswer(pattern, 'hit', true);
  };
}
