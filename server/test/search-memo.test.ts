/**
 * Issue 13/14: a search's total (and whether it finds anything) is kept between requests under the
 * database's search generation (migration 0023, catalog/search-memo.ts), with the response cache off so
 * every request reaches it. Kept: a change the triggers cannot see (made here with triggers off, standing
 * for "what a count read again would show") stays unseen while only stock, price or ratings change, orders
 * included. Dropped: by any change of what searches read (names, descriptions, facts, drafts, products
 * added or removed, synonyms), whoever makes it; then the total is exact again.
 */
import type { ProductList } from '@rr/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, searchSynonyms } from '../src/db/schema/index.ts';
import { searchMemo } from '../src/modules/catalog/search-memo.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;
/** The products named with the test's word; the spares are renamed behind the triggers' back, both at once. */
const ids: string[] = [];
const spares: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
  adminToken = (await make.admin(t)).token;
  for (let n = 1; n <= 4; n++) ids.push(await make.product(t, { name: `Kunzite Pendant ${n}`, category: 'gems' }));
  for (const n of [1, 2]) spares.push(await make.product(t, { name: `Kunzite Pendant spare ${n}`, category: 'gems' }));
});

afterAll(async () => {
  await t.close();
});

/** The listing's `pages` at one product a page: its total. */
async function total(query: string): Promise<number> {
  const res = await t.app.inject({ url: `/api/products?${query}&limit=1` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-cache']).toBe('bypass');
  const list = res.json<ProductList>();
  return list.products.length === 0 ? 0 : list.pages;
}

/** Published products whose name holds the word, counted now. */
async function counted(word: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(sql`not ${products.isDraft} and lower(${products.name}) like ${`%${word}%`}`);
  return row!.n;
}

/** Renames the spares with the triggers off (no generation change, no catalog notice): in or out of the search. */
async function renameUnseen(word: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(products)
      .set({ name: `${word} Pendant spare` })
      .where(inArray(products.id, spares));
  });
}

/**
 * Moves the two spares in or out of the search unseen (two: no change of one product a test then makes
 * can make a stale total right by chance), checks that the kept total does not see it, and returns what a
 * count would say now.
 */
async function changeUnseen(): Promise<number> {
  const kept = await total('keyword=kunzite');
  expect(kept).toBe(await counted('kunzite'));
  const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, spares[0]!));
  await renameUnseen(row!.name.startsWith('Kunzite') ? 'Plain' : 'Kunzite');
  expect(await counted('kunzite')).not.toBe(kept);
  expect(await total('keyword=kunzite')).toBe(kept);
  return counted('kunzite');
}

const generation = async () => {
  const { rows } = (await t.db.execute(sql`select generation from search_generation`)) as unknown as {
    rows: Array<{ generation: string | number }>;
  };
  return Number(rows[0]!.generation);
};

