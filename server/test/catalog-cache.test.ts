import type { Product, ProductList, ProductSummary } from '@rr/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { z } from 'zod';
import { products } from '../src/db/schema/index.ts';
import { BEST_SELLERS_CLOCK_MS } from '../src/modules/catalog/cached-reads.ts';
import { releaseExpiredHolds } from '../src/modules/payments/service.ts';
import { PUBLIC_CACHE_CONTROL, ResponseCache } from '../src/plugins/response-cache.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;
let customer: make.Customer;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
  customer = await make.customer(t);
});
afterAll(async () => {
  await t?.close();
});

const read = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const detail = async (id: string) => (await read(`/api/products/${id}`)).json<Product>();
/**
 * Reads until the answer comes from the cache, once the notices of the test's own set-up writes (made in
 * SQL, outside any request) have been heard: on PostgreSQL one could arrive after the answer was kept, and
 * drop it.
 */
async function warm(url: string) {
  await t.app.responseCache.caughtUp();
  let answer = await read(url);
  await eventually(async () => {
    answer = await read(url);
    expect(answer.headers['x-cache']).toBe('hit');
  });
  return answer;
}

describe('cached catalog answers', () => {
  it('carry an ETag, answer 304 to it, and 200 with a new ETag after a change', async () => {
    const id = await make.product(t, { price: 300 });
    const first = await warm(`/api/products/${id}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const notModified = await read(`/api/products/${id}`, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin),
      payload: { price: 320 },
    });
    expect(edit.statusCode).toBe(200);
    const changed = await read(`/api/products/${id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Product>().price).toBe(320);
  });

  it('send the same JSON as the route schema describes, for every catalog route', async () => {
    for (const url of [
      '/api/products',
      '/api/products?keyword=mukhi',
      '/api/products/bestsellers',
      '/api/products/top',
    ]) {
      const res = await warm(url);
      expect(res.statusCode).toBe(200);
      // The best sellers hold for their clock at most (decision 0051): shared caches keep them no longer.
      if (url.endsWith('bestsellers')) expect(res.headers['cache-control']).toMatch(/^public, .*s-maxage=\d$/);
      else expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.json()).toBeTruthy();
    }
    const list = (await read('/api/products')).json<ProductList>();
    expect(list.products.length).toBeGreaterThan(0);
  });

  it('send compressed bytes, made once, to clients that take them', async () => {
    const plain = await warm('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await read('/api/products', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    expect(
      (await read('/api/products', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('key the list by its validated query: the same question in another order is one entry', async () => {
    await warm('/api/products?category=rudraksha&pageNumber=1');
    const swapped = await read('/api/products?pageNumber=1&category=rudraksha');
    expect(swapped.headers['x-cache']).toBe('hit');
  });
});

describe('every kind of catalog change is visible on the very next read', () => {
  it('a price edit, in the detail and the list', async () => {
    const id = await make.product(t, { price: 410, name: `Price edit bead ${Date.now()}` });
    await warm(`/api/products/${id}`);
    const listUrl = `/api/products?keyword=${encodeURIComponent('Price edit bead')}`;
    await warm(listUrl);
    await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload: { price: 455 } });
    expect((await detail(id)).price).toBe(455);
    const listed = (await read(listUrl)).json<ProductList>().products.find((p) => p._id === id);
    expect(listed?.price).toBe(455);
  });

  it('stock taken by an order and given back by its cancellation', async () => {
    const id = await make.product(t, { stock: 5 });
    await warm(`/api/products/${id}`);
    const order = await make.codOrder(t, customer.token, id, 2);
    expect(order.statusCode).toBe(201);
    expect((await detail(id)).countInStock).toBe(3);
    await warm(`/api/products/${id}`);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.json<{ _id: string }>()._id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await detail(id)).countInStock).toBe(5);
  });

  it('stock given back when a payment hold expires (a job, not a request)', async () => {
    const id = await make.product(t, { stock: 4 });
    await make.paymentHold(t, customer.token, id, 3);
    expect((await warm(`/api/products/${id}`)).json<Product>().countInStock).toBe(1);
    expect(await releaseExpiredHolds(t.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    // On PGlite the notice arrives with the commit; on PostgreSQL over the listening connection.
    await eventually(async () => expect((await detail(id)).countInStock).toBe(4));
  });

  it('a review', async () => {
    const id = await make.product(t);
    await warm(`/api/products/${id}`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/reviews`,
      headers: bearer(customer.token),
      payload: { rating: 4, comment: 'Lovely bead' },
    });
    expect(res.statusCode).toBe(201);
    expect((await detail(id)).reviews.map((r) => r.comment)).toEqual(['Lovely bead']);
  });

  it('a draft published: it joins the list', async () => {
    const name = `Draft to publish ${Date.now()}`;
    const id = await make.product(t, { isDraft: true, name });
    const listUrl = `/api/products?keyword=${encodeURIComponent(name)}`;
    expect((await warm(listUrl)).json<ProductList>().products).toEqual([]);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(admin),
      payload: { countInStock: 2 },
    });
    expect(save.statusCode).toBe(200);
    expect((await read(listUrl)).json<ProductList>().products.map((p) => p._id)).toEqual([id]);
  });

  it("a category's GST rate", async () => {
    const id = await make.product(t, { category: 'mala' });
    const before = (await warm(`/api/products/${id}`)).json<Product>().gstPercent;
    const next = before === 12 ? 18 : 12;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/mala',
      headers: bearer(admin),
      payload: { gstPercent: next },
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(id)).gstPercent).toBe(next);
  });

  it('a deletion', async () => {
    const id = await make.product(t);
    await warm(`/api/products/${id}`);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect((await read(`/api/products/${id}`)).statusCode).toBe(404);
  });

  it('the stock of a best seller at once; a units-sold change within the best sellers clock', async () => {
    const id = await make.product(t, { stock: 10 });
    await warm('/api/products/bestsellers');
    // Units sold alone (the counter every order moves) drop nothing: the order is re-read on a clock.
    await t.db
      .update(products)
      .set({ unitsSold: sql`(select coalesce(max(units_sold), 0) + 1 from products)` })
      .where(eq(products.id, id));
    await t.app.responseCache.caughtUp(); // its notice heard: it must not have dropped the answer
    expect((await read('/api/products/bestsellers')).headers['x-cache']).toBe('hit');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + BEST_SELLERS_CLOCK_MS });
    try {
      expect((await read('/api/products/bestsellers')).json<ProductSummary[]>()[0]?._id).toBe(id);
    } finally {
      vi.useRealTimers();
    }
    // An order of a best seller shows its stock on the very next read.
    await warm('/api/products/bestsellers');
    expect((await make.codOrder(t, customer.token, id, 2)).statusCode).toBe(201);
    const shown = (await read('/api/products/bestsellers')).json<ProductSummary[]>().find((p) => p._id === id);
    expect(shown?.countInStock).toBe(8);
  });

  it('a change in plain SQL, outside any request, through the database triggers alone', async () => {
    const id = await make.product(t, { price: 610 });
    await warm(`/api/products/${id}`);
    await t.db.update(products).set({ pricePaise: 62_500 }).where(eq(products.id, id));
    await eventually(async () => expect((await detail(id)).price).toBe(625));
  });
});

describe('writes that change no catalog table', () => {
  it('leave the kept answers kept (a cart quote, a newsletter sign-up, a failed write)', async () => {
    const id = await make.product(t, { price: 450, stock: 5 });
    await warm('/api/products');
    await warm(`/api/products/${id}`);
    const writes = [
      t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { orderItems: [{ product: id, qty: 1 }], paymentMethod: 'Cash on Delivery' },
      }),
      t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'warm.cache@example.in' } }),
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload: { price: -1 } }),
    ];
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 201, 400]);
    expect((await read('/api/products')).headers['x-cache']).toBe('hit');
    expect((await read(`/api/products/${id}`)).headers['x-cache']).toBe('hit');
  });
});

describe('what is never cached publicly', () => {
  it("an admin's list with drafts: private, and never served to an anonymous reader", async () => {
    const name = `Secret draft ${Date.now()}`;
    await make.product(t, { isDraft: true, name });
    const url = `/api/products?drafts=include&keyword=${encodeURIComponent(name)}`;
    const asAdmin = await t.app.inject({ url, headers: bearer(admin) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<ProductList>().products).toHaveLength(1);
    expect(asAdmin.headers['cache-control']).toMatch(/^private/);
    expect(asAdmin.headers['x-cache']).toBeUndefined();
    expect((await read(url)).statusCode).toBe(401);
    const anonymous = await read(`/api/products?keyword=${encodeURIComponent(name)}`);
    expect(anonymous.json<ProductList>().products).toEqual([]);
  });

  it("a draft's detail (opened by its id) is not for shared caches", async () => {
    const id = await make.product(t, { isDraft: true });
    const res = await read(`/api/products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private/);
  });

  it('errors carry no public caching', async () => {
    const res = await read('/api/products/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a lost listening connection (PostgreSQL)', () => {
  it('reads fresh while it is down, and caches again once it is back', async () => {
    const id = await make.product(t, { price: 700 });
    await warm(`/api/products/${id}`);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'rr-listen-catalog_changed' and datname = current_database()`);
    await eventually(async () => expect((await read(`/api/products/${id}`)).headers['x-cache']).toBe('bypass'));
    // Nobody hears this change: only reading past the cache shows it.
    await t.db.update(products).set({ pricePaise: 71_000 }).where(eq(products.id, id));
    const down = await read(`/api/products/${id}`);
    expect(down.headers['x-cache']).toBe('bypass');
    expect(down.json<Product>().price).toBe(710);
    // Back (it reconnects within a second): caching again, and still fresh.
    await eventually(async () => {
      await read(`/api/products/${id}`);
      expect((await read(`/api/products/${id}`)).headers['x-cache']).toBe('hit');
    }, 5_000);
    expect((await detail(id)).price).toBe(710);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the listening connection (PostgreSQL)', () => {
  it('runs one query at a time on the listening connection, however many writes wait on it', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => make.product(t, { price: 800 + i })));
    for (const id of ids) await warm(`/api/products/${id}`);
    // Every query sent on a listening connection, with how many were unanswered on it at that moment.
    const overlaps: number[] = [];
    const running = new WeakMap<pg.Client, number>();
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const listening = (
        this as unknown as { connectionParameters: { application_name?: string } }
      ).connectionParameters.application_name?.startsWith('rr-listen-');
      if (!listening) return (query as (...a: unknown[]) => unknown).apply(this, args);
      overlaps.push(running.get(this) ?? 0);
      running.set(this, (running.get(this) ?? 0) + 1);
      const done = () => running.set(this, running.get(this)! - 1);
      const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      void result.then(done, done);
      return result;
    } as typeof query;
    try {
      const edits = await Promise.all(
        ids.map((id, i) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/products/${id}`,
            headers: bearer(admin),
            payload: { price: 900 + i },
          }),
        ),
      );
      expect(edits.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(overlaps.length).toBeGreaterThan(0);
    expect(overlaps.filter((n) => n > 0)).toEqual([]);
    // Each writer still reads its own change next.
    for (const [i, id] of ids.entries()) expect((await detail(id)).price).toBe(900 + i);
  });
});

describe('the cache itself', () => {
  const schema = z.object({ n: z.number() });
  it('keeps at most its entry budget, dropping the least recently used', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    cache.setLive(true);
    let loads = 0;
    const load = (n: number) => async () => ({ n: (loads++, n) });
    await cache.get('a', schema, load(1));
    await cache.get('b', schema, load(2));
    await cache.get('a', schema, load(1)); // a is now the most recent
    await cache.get('c', schema, load(3)); // b goes
    expect(cache.size.entries).toBe(2);
    expect((await cache.get('a', schema, load(1)))[1]).toBe('hit');
    expect((await cache.get('b', schema, load(2)))[1]).toBe('miss');
    expect(loads).toBe(4);
  });

  it('keeps within its byte budget', async () => {
    const cache = new ResponseCache({ maxBytes: 10_000 });
    cache.setLive(true);
    for (let i = 0; i < 50; i++)
      await cache.get(`k${i}`, z.object({ s: z.string() }), async () => ({ s: 'x'.repeat(1000) }));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size.entries).toBeGreaterThan(0);
  });

  it('never keeps an answer read before a change it heard of', async () => {
    const cache = new ResponseCache();
    cache.setLive(true);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get('k', schema, async () => {
      await gate;
      return { n: 1 };
    });
    cache.invalidate();
    release();
    expect((await slow)[0].value).toEqual({ n: 1 });
    expect((await cache.get('k', schema, async () => ({ n: 2 })))[0].value).toEqual({ n: 2 });
  });

  it('shares one load among concurrent askers of a key', async () => {
    const cache = new ResponseCache();
    cache.setLive(true);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { n: 1 };
    };
    await Promise.all([cache.get('k', schema, load), cache.get('k', schema, load), cache.get('k', schema, load)]);
    expect(loads).toBe(1);
  });

  it('serves nothing from memory while not live', async () => {
    const cache = new ResponseCache();
    cache.setLive(true);
    await cache.get('k', schema, async () => ({ n: 1 }));
    cache.setLive(false);
    const [answer, status] = await cache.get('k', schema, async () => ({ n: 2 }));
    expect(status).toBe('bypass');
    expect(answer.value).toEqual({ n: 2 });
    expect(cache.size.entries).toBe(0);
  });
});

describe('CATALOG_CACHE=false', () => {
  it('reads every answer fresh from the database', async () => {
    const off = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
    try {
      const id = await make.product(off, { price: 300 });
      const first = await off.app.inject({ url: `/api/products/${id}` });
      const second = await off.app.inject({ url: `/api/products/${id}` });
      expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['bypass', 'bypass']);
      expect(off.app.responseCache.size.entries).toBe(0);
    } finally {
      await off.close();
    }
  });
});
