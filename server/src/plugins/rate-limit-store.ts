import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The shape of @fastify/rate-limit's own stores, whose `incr` also takes the window and the limit. */
interface Counter {
  incr(key: string, callback: Callback, timeWindow?: number, max?: number): void;
  child(routeOptions: RouteOptions): Counter;
}

// The plugin's own stores (CommonJS, without type declarations): the same Lua script and keys in
// Redis as before, and the same in-process counting as without Redis.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Counter;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Counter;

/** While Redis is away, one request in this many milliseconds tries it again (for a Redis that hangs). */
const PROBE_INTERVAL_MS = 1_000;

/** Whether Redis answers; shared by the store of every route, so an outage is logged once. */
class RedisHealth {
  private down = false;
  private lastProbe = 0;

  constructor(
    readonly redis: Redis,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    redis.on('ready', () => this.markUp());
    // ioredis reports every failed reconnection; one warning per outage is enough.
    redis.on('error', (err: Error) => this.markDown(err.message));
    redis.on('close', () => this.markDown('connection closed'));
  }

  /** Send this request's count to Redis, or count in this process? */
  useRedis(): boolean {
    if (this.redis.status !== 'ready') return false;
    if (!this.down) return true;
    if (Date.now() - this.lastProbe < PROBE_INTERVAL_MS) return false;
    this.lastProbe = Date.now();
    return true;
  }

  markDown(reason: string): void {
    if (this.down) return;
    this.down = true;
    this.lastProbe = Date.now();
    this.log.warn(`rate limits: Redis unavailable (${reason}); counting in this process until it is back`);
  }

  markUp(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate limits: Redis is back; counting there again');
  }
}

/** Counts in Redis, and in this process while Redis cannot answer: never an error for the request. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly health: RedisHealth,
    private readonly remote: Counter,
    private readonly local: Counter,
  ) {}

  incr(key: string, callback: Callback, timeWindow?: number, max?: number): void {
    if (!this.health.useRedis()) return this.local.incr(key, callback, timeWindow, max);
    this.remote.incr(
      key,
      (error, result) => {
        if (error) {
          this.health.markDown(error.message);
          return this.local.incr(key, callback, timeWindow, max);
        }
        this.health.markUp();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.health, this.remote.child(routeOptions), this.local.child(routeOptions));
  }
}

/**
 * Rate-limit counters shared between instances through Redis, falling back to counting in this
 * process while Redis is away (logged once per outage), and back to Redis when it returns.
 * The app starts once Redis answers or has failed once, so the first requests count in Redis too.
 * Returns the class for the `store` option of @fastify/rate-limit.
 */
export function redisRateLimitStore(
  app: FastifyInstance,
  url: string,
  nameSpace = 'rr-rate-limit:',
): FastifyRateLimitStoreCtor {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    // A count that cannot be made at once is made in this process instead: never queue or wait.
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  const health = new RedisHealth(redis, app.log);
  const firstAttempt = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  app.addHook('onReady', () => firstAttempt);
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  return class Store extends FallbackStore {
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        health,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
