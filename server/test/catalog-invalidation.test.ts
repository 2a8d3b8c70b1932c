/**
 * Issue 31 (decision 0051): a change drops the cached answers that show what changed, and no others. A
 * product's stock change updates its detail and the lists showing it within the request that changed it
 * (on this instance) and within a second on another instance, and leaves unrelated answers kept; stock
 * running out moves the lists that filter or count by it; a broad change (a category) drops everything.
 */
import type { Product, ProductFacets, ProductList } from '@rr/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { anotherInstance, createTestApp, eventually, type TestApp } from './helpers.ts';

let t: TestApp;
let customer: make.Customer;

beforeAll(async () => {
  t = await createTestApp();
  customer = await make.customer(t);
});
afterAll(async () => {
  await t?.close();
});

const read = (on: TestApp, url: string) => on.app.inject({ url });
/** Reads until the answer comes from the cache (on PostgreSQL a set-up write's notice may drop the first). */
async function warm(on: TestApp, ...urls: string[]) {
  // The notices of the set-up's own SQL first (on PostgreSQL a late one would drop what is warmed).
  await on.app.responseCache.caughtUp();
  for (const url of urls) {
    await read(on, url);
    await eventually(async () => expect((await read(on, url)).headers['x-cache']).toBe('hit'));
  }
}
const cacheOf = async (on: TestApp, url: string) => (await read(on, url)).headers['x-cache'];

/** Two products of their own, each the only match of a search of its own name. */
async function twoProducts(stock = 5) {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const ordered = await make.product(t, { name: `Ordered bead zq${tag}`, stock, category: 'gems' });
  const other = await make.product(t, { name: `Unrelated bead zx${tag}`, stock, category: 'gems' });
  return {
    ordered,
    other,
    orderedList: `/api/products?keyword=zq${tag}`,
    otherList: `/api/products?keyword=zx${tag}`,
  };
}

describe("a product's stock change", () => {
  it('updates its detail and the lists showing it on the next read, and leaves other answers kept', async () => {
    const { ordered, other, orderedList, otherList } = await twoProducts();
    await warm(t, `/api/products/${ordered}`, orderedList, `/api/products/${other}`, otherList);

    expect((await make.codOrder(t, customer.token, ordered, 2)).statusCode).toBe(201);

    // Within the request that changed it: its answer came only after the change's notices.
    expect((await read(t, `/api/products/${ordered}`)).json<Product>().countInStock).toBe(3);
    expect((await read(t, orderedList)).json<ProductList>().products.map((p) => [p._id, p.countInStock])).toEqual([
      [ordered, 3],
    ]);
    // Another order: its stock alone changed, so the kept answers took the new count (from memory, a new ETag).
    const before = await read(t, `/api/products/${ordered}`);
    expect((await make.codOrder(t, customer.token, ordered, 1)).statusCode).toBe(201);
    for (const url of [`/api/products/${ordered}`, orderedList]) {
      const after = await read(t, url);
      expect([url, after.headers['x-cache']]).toEqual([url, 'hit']);
      expect(after.body).toContain('"countInStock":2');
    }
    expect((await read(t, `/api/products/${ordered}`)).headers.etag).not.toBe(before.headers.etag);
    // Unrelated answers are still kept: the same bytes, from memory.
    expect(await cacheOf(t, `/api/products/${other}`)).toBe('hit');
    expect(await cacheOf(t, otherList)).toBe('hit');
  });

  it('made outside any request (plain SQL, a job) reaches only the answers showing it', async () => {
    const { ordered, other, orderedList, otherList } = await twoProducts();
    await warm(t, `/api/products/${ordered}`, orderedList, `/api/products/${other}`, otherList);
    await t.db.update(products).set({ countInStock: 4 }).where(eq(products.id, ordered));
    await eventually(async () =>
      expect((await read(t, `/api/products/${ordered}`)).json<Product>().countInStock).toBe(4),
    );
    expect((await read(t, orderedList)).json<ProductList>().products[0]?.countInStock).toBe(4);
    expect(await cacheOf(t, `/api/products/${other}`)).toBe('hit');
    expect(await cacheOf(t, otherList)).toBe('hit');
  });

  it('running out moves the lists that filter or count by stock, though they do not show the product', async () => {
    const { ordered, other } = await twoProducts(1);
    // Lists and counts that read every product's stock: in stock only, and the filter panel.
    const inStockOnly = '/api/products?category=gems&inStock=true&sort=price_asc&limit=1';
    const facets = '/api/products/facets?category=gems';
    // The other product last: a late notice of the set-up's writes (PostgreSQL) has come by then.
    await warm(t, inStockOnly, facets, `/api/products/${other}`);
    const inStockBefore = (await read(t, facets)).json<ProductFacets>().inStock;

    expect((await make.codOrder(t, customer.token, ordered, 1)).statusCode).toBe(201);

    expect((await read(t, facets)).json<ProductFacets>().inStock).toBe(inStockBefore - 1);
    expect(await cacheOf(t, inStockOnly)).toBe('miss');
    // The other product's page shows nothing that changed.
    expect(await cacheOf(t, `/api/products/${other}`)).toBe('hit');
  });
});

describe('a change besides stock', () => {
  it("a picture: the product's answers are read again, others stay", async () => {
    const { ordered, other, orderedList, otherList } = await twoProducts();
    await warm(t, `/api/products/${ordered}`, orderedList, `/api/products/${other}`, otherList);
    await t.db.update(products).set({ image: '/images/other.svg', countInStock: 2 }).where(eq(products.id, ordered));
    await eventually(async () => expect(await cacheOf(t, `/api/products/${ordered}`)).toBe('miss'));
    expect((await read(t, orderedList)).json<ProductList>().products[0]).toMatchObject({
      image: '/images/other.svg',
      countInStock: 2,
    });
    expect(await cacheOf(t, `/api/products/${other}`)).toBe('hit');
    expect(await cacheOf(t, otherList)).toBe('hit');
  });
});

describe('broad changes', () => {
  it("a category's change drops every kept answer", async () => {
    const { ordered, otherList } = await twoProducts();
    await warm(t, `/api/products/${ordered}`, otherList);
    // The same rate written again: the statement alone says anything may have changed.
    await t.db.execute(sql`update categories set gst_basis_points = gst_basis_points where slug = 'gems'`);
    await eventually(async () => expect(await cacheOf(t, `/api/products/${ordered}`)).toBe('miss'));
    expect(await cacheOf(t, otherList)).toBe('miss');
  });
});

describe('another instance on the same database', () => {
  it("shows a product's stock change within a second, and keeps its unrelated answers", async () => {
    const b = await anotherInstance(t);
    const { ordered, other, orderedList, otherList } = await twoProducts();
    await warm(b, `/api/products/${ordered}`, orderedList, `/api/products/${other}`, otherList);

    expect((await make.codOrder(t, customer.token, ordered, 1)).statusCode).toBe(201);

    await eventually(async () => {
      expect((await read(b, `/api/products/${ordered}`)).json<Product>().countInStock).toBe(4);
      expect((await read(b, orderedList)).json<ProductList>().products[0]?.countInStock).toBe(4);
    }, 1_000);
    expect(await cacheOf(b, `/api/products/${other}`)).toBe('hit');
    expect(await cacheOf(b, otherList)).toBe('hit');
  });
});
