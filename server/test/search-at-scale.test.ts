/**
 * Issue 31: what keeps an uncached search quick at 100k products (figures: `CATALOG_CACHE=false
 * BENCH_ROUTES=search npm run bench:scale`), checked for what it must not change: the order of a search.
 * A tier narrowed to the category the keyword asks for is looked for among the category's newest
 * products first, and among all its matches only when too few are there (listing.ts rankedCandidates).
 */
import type { ProductList } from '@rr/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../src/db/client.ts';
import { products } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const day = 24 * 3600 * 1000;
/** More of the category's newest products than a tier is looked for in before its indexes (200 for a page). */
const NEWER_BEADS = 230;

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { CATALOG_CACHE: 'false' } });
  const row = (name: string, category: string, createdAt: Date) => ({
    name,
    image: '/images/x.svg',
    category,
    pricePaise: 10_000,
    createdAt,
  });
  const now = Date.now();
  await t.db.insert(products).values([
    // The only rudraksha whose name starts with the keyword: the oldest product of all.
    row('Rudraksha Bead of the Old Stock', 'rudraksha', new Date(now - 400 * day)),
    // Names starting with it in another category: second.
    row('Rudraksha Mala, 108 Beads', 'mala', new Date(now - 300 * day)),
    row('Rudraksha Bracelet', 'mala', new Date(now - 200 * day)),
    // The category's newest products, the keyword inside their names: after both.
    ...Array.from({ length: NEWER_BEADS }, (_, i) =>
      row(`Nepal ${(i % 20) + 1} Mukhi Rudraksha No. ${i}`, 'rudraksha', new Date(now - i * 60_000)),
    ),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const search = async (query: string) => {
  const answer = await t.app.inject({ url: `/api/products?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ProductList>();
};

describe('a search narrowed to the category it asks for, at more products than it walks (issue 31)', () => {
  it('ranks the category name starting with the keyword first, however far back it was added', async () => {
    const { products: found, pages } = await search('keyword=rudraksha&limit=12');
    expect(found.map((p) => p.name).slice(0, 4)).toEqual([
      'Rudraksha Bead of the Old Stock',
      'Rudraksha Bracelet',
      'Rudraksha Mala, 108 Beads',
      'Nepal 1 Mukhi Rudraksha No. 0',
    ]);
    expect(pages).toBe(Math.ceil((NEWER_BEADS + 3) / 12));
  });

  it('pages on without gaps or repeats past the walked products', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      seen.push(...(await search(`keyword=rudraksha&limit=48&pageNumber=${page}`)).products.map((p) => p._id));
    }
    expect(seen).toHaveLength(NEWER_BEADS + 3);
    expect(new Set(seen).size).toBe(NEWER_BEADS + 3);
  });

  it('reads all of a narrowed tier when the newest products of the category hold too few of it', async () => {
    // Every 20th bead is a 20 mukhi: 10 among the 200 newest, the 11th further back.
    const { products: found } = await search('keyword=20%20mukhi&limit=12');
    expect(found.map((p) => p.name)).toEqual(
      Array.from({ length: 11 }, (_, k) => `Nepal 20 Mukhi Rudraksha No. ${19 + 20 * k}`),
    );
  });
});

describe('the database a search reads (issue 31)', () => {
  it('is the app database on PGlite, and on PostgreSQL connections that start with the search budget', async () => {
    const [row] = await rawRows<{ statement_timeout: string }>(t.app.searchDb, sql`show statement_timeout`);
    if (process.env.TEST_DATABASE_URL) expect(row!.statement_timeout).toBe('3s');
    else expect(t.app.searchDb).toBe(t.app.db);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('compiles no statement just in time (PostgreSQL)', async () => {
    const [row] = await rawRows<{ jit: string }>(t.db, sql`show jit`);
    expect(row!.jit).toBe('off');
  });

  it('keeps the names of a category by how they start (migration 0045)', async () => {
    const rows = await rawRows<{ indexdef: string }>(
      t.db,
      sql`select indexdef from pg_indexes where tablename = 'products' and indexname = 'products_category_name_prefix_idx'`,
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      expect.stringMatching(/\(category, lower\(name\) text_pattern_ops\)$/),
    ]);
  });
});