describe('a search total kept between requests', () => {
  it('is kept while only stock, price and ratings change, an order included', async () => {
    expect(await total('keyword=kunzite')).toBe(6);
    const before = await generation();
    await changeUnseen();
    await t.db
      .update(products)
      .set({ countInStock: 3, pricePaise: 99_900, rating: 4.5, numReviews: 2, unitsSold: 7 })
      .where(eq(products.id, ids[0]!));
    const buyer = await make.customer(t);
    expect((await make.codOrder(t, buyer.token, ids[1]!)).statusCode).toBe(201);
    expect(await generation()).toBe(before);
    // Still the total read before the unseen rename.
    expect(await total('keyword=kunzite')).toBe(6);
    // Back as it was, so the kept total is right again.
    await renameUnseen('Kunzite');
  });

  it('is read again after a rename, even one that leaves this search as it was', async () => {
    const now = await changeUnseen();
    await t.db.update(products).set({ name: 'Kunzite Pendant one' }).where(eq(products.id, ids[0]!));
    expect(await total('keyword=kunzite')).toBe(now);
  });

  it('is read again when a product is made a draft, and when it is published', async () => {
    let now = await changeUnseen();
    await t.db.update(products).set({ isDraft: true }).where(eq(products.id, ids[2]!));
    expect(await total('keyword=kunzite')).toBe(now - 1);
    now = await changeUnseen();
    await t.db.update(products).set({ isDraft: false }).where(eq(products.id, ids[2]!));
    expect(await total('keyword=kunzite')).toBe(now + 1);
  });

  it('is read again after a change of description, category or facts of any product', async () => {
    const changes = [
      { description: 'A pendant of pink kunzite.' },
      { category: 'mala' },
      { mukhi: 5 },
      { origin: 'Brazil' },
      { planet: 'Venus' },
    ];
    for (const change of changes) {
      const now = await changeUnseen();
      await t.db.update(products).set(change).where(eq(products.id, ids[3]!));
      expect(await total('keyword=kunzite'), JSON.stringify(change)).toBe(now);
    }
  });

  it('is read again when a product is added or deleted', async () => {
    let now = await changeUnseen();
    const added = await make.product(t, { name: 'Kunzite Ring', category: 'gems' });
    expect(await total('keyword=kunzite')).toBe(now + 1);
    now = await changeUnseen();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${added}`,
      headers: bearer(adminToken),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await total('keyword=kunzite')).toBe(now - 1);
  });

  it('is read again when an admin adds a synonym, whatever its words', async () => {
    const now = await changeUnseen();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      headers: bearer(adminToken),
      payload: { term: 'gulabi heera', canonical: 'pink diamond' },
    });
    expect(added.statusCode).toBe(201);
    expect(await total('keyword=kunzite')).toBe(now);
  });

  it('is not kept for a stock or price filter: an order shows at once', async () => {
    await t.db.update(products).set({ countInStock: 1, pricePaise: 100_000 }).where(eq(products.id, ids[0]!));
    const inStock = await total('keyword=kunzite&inStock=true');
    const priced = await total('keyword=kunzite&maxPrice=1000');
    const buyer = await make.customer(t);
    expect((await make.codOrder(t, buyer.token, ids[0]!)).statusCode).toBe(201);
    expect(await total('keyword=kunzite&inStock=true')).toBe(inStock - 1);
    await t.db.update(products).set({ pricePaise: 500_000 }).where(eq(products.id, ids[0]!));
    expect(await total('keyword=kunzite&maxPrice=1000')).toBe(priced - 1);
  });

  it('keeps that nothing matches until a product does', async () => {
    expect(await total('keyword=tanzanite')).toBe(0);
    await make.product(t, { name: 'Tanzanite Ring', category: 'gems' });
    expect(await total('keyword=tanzanite')).toBe(1);
  });

  it('is not confused by a change rolled back', async () => {
    const kept = await total('keyword=kunzite');
    const before = await generation();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(products).set({ name: 'Plain Pendant 1' }).where(eq(products.id, ids[1]!));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await generation()).toBe(before);
    expect(await total('keyword=kunzite')).toBe(kept);
    // A synonym deleted in SQL counts like one deleted by an admin.
    const now = await changeUnseen();
    await t.db.delete(searchSynonyms).where(eq(searchSynonyms.term, 'gulabi heera'));
    expect(await generation()).toBeGreaterThan(before);
    expect(await total('keyword=kunzite')).toBe(now);
  });
});

/** A listing's products, read with the response cache off. */
async function listed(query: string): Promise<ProductList['products']> {
  const res = await t.app.inject({ url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-cache']).toBe('bypass');
  return res.json<ProductList>().products;
}

/** The published products whose name holds the word now, by id. */
async function named(word: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .where(sql`not ${products.isDraft} and lower(${products.name}) like ${`%${word}%`}`);
  return rows.map((row) => row.id).sort();
}

const idsOf = (list: ProductList['products']) => list.map((p) => p._id);

describe('a search page kept between requests (issue 31)', () => {
  it('keeps which products it holds and in what order, and reads them again with stock and price as they are', async () => {
    const query = 'keyword=kunzite&limit=20';
    const first = await listed(query);
    expect([...idsOf(first)].sort()).toEqual(await named('kunzite'));
    const [spare] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, spares[0]!));
    const word = spare!.name.startsWith('Kunzite') ? 'Plain' : 'Kunzite';
    await renameUnseen(word);
    await t.db.update(products).set({ countInStock: 4, pricePaise: 123_400 }).where(eq(products.id, first[0]!._id));
    const again = await listed(query);
    // The kept page: the unseen rename moved no product in or out of it.
    expect(idsOf(again)).toEqual(idsOf(first));
    expect(idsOf(again)).not.toEqual(await named('kunzite'));
    // Its products read again: stock, price and (here) the unseen name are today's.
    expect(again[0]).toMatchObject({ countInStock: 4, price: 1234 });
    for (const product of again.filter((p) => spares.includes(p._id))) {
      expect(product.name).toBe(`${word} Pendant spare`);
    }
    // A change the triggers see (any product's description): the page is read again.
    await t.db.update(products).set({ description: 'A kunzite pendant, read again.' }).where(eq(products.id, ids[0]!));
    expect([...idsOf(await listed(query))].sort()).toEqual(await named('kunzite'));
  });

  it('keeps a page past the end empty until what searches read changes', async () => {
    await renameUnseen('Plain');
    // A change the triggers see: nothing kept before it counts.
    await t.db.update(products).set({ description: 'A kunzite pendant.' }).where(eq(products.id, ids[1]!));
    const before = (await named('kunzite')).length;
    const past = `keyword=kunzite&limit=2&pageNumber=${Math.ceil(before / 2) + 1}`;
    expect(await listed(past)).toEqual([]);
    await renameUnseen('Kunzite');
    expect(await named('kunzite')).toHaveLength(before + 2);
    expect(await listed(past)).toEqual([]);
    await t.db.update(products).set({ description: 'A kunzite pendant, read again.' }).where(eq(products.id, ids[1]!));
    expect((await listed(past)).length).toBeGreaterThan(0);
  });

  it('is not kept when sorted by price or filtered by stock: those change with every order', async () => {
    await t.db
      .update(products)
      .set({ countInStock: 5 })
      .where(inArray(products.id, [...ids, ...spares]));
    for (const query of ['keyword=kunzite&limit=20&sort=price_asc', 'keyword=kunzite&limit=20&inStock=true']) {
      await listed(query);
      const [spare] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, spares[0]!));
      await renameUnseen(spare!.name.startsWith('Kunzite') ? 'Plain' : 'Kunzite');
      const now = await listed(query);
      expect([...idsOf(now)].sort(), query).toEqual(await named('kunzite'));
    }
  });
});

describe('the memo itself', () => {
  it('keeps at most its entry budget, the least recently used value going first', async () => {
    // A transaction is a database handle of its own: its memo is made with these limits. Nothing changes
    // what searches read meanwhile, so the generation stays; a sequence shows each value actually read.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary sequence memo_reads`);
      const memo = searchMemo(tx, { maxEntries: 2, maxAgeMs: 60_000 });
      const read = (n: number) => memo.value(sql`select nextval('memo_reads') + ${n}::int * 0`);
      expect(await read(1)).toBe(1);
      expect(await read(2)).toBe(2);
      expect(await read(1)).toBe(1);
      expect(await read(3)).toBe(3);
      // 2 was the least recently used: read again; 1 and 3 were kept.
      expect(await read(2)).toBe(4);
      expect(await read(3)).toBe(3);
      expect(await read(1)).toBe(5);
      await tx.execute(sql`drop sequence memo_reads`);
    });
  });
});
