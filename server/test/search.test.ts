/**
 * Issue 14: search that knows the trade's names, listing filters and sort, facet counts, suggestions
 * and the admin's synonyms. The demo catalog is hidden (made drafts) so these tests see only their own
 * products.
 */
import type { ProductFacets, ProductList, ProductSuggestions, SearchSynonym } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { products } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, eventually, rateLimitedApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;

const MUKHI_WORDS = 'ek do teen char panch chhe saat aath nau das gyarah barah terah chaudah'.split(' ');
const nepal = (n: number) => `Nepal ${n} Mukhi Rudraksha`;
const JAVA_FIVE = 'Java Bead with Five Faces';
const BLUE = 'Natural Blue Sapphire, 4 Carat';
const YELLOW = 'Ceylon Yellow Sapphire 5 Ratti';
const BRACELET = 'Shani Protection Bracelet';
const CRYSTAL_MALA = 'Clear Quartz Jaap Mala, 108 Beads';
const TULSI_MALA = 'Tulsi Japa Mala';

const gems: Array<[string, string?]> = [
  [BLUE],
  [YELLOW],
  ['Zambian Emerald 4 Ratti'],
  ['Burmese Ruby 5 Ratti'],
  ['South Sea Pearl 7 Ratti'],
  ['Italian Red Coral 8 Ratti'],
  ['Hessonite Garnet 7 Ratti'],
  ["Chrysoberyl Cat's Eye 5 Ratti"],
  ['Natural Diamond 0.5 Carat'],
  // A name without the trade's word: found by its description, after the names.
  [BRACELET, 'Small beads of neelam on a silver chain, worn on Saturdays.'],
];

beforeAll(async () => {
  // These tests change products with plain SQL and search at once: with the catalog cache on, a search
  // could be answered before the change's notice reaches the listener (PostgreSQL delivers it on another
  // connection). The cache's own tests (catalog-cache, answers-from-memory) cover that path.
  t = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
  // The demo catalog stays out of these listings: only this file's products are published.
  await t.db.update(products).set({ isDraft: true });
  adminToken = (await make.admin(t)).token;
  let minute = 0;
  // Created a minute apart, in this order (the last is the newest).
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, minute++));
  for (const [name, description] of gems) {
    await make.product(t, { name, category: 'gems', price: 5000, columns: { description, createdAt: at() } });
  }
  for (let n = 1; n <= 14; n++) {
    await make.product(t, {
      name: nepal(n),
      price: 100 * n,
      stock: n % 3 === 0 ? 0 : 5,
      columns: { mukhi: n, origin: 'Nepal', rating: n % 5, numReviews: 1, createdAt: at() },
    });
  }
  await make.product(t, {
    name: JAVA_FIVE,
    price: 150,
    columns: { mukhi: 5, origin: 'Indonesia', rating: 4.5, createdAt: at() },
  });
  await make.product(t, { name: CRYSTAL_MALA, category: 'mala', price: 900, columns: { createdAt: at() } });
  await make.product(t, { name: TULSI_MALA, category: 'mala', price: 300, columns: { createdAt: at() } });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<{ status: number; body: ProductList & { message?: string } }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  return { status: res.statusCode, body: res.json() };
}

const search = async (keyword: string, extra = '') =>
  (await list(`?keyword=${encodeURIComponent(keyword)}&limit=48${extra}`)).body.products.map((p) => p.name);

const RUDRAKSHA_BY_NAME = Array.from({ length: 14 }, (_, i) => nepal(i + 1));

