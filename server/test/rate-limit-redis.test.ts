import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ seed: false, env: { REDIS_URL } });
    b = await createTestApp({ seed: false, env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts requests to two instances against one limit', async () => {
    // A client address of its own for this run, so earlier runs' counters in Redis do not matter.
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: `r${i}@example.in` },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
