import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimitStore } from '../src/plugins/rate-limit-store.ts';
import { DEMO_CUSTOMER, createTestApp, uniquePhone, type TestApp } from './helpers.ts';
import { TcpProxy } from './tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client address of its own, so other tests' and earlier runs' counters in Redis do not matter. */
const freshAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let subscriptions = 0;
/** A new subscriber each time (a repeated address answers 200, not 201). */
const subscribe = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: `r${(subscriptions += 1)}-${randomBytes(3).toString('hex')}@example.in` },
    remoteAddress,
  });

const signInAttempt = (app: FastifyInstance, remoteAddress: string, password: string, phone = DEMO_CUSTOMER.phone) =>
  app.inject({
    method: 'POST',
    url: '/api/users/loginviapassword',
    payload: { phone, password },
    remoteAddress,
  });

describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ seed: false, rateLimits: true, env: { REDIS_URL } });
    b = await createTestApp({ seed: false, rateLimits: true, env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts requests to two instances against one limit', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(i % 2 === 0 ? a.app : b.app, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('rate limits while Redis cannot be reached', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ rateLimits: true, env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('still answers the newsletter, and 429 after its limit, never 500', async () => {
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(shop.app, ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it('still signs in, refuses wrong passwords, and limits attempts per phone and per address, never 500', async () => {
    const statuses = [(await signInAttempt(shop.app, freshAddress(), DEMO_CUSTOMER.password)).statusCode];
    for (let i = 0; i < 11; i++)
      statuses.push((await signInAttempt(shop.app, freshAddress(), 'wrong-password')).statusCode);
    expect(statuses[0]).toBe(200);
    // Ten failures for the phone (counted in the database), then a pause.
    expect(statuses.slice(1, 11)).toEqual(Array(10).fill(401));
    expect(statuses[11]).toBe(429);
    // The per-address limit (30 in 15 minutes) is counted in this process while Redis is away.
    const address = freshAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 31; i++) fromOne.push((await signInAttempt(shop.app, address, 'x', uniquePhone())).statusCode);
    expect(fromOne.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(fromOne[30]).toBe(429);
  });
});

describe('rate limits when Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = new TcpProxy(redis.hostname, Number(redis.port || 6379));
    await proxy.start();
    const viaProxy = new URL(REDIS_URL);
    viaProxy.host = proxy.url;
    a = await createTestApp({ rateLimits: true, env: { REDIS_URL: viaProxy.toString() } });
    b = await createTestApp({ seed: false, rateLimits: true, env: { REDIS_URL: viaProxy.toString() } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.stop();
  });

  /** True when a request to each instance counts against one limit (the count is in Redis). */
  async function countsAreShared(): Promise<boolean> {
    const ip = freshAddress();
    expect((await subscribe(a.app, ip)).statusCode).toBe(201);
    const second = await subscribe(b.app, ip);
    expect(second.statusCode).toBe(201);
    return second.headers['x-ratelimit-remaining'] === '8';
  }

  /**
   * True once counts are shared (fresh addresses each try): a count that takes Redis longer than the
   * store's 500 ms command timeout (a machine busy with other tests) is counted in the process instead.
   */
  async function sharedWithin(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (await countsAreShared()) return true;
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('counts in each process while Redis is away, and in Redis again once it is back', async () => {
    expect(await sharedWithin(5_000)).toBe(true);

    await proxy.stop();
    expect(await countsAreShared()).toBe(false);
    // Each instance still enforces the limit on its own.
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(a.app, ip)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect((await signInAttempt(a.app, freshAddress(), 'wrong-password')).statusCode).toBe(401);
    expect((await signInAttempt(b.app, freshAddress(), DEMO_CUSTOMER.password)).statusCode).toBe(401);

    await proxy.start();
    // ioredis reconnects within about 2 s; give it up to 15 s.
    expect(await sharedWithin(15_000)).toBe(true);
  });
});

describe('the Redis rate-limit store', () => {
  it('logs an outage once, not once a request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(rateLimit, {
      global: false,
      store: redisRateLimitStore(app, `redis://127.0.0.1:${await closedPort()}`),
    });
    app.get('/limited', { config: { rateLimit: { max: 100, timeWindow: '1 minute' } } }, () => ({ ok: true }));
    await app.ready();
    try {
      for (let i = 0; i < 30; i++) {
        expect((await app.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
        if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      await app.close();
    }
    expect(lines.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
  });
});