/** Query -> the names that must come first (in any order among themselves). */
const CASES: Array<[string, string[]]> = [
  ['neelam', [BLUE]],
  ['नीलम', [BLUE]],
  ['saphire', [BLUE, YELLOW]],
  ['pukhraj', [YELLOW]],
  ['पुखराज', [YELLOW]],
  ['panna', ['Zambian Emerald 4 Ratti']],
  ['manik', ['Burmese Ruby 5 Ratti']],
  ['moti', ['South Sea Pearl 7 Ratti']],
  ['moonga', ['Italian Red Coral 8 Ratti']],
  ['munga', ['Italian Red Coral 8 Ratti']],
  ['gomed', ['Hessonite Garnet 7 Ratti']],
  ['lehsunia', ["Chrysoberyl Cat's Eye 5 Ratti"]],
  ['heera', ['Natural Diamond 0.5 Carat']],
  ['sphatik', [CRYSTAL_MALA]],
  ...MUKHI_WORDS.map((word, i): [string, string[]] => [`${word} mukhi`, [nepal(i + 1)]]),
  ['panchmukhi', [nepal(5), JAVA_FIVE]],
  ['5 mukhi', [nepal(5), JAVA_FIVE]],
  ['five mukhi', [nepal(5), JAVA_FIVE]],
  ['पंचमुखी', [nepal(5), JAVA_FIVE]],
  ['रुद्राक्ष', RUDRAKSHA_BY_NAME],
  ['rudrakash', RUDRAKSHA_BY_NAME],
  ['rudraksh', RUDRAKSHA_BY_NAME],
  ['माला', [CRYSTAL_MALA, TULSI_MALA]],
];

