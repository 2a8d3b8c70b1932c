import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../src/db/schema/index.ts';
import { createTestApp, rateLimitedApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const subscribe = (payload: unknown, ip = '10.0.0.1', app = t.app) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress: ip });

async function subscribers(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(newsletterSubscribers);
  return row!.n;
}

describe('POST /api/newsletter', () => {
  it('subscribes, normalising the address, and thanks the reader', async () => {
    const res = await subscribe({ email: '  Asha.Verma@Example.IN ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/^Thank you for subscribing/);
    const rows = await t.db.select().from(newsletterSubscribers);
    expect(rows.map((r) => r.email)).toEqual(['asha.verma@example.in']);
  });

  it('is idempotent: subscribing again thanks again and stores nothing new', async () => {
    const res = await subscribe({ email: 'asha.verma@example.in' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Thank you for subscribing/);
    expect(await subscribers()).toBe(1);
  });

  it.each([
    [{}, 'email'],
    [{ email: '' }, 'email is not a valid e-mail address'],
    [{ email: 'not-an-email' }, 'email is not a valid e-mail address'],
    [{ email: 42 }, 'email must be text'],
    [{ email: { $gt: '' } }, 'email must be text'],
    [{ email: `${'a'.repeat(300)}@example.com` }, 'email is too long'],
    [{ email: '<script>@x.com' }, 'email is not a valid e-mail address'],
  ])('refuses %j with a 400 and stores nothing', async (payload, message) => {
    const res = await subscribe(payload, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await subscribers()).toBe(1);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: 'email=a@b.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });

  it('limits how often one address may subscribe', async () => {
    const limited = await rateLimitedApp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await subscribe({ email: `reader${i}@example.com` }, '10.0.0.9', limited.app)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('with RATE_LIMITS=false (end-to-end test servers only)', () => {
  it('does not limit requests', async () => {
    const open = await createTestApp({ seed: false, env: { RATE_LIMITS: 'false' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await open.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `o${i}@example.in` },
          remoteAddress: '10.0.0.50',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 201)).toBe(true);
    } finally {
      await open.close();
    }
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('limits the client the proxy saw, whatever address the client claims', async () => {
    const proxied = await createTestApp({ seed: false, rateLimits: true, env: { TRUST_PROXY: '1' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `p${i}@example.in` },
          remoteAddress: '10.0.0.60',
          // The client forged the first entry; the proxy appended the address it really saw.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.10` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
