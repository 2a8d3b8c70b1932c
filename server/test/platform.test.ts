import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as make from './factories.ts';
import { WEB_APP_FIXTURE_HTML, bearer, createTestApp, eventually, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('reports database health', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers liveness without the database', async () => {
    const res = await t.app.inject({ url: '/livez' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.each(['/api/nothing-here', '/api', '/api/products/x/y/z'])(
    'answers JSON 404 for unknown API path %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().message).toMatch(/^Not found/);
    },
  );

  it('answers JSON 404 for an unknown API method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/newsletter' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found: DELETE /api/newsletter');
  });

  it.each(['/', '/no/such/page', '/product/123', '/category/gems?x=1'])('serves the React app for %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(WEB_APP_FIXTURE_HTML);
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each(['/assets/app-gone123.js', '/images/missing.svg'])(
    'answers 404, not the app, for the missing file %s',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    },
  );

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  // Issue 31: the page headers (CSP, framing, referrer, HSTS...) go with pages and files; a JSON answer
  // carries only nosniff of them.
  const PAGE_ONLY = [
    'content-security-policy',
    'x-frame-options',
    'strict-transport-security',
    'referrer-policy',
    'cross-origin-opener-policy',
  ];

  it.each([
    ['a catalog answer', '/api/products', 200],
    ['the health check', '/healthz', 200],
    ['a JSON 404', '/api/nothing-here', 404],
  ])('sends %s, being JSON, with nosniff and without the page headers', async (_what, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const name of PAGE_ONLY) expect(res.headers[name], name).toBeUndefined();
  });

  it.each([
    ['a page', '/product/123'],
    ['a script', '/assets/app-abc123.js'],
  ])('sends %s with every security header', async (_what, url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document listing the catalog endpoints, and its UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{id}',
        '/api/products/bestsellers',
        '/api/newsletter',
        '/healthz',
      ]),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('compresses large JSON replies', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('personal answers', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('are kept by no cache: every authenticated route answers private, no-store, refusals too', async () => {
    const buyer = await make.customer(shop);
    const productId = await make.product(shop);
    const placed = await make.codOrder(shop, buyer.token, productId);
    expect(placed.statusCode).toBe(201);
    const { token: adminToken } = await make.admin(shop);
    const asked = [
      ['/api/users/profile', buyer.token],
      ['/api/orders/myorders', buyer.token],
      [`/api/orders/${placed.json()._id}`, buyer.token],
      ['/api/orders', adminToken],
      ['/api/users', adminToken],
      ['/api/admin/dashboard', adminToken],
      ['/api/products?drafts=include', adminToken],
      ['/api/orders/myorders', 'not-a-token'],
    ] as const;
    for (const [url, token] of asked) {
      const res = await shop.app.inject({ url, headers: bearer(token) });
      expect([url, res.statusCode < 500, res.headers['cache-control']]).toEqual([url, true, 'private, no-store']);
    }
    // The public catalog stays public, with a token or without.
    const list = await shop.app.inject({ url: '/api/products', headers: bearer(buyer.token) });
    expect(list.headers['cache-control']).toMatch(/^public/);
  });
});

describe('a server under strain (issue 23)', () => {
  it('sheds requests with 503 OVERLOADED while its event loop lags, and still says it is alive', async () => {
    const strained = await createTestApp({ seed: false, env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '50' } });
    try {
      // The event loop held 100 ms at a time, as by a burst of work, until the shop has measured the lag.
      // It measures the mean delay of the last second, once a second: one long hold alone could fall in
      // a measure of mostly quiet ticks (this test failed so once in CI), a run of holds cannot.
      const lagFor = Date.now() + 5_000;
      let shed = await strained.app.inject({ url: '/api/products' });
      while (shed.statusCode !== 503 && Date.now() < lagFor) {
        const until = Date.now() + 100;
        while (Date.now() < until);
        // Timers run here: the delay monitor's and the once-a-second measure.
        await new Promise((resolve) => setTimeout(resolve, 0));
        shed = await strained.app.inject({ url: '/api/products' });
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toMatchObject({ code: 'OVERLOADED' });
      expect(shed.headers['retry-after']).toBe('5');
      expect((await strained.app.inject({ url: '/livez' })).statusCode).toBe(200);
      await eventually(
        async () => expect((await strained.app.inject({ url: '/api/products' })).statusCode).toBe(200),
        5_000,
      );
    } finally {
      await strained.close();
    }
  });

  it('answers 408 and closes the connection of a client that never finishes its headers', async () => {
    const slow = await createTestApp({ seed: false, env: { HTTP_HEADERS_TIMEOUT_MS: '1000' } });
    try {
      await slow.app.listen({ host: '127.0.0.1', port: 3208 });
      const socket = connect(3208, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.write('GET /livez HTTP/1.1\r\nHost: shop\r\n');
      await new Promise((resolve) => socket.on('close', resolve));
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await slow.close();
    }
  });
});