describe('search knows the trade’s names', () => {
  it.each(CASES)('%s finds its products first', async (keyword, first) => {
    const names = await search(keyword);
    expect(new Set(names.slice(0, first.length)), names.join(' | ')).toEqual(new Set(first));
  });

  it('ranks the name that is the keyword first, the trade’s name next and a description last', async () => {
    expect(await search('neelam')).toEqual([BLUE, BRACELET]);
    // Five mukhi by its name first, then the bead whose mukhi fact is 5 (its name says "Five Faces").
    expect((await search('5 mukhi')).slice(0, 2)).toEqual([nepal(5), JAVA_FIVE]);
  });

  it('finds whole numbers: 1 mukhi is not 11 mukhi, and 2 mukhi is not 12', async () => {
    expect(await search('ek mukhi')).toEqual([nepal(1)]);
    expect(await search('do mukhi')).toEqual([nepal(2)]);
    expect((await search('1 mukhi'))[0]).toBe(nepal(1));
    expect(await search('नीलम '.repeat(20))).toEqual([BLUE]);
  });

  it('pages through a ranked search without gaps or repeats, each page with the same total', async () => {
    const all = await search('mukhi');
    expect(all.length).toBeGreaterThan(10);
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => list(`?keyword=mukhi&limit=3&pageNumber=${n}`).then((r) => r.body)),
    );
    expect(new Set(pages.map((p) => p.pages))).toEqual(new Set([Math.ceil(all.length / 3)]));
    expect(pages.flatMap((p) => p.products.map((x) => x.name))).toEqual(all.slice(0, 18));
  });

  it('finds one word inside a name or description, and at the start of a word of the origin', async () => {
    const inName = await make.product(t, { name: 'Rare Xyzquartzite Stone', category: 'gems' });
    const inText = await make.product(t, {
      name: 'Plain Stone',
      category: 'gems',
      columns: { description: 'Cut from zanzibarite rock.', origin: 'Qwertyland' },
    });
    expect(await search('quartzite')).toEqual(['Rare Xyzquartzite Stone']);
    expect(await search('zibarite')).toEqual(['Plain Stone']);
    expect(await search('qwerty')).toEqual(['Plain Stone']);
    // Inside a word of the origin (or category, or planet) only: not a match, as the words read them.
    expect(await search('ertyland')).toEqual([]);
    await t.db.delete(products).where(inArray(products.id, [inName, inText]));
  });

  it('forgives a misspelt word of a name given, renamed or deleted after the start', async () => {
    const words = async () =>
      (
        (await t.db.execute(sql`select word from search_name_words`)) as unknown as { rows: Array<{ word: string }> }
      ).rows.map((row) => row.word);
    expect(await search('turmaline')).toEqual([]);
    const id = await make.product(t, { name: 'Watermelon Tourmaline 3 Carat', category: 'gems' });
    expect(await words()).toContain('tourmaline');
    expect(await search('turmaline')).toEqual(['Watermelon Tourmaline 3 Carat']);
    await t.db.update(products).set({ name: 'Watermelon Opal 3 Carat' }).where(eq(products.id, id));
    expect(await words()).not.toContain('tourmaline');
    expect(await search('turmaline')).toEqual([]);
    expect(await search('opall')).toEqual(['Watermelon Opal 3 Carat']);
    await t.db.delete(products).where(eq(products.id, id));
    expect(await words()).not.toContain('watermelon');
    expect(await words()).toContain('sapphire');
  });

  it('searches with an admin’s new synonym at once, and forgets a deleted one', async () => {
    expect(await search('kalimirch')).toEqual([]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      headers: bearer(adminToken),
      payload: { term: '  KaliMirch ', canonical: 'Cat’s Eye' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const synonym = added.json<SearchSynonym>();
    expect(synonym).toMatchObject({ term: 'kalimirch', canonical: 'cat s eye' });
    expect(await search('kalimirch')).toEqual(["Chrysoberyl Cat's Eye 5 Ratti"]);

    const listed = (await t.app.inject({ url: '/api/admin/search-synonyms', headers: bearer(adminToken) })).json<
      SearchSynonym[]
    >();
    expect(listed).toContainEqual(synonym);
    expect(listed.find((s) => s.term === 'neelam')).toMatchObject({ canonical: 'blue sapphire' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/search-synonyms/${synonym._id}`,
      headers: bearer(adminToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(await search('kalimirch')).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/search-synonyms/${synonym._id}`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Search synonym not found', code: 'SYNONYM_NOT_FOUND' });
  });

  it('refuses a synonym without a word', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      headers: bearer(adminToken),
      payload: { term: '%%%', canonical: 'ruby' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'term must have a letter or digit', code: 'VALIDATION_FAILED' });
  });

  it.each([
    '%',
    '_',
    '\\',
    "' OR '1'='1",
    "'; drop table products; --",
    '.*',
    '(a+)+$',
    '[',
    '%mukhi_',
    'mukhi\\',
    '🙏',
    'a'.repeat(100),
  ])('answers %s normally', async (keyword) => {
    const { status, body } = await list(`?keyword=${encodeURIComponent(keyword)}&limit=48`);
    expect(status).toBe(200);
    for (const p of body.products) expect(p.name.toLowerCase()).toContain(keyword.trim().toLowerCase());
  });

  it.each([
    [`?keyword=${'a'.repeat(10_000)}`, 'keyword must be at most 100 characters'],
    ['?keyword=neelam%01', 'keyword contains a character that is not allowed'],
    [`?origin=${'x'.repeat(201)}`, 'origin must be at most 200 characters'],
    ['?mukhi=5&mukhi=6', 'mukhi must be text'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe('Hindi names and descriptions (issue 30)', () => {
  // English names without the trade's words: what finds them is their Hindi text.
  const NEELAM_HI = 'Royal Blue Corundum 4 Ratti';
  const PUKHRAJ_HI = 'Golden Corundum 5 Ratti';
  const PANCHMUKHI_HI = 'Five Line Bead, Nepal';
  const RING = 'Plain Silver Ring';
  let ids: string[] = [];

  beforeAll(async () => {
    let minute = 0;
    // Older than every other product of this file: a tie within a tier goes to the newest.
    const at = () => new Date(Date.UTC(2025, 0, 1, 0, minute++));
    ids = [
      await make.product(t, {
        name: NEELAM_HI,
        category: 'gems',
        columns: { nameHi: 'नीलम (ब्लू सफ़ायर) 4 रत्ती', createdAt: at() },
      }),
      await make.product(t, {
        name: PUKHRAJ_HI,
        category: 'gems',
        columns: { nameHi: 'पुखराज (येलो सफ़ायर) 5 रत्ती', createdAt: at() },
      }),
      await make.product(t, { name: PANCHMUKHI_HI, columns: { nameHi: 'नेपाली पंचमुखी रुद्राक्ष', createdAt: at() } }),
      await make.product(t, {
        name: RING,
        category: 'gems',
        columns: { descriptionHi: 'चांदी की अंगूठी, जिसमें छोटा नीलम जड़ा है।', createdAt: at() },
      }),
    ];
  });
  afterAll(async () => {
    await t.db.delete(products).where(inArray(products.id, ids));
  });

  it('ranks a Hindi name holding the keyword with the names, before the trade’s names and descriptions', async () => {
    // Its Hindi name starts with नीलम (the first tier); the English name by the trade's name; the ring
    // by its Hindi description, last.
    expect(await search('नीलम')).toEqual([NEELAM_HI, BLUE, RING]);
    // Holding पंचमुखी (a name tier), before the names by the trade's name (5 mukhi) and the mukhi fact.
    expect((await search('पंचमुखी')).slice(0, 3)).toEqual([PANCHMUKHI_HI, nepal(5), JAVA_FIVE]);
    expect((await search('पंचमुखी रुद्राक्ष'))[0]).toBe(PANCHMUKHI_HI);
    // Its words in another order, and a word started: a name tier still.
    expect((await search('रुद्राक्ष नेपाली'))[0]).toBe(PANCHMUKHI_HI);
    // A word of both Hindi names: one tier, the newest first.
    expect(await search('सफ़ायर')).toEqual([PUKHRAJ_HI, NEELAM_HI]);
  });

  it('finds a Hindi name by a word being typed, and by a part of a word', async () => {
    expect(await search('पुख')).toEqual([PUKHRAJ_HI]);
    expect(await search('खराज')).toEqual([PUKHRAJ_HI]);
    expect(await search('जड़ा')).toEqual([RING]);
    const { body } = await list(`?keyword=${encodeURIComponent('पुख')}`);
    expect(body.products[0]).toMatchObject({ name: PUKHRAJ_HI, nameHi: 'पुखराज (येलो सफ़ायर) 5 रत्ती' });
  });

  it('suggests by Hindi names, with them', async () => {
    const typed = await t.app.inject({ url: `/api/products/suggest?q=${encodeURIComponent('पुख')}` });
    const products = typed.json<ProductSuggestions>().products;
    // The Hindi name first; the English name by the trade's name the typing may be (पुखराज) next.
    expect(products.map((p) => p.name)).toEqual([PUKHRAJ_HI, YELLOW]);
    expect(products[0]).toMatchObject({ nameHi: 'पुखराज (येलो सफ़ायर) 5 रत्ती', category: 'gems' });
    expect(products[1]).toMatchObject({ nameHi: '' });
  });

  it('reads a Latin keyword as before: the Hindi texts change nothing', async () => {
    expect(await search('neelam')).toEqual([BLUE, BRACELET]);
    expect(await search('corundum')).toEqual([PUKHRAJ_HI, NEELAM_HI]);
  });
});

describe('listing filters and sort', () => {
  const rudraksha = '?category=rudraksha&limit=48';

  it('filters by price (rupees), stock, mukhi and origin, together and with paging', async () => {
    const all = (await list(`${rudraksha}&minPrice=300&maxPrice=1000&inStock=true&origin=nepal&sort=price_asc`)).body;
    // 3 to 10 mukhi cost ₹300 to ₹1,000; 3, 6 and 9 are out of stock.
    expect(all.products.map((p) => p.name)).toEqual([4, 5, 7, 8, 10].map(nepal));
    const pages = [1, 2, 3].map((n) =>
      list(
        `?category=rudraksha&minPrice=300&maxPrice=1000&inStock=true&origin=Nepal&sort=price_asc&limit=2&pageNumber=${n}`,
      ),
    );
    const paged = await Promise.all(pages);
    expect(paged.map((p) => p.body.pages)).toEqual([3, 3, 3]);
    expect(paged.flatMap((p) => p.body.products.map((x) => x.name))).toEqual([4, 5, 7, 8, 10].map(nepal));

    expect((await list(`${rudraksha}&mukhi=5`)).body.products.map((p) => p.name).sort()).toEqual(
      [JAVA_FIVE, nepal(5)].sort(),
    );
    expect((await list(`${rudraksha}&mukhi=5,7&origin=Indonesia`)).body.products.map((p) => p.name)).toEqual([
      JAVA_FIVE,
    ]);
  });

  it('sorts by price, newness and rating, and by relevance with a keyword', async () => {
    const prices = (await list(`${rudraksha}&sort=price_desc`)).body.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const newest = (await list(`${rudraksha}&sort=newest`)).body.products.map((p) => p.name);
    expect(newest.slice(0, 2)).toEqual([JAVA_FIVE, nepal(14)]);
    const rated = (await list(`${rudraksha}&sort=rating`)).body.products.map((p) => p.rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    // An unknown sort is the default order.
    expect((await list(`${rudraksha}&sort=sideways`)).body.products.map((p) => p.name)).toEqual(newest);
    expect((await search('5 mukhi', '&sort=price_asc')).slice(0, 2)).toEqual([JAVA_FIVE, nepal(5)]);
  });

  it.each(['mukhi=abc', 'mukhi=22', 'mukhi=5,x', 'minPrice=cheap', 'maxPrice=-1', 'inStock=maybe', 'origin=Mars'])(
    'answers an empty page for the filter value %s, as for an unknown category',
    async (filter) => {
      const { status, body } = await list(`?${filter}`);
      expect(status).toBe(200);
      expect(body).toEqual({ products: [], pages: 1, page: 1 });
    },
  );

  it('counts each facet with the other filters applied, equal to the results when applied', async () => {
    const query = 'category=rudraksha&minPrice=300&inStock=true';
    const facets = (await t.app.inject({ url: `/api/products/facets?${query}` })).json<ProductFacets>();
    const total = async (q: string) => {
      const { body } = await list(`?${q}&limit=1`);
      return body.products.length === 0 ? 0 : body.pages;
    };
    expect(facets.total).toBe(await total(query));
    for (const { value, count } of facets.mukhi)
      expect(count, `mukhi ${value}`).toBe(await total(`${query}&mukhi=${value}`));
    for (const { value, count } of facets.origin) {
      expect(count, value).toBe(await total(`${query}&origin=${encodeURIComponent(value)}`));
    }
    expect(facets.inStock).toBe(await total(query));
    // Counted with the price and stock filters: 3, 6, 9 and 12 mukhi are out of stock.
    expect(facets.mukhi.map((m) => m.value)).toEqual([4, 5, 7, 8, 10, 11, 13, 14]);
    expect(facets.origin).toEqual([{ value: 'Nepal', count: 8 }]);
    // The price range leaves the price filter out: the cheapest rudraksha in stock is ₹100.
    expect(facets.price).toEqual({ min: 100, max: 1400 });

    const none = (await t.app.inject({ url: '/api/products/facets?mukhi=abc' })).json<ProductFacets>();
    expect(none).toEqual({
      total: 0,
      inStock: 0,
      price: { min: null, max: null },
      mukhi: [],
      origin: [],
      size: [],
      weight: { min: null, max: null },
      planet: [],
    });
    const searched = (await t.app.inject({ url: '/api/products/facets?keyword=panchmukhi' })).json<ProductFacets>();
    expect(searched.total).toBe(2);
    expect(searched.origin.map((o) => o.value).sort()).toEqual(['Indonesia', 'Nepal']);
  });
});

describe('GET /api/products/suggest', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ url: `/api/products/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductSuggestions>();
  };

  it('suggests products by the trade’s names and categories as they are typed', async () => {
    const neelam = await suggest('neelam');
    expect(neelam.products[0]).toMatchObject({ name: BLUE, category: 'gems', price: 5000 });
    expect((await suggest('neel')).products[0]?.name).toBe(BLUE);
    expect((await suggest('माला')).categories).toEqual([{ slug: 'mala', name: 'Mala' }]);
    expect((await suggest('rudra')).categories.map((c) => c.slug)).toEqual(['rudraksha']);
    expect((await suggest('panchmukhi')).products.map((p) => p.name)).toEqual([nepal(5), JAVA_FIVE]);
    expect((await suggest('mukhi')).products).toHaveLength(6);
  });

  it('answers nothing for nothing, cuts long text and is safe with any text', async () => {
    expect(await suggest('')).toEqual({ products: [], categories: [] });
    expect(await suggest('   ')).toEqual({ products: [], categories: [] });
    for (const q of ['%', "' or 1=1 --", '(a+)+$', 'x'.repeat(10_000), `${'neelam '.repeat(2000)}`]) await suggest(q);
    expect((await suggest(`neelam${' '.repeat(200)}zzz`)).products[0]?.name).toBe(BLUE);
    const control = await t.app.inject({ url: '/api/products/suggest?q=a%00' });
    expect(control.statusCode).toBe(400);
  });

  it('leaves drafts out', async () => {
    await make.product(t, { name: 'Hidden Neelam Draft', category: 'gems', isDraft: true });
    expect((await suggest('hidden neelam')).products).toEqual([]);
    // Misspelt: the word is a draft's only, so the shop finds nothing and the admin's list the draft.
    expect((await suggest('hiden')).products).toEqual([]);
    expect(await search('hiden')).toEqual([]);
    const drafts = await t.app.inject({
      url: '/api/products?drafts=include&keyword=hiden',
      headers: bearer(adminToken),
    });
    expect(drafts.json<ProductList>().products.map((p) => p.name)).toEqual(['Hidden Neelam Draft']);
  });
});

describe('searches the cache cannot answer (issue 23)', () => {
  it('are limited per client: the next miss is a 429 with Retry-After, answers kept in memory still come', async () => {
    const shop = await rateLimitedApp({ env: { SEARCH_MISSES_PER_MINUTE: '3' } });
    // The product's change notice is in before the searches, so it cannot drop the answers they keep.
    await eventually(async () => expect(shop.app.responseCache.live).toBe(true));
    const heard = shop.app.responseCache.changes.heard;
    await make.product(shop, { name: 'Nepal 5 Mukhi Rudraksha' });
    await eventually(async () => expect(shop.app.responseCache.changes.heard).toBeGreaterThan(heard));
    const from = (remoteAddress: string) => (url: string) => shop.app.inject({ url, remoteAddress });
    const asker = from('203.0.113.7');
    for (const url of [
      '/api/products?keyword=nepal',
      '/api/products/facets?keyword=mukhi',
      '/api/products/suggest?q=rud',
    ]) {
      expect([url, (await asker(url)).statusCode]).toEqual([url, 200]);
    }
    const refused = await asker('/api/products?keyword=unique-words-nobody-searched');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many new searches/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // What the cache keeps costs the database nothing, and listing without a keyword is not a search.
    expect((await asker('/api/products?keyword=nepal')).statusCode).toBe(200);
    expect((await asker('/api/products?pageNumber=2')).statusCode).toBe(200);
    expect((await asker('/api/products/suggest?q=other')).statusCode).toBe(429);
    expect((await from('198.51.100.9')('/api/products?keyword=unique-words-nobody-searched')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a search on PostgreSQL (issue 23)', () => {
  it('has a statement budget of its own: past it, 503 SEARCH_TIMED_OUT, and the connection is free again', async () => {
    const shop = await createTestApp({ seed: false, env: { SEARCH_STATEMENT_TIMEOUT_MS: '200' } });
    try {
      await make.product(shop, { name: 'Budget Test Bead' });
      // Another connection holds the products table: the search waits on it, as on a slow plan, within its budget.
      const answer = await shop.db.transaction(async (tx) => {
        await tx.execute(sql`lock table products in access exclusive mode`);
        return shop.app.inject({ url: '/api/products?keyword=budget' });
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'SEARCH_TIMED_OUT' });
      expect(answer.headers['retry-after']).toBe('5');
      const later = await shop.app.inject({ url: '/api/products?keyword=budget' });
      expect(later.json<ProductList>().products.map((p) => p.name)).toEqual(['Budget Test Bead']);
    } finally {
      await shop.close();
    }
  });
});
