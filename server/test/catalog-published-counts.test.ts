/**
 * The published products per category that the database keeps (migration 0021) for the pages of the
 * unfiltered list and of a category: right after every kind of write, against a count of the rows.
 */
import { CATEGORIES, type ProductList } from '@rr/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // Read fresh: a cached page would hide a wrong count.
  t = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

/** The list's pages at one product a page: its total (an empty list has one page). */
async function listed(query = ''): Promise<number> {
  const res = await t.app.inject({ url: `/api/products?limit=1${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ProductList>();
  return body.products.length === 0 ? 0 : body.pages;
}

/** What the list says against what the rows say, for the whole shop and each category. */
async function expectTotalsRight(): Promise<{ all: number } & Record<string, number>> {
  const rows = await t.db
    .select({ category: products.category, n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(products.isDraft, false))
    .groupBy(products.category);
  const counted = Object.fromEntries(CATEGORIES.map((c) => [c, rows.find((r) => r.category === c)?.n ?? 0]));
  const all = Object.values(counted).reduce((a, b) => a + b, 0);
  expect(await listed()).toBe(all);
  for (const category of CATEGORIES) expect(await listed(`&category=${category}`), category).toBe(counted[category]);
  return { all, ...counted };
}

describe('published product counts', () => {
  it('follow inserts, drafts, publishing, moves, stock changes and deletes', async () => {
    const before = await expectTotalsRight();
    expect(before.all).toBeGreaterThan(0);

    const gem = await make.product(t, { category: 'gems' });
    const draft = await make.product(t, { category: 'mala', isDraft: true });
    expect(await expectTotalsRight()).toMatchObject({ all: before.all + 1, gems: before.gems! + 1, mala: before.mala });

    // Publishing a draft through the admin's save, then moving the product to another category.
    const admin = await make.admin(t);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${draft}`,
      headers: bearer(admin.token),
      payload: { name: 'Counted Tulsi Mala', price: 300, image: '/images/x.svg', category: 'mala', countInStock: 4 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await expectTotalsRight()).toMatchObject({ all: before.all + 2, mala: before.mala! + 1 });
    await t.db.update(products).set({ category: 'rudraksha' }).where(eq(products.id, draft));
    expect(await expectTotalsRight()).toMatchObject({ mala: before.mala, rudraksha: before.rudraksha! + 1 });

    // Stock, price and rating changes leave the counts alone; hiding a product takes it out.
    await t.db.update(products).set({ countInStock: 0, pricePaise: 12_345, rating: 4 });
    await expectTotalsRight();
    await t.db.update(products).set({ isDraft: true }).where(eq(products.id, gem));
    expect(await expectTotalsRight()).toMatchObject({ gems: before.gems });

    // A bulk insert and a bulk delete in one statement each.
    const bulk = await t.db
      .insert(products)
      .values(
        ['gems', 'mala', 'rudraksha', 'gems'].map((category, i) => ({
          name: `Bulk ${i}`,
          image: '/images/x.svg',
          category,
          pricePaise: 1000,
          isDraft: i === 3,
        })),
      )
      .returning({ id: products.id });
    await expectTotalsRight();
    await t.db.delete(products).where(
      inArray(
        products.id,
        bulk.map((b) => b.id),
      ),
    );
    await t.db.delete(products).where(eq(products.id, gem));
    await expectTotalsRight();
  });

  it('are kept with filters and searches still counted from the rows', async () => {
    await make.product(t, { category: 'gems', name: 'Counted Emerald', stock: 0 });
    const inStock = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(sql`not ${products.isDraft} and ${products.countInStock} > 0`);
    expect(await listed('&inStock=true')).toBe(inStock[0]!.n);
    expect(await listed('&keyword=counted%20emerald')).toBe(1);
  });

  it('start again from nothing after a truncate', async () => {
    await t.db.execute(sql`truncate products cascade`);
    expect(await expectTotalsRight()).toEqual({ all: 0, gems: 0, mala: 0, rudraksha: 0 });
    await make.product(t, { category: 'mala' });
    expect(await expectTotalsRight()).toMatchObject({ all: 1, mala: 1 });
  });
});
