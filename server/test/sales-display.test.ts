/**
 * Issue 26: scheduled sales as the catalog and the storefront show them. A product in a running sale
 * carries `sale` (its price at the sale) on its page and on every listing; a sale not started yet shows
 * nowhere; answers and pages kept in memory stop showing a sale at its end, and show one from its start,
 * with no write to the database in between (they hold until the next sale boundary); the server-rendered
 * product page's JSON-LD Offer gives the sale price and priceValidUntil; GET /api/sales/current lists the
 * running sales for the home banner, which the home page's server data carries too. Issue 30: a sale's
 * own listing (GET /api/products?sale=, the /sale/:id page) shows what a running sale covers, and nothing
 * once it has ended.
 */
import {
  RUNNING_SALES_QUERY_KEY,
  gstBasisPointsOf,
  salePricePaise,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type Product,
  type ProductFacets,
  type ProductList,
  type ProductSummary,
  type RunningSale,
  type StorefrontHeadContext,
  type StorefrontMetNeed,
} from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../src/db/schema/index.ts';
import type { StorefrontRenderer } from '../src/modules/storefront/index.ts';
import * as make from './factories.ts';
import { createTestApp, eventually, type TestApp } from './helpers.ts';

// The web app's own server rendering, from its source (vitest compiles it), counting its renders.
const ENTRY_SERVER: string = '../../web/src/entry-server.tsx';
const { storefront: web }: { storefront: StorefrontRenderer } = await import(ENTRY_SERVER);
const renders: string[] = [];
const storefront: StorefrontRenderer = {
  page: (pathname, search) => web.page(pathname, search),
  render(url: string, met: StorefrontMetNeed[], head: StorefrontHeadContext) {
    renders.push(url);
    return web.render(url, met, head);
  },
  shellHead: (language) => web.shellHead(language),
  scriptSafeJson: (value) => web.scriptSafeJson(value),
  SSR_STATE_ID: web.SSR_STATE_ID,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' }, storefront });
});
afterAll(() => t?.close());

/** A unique word, so a search finds this file's products only. */
const word = () => `zq${Math.random().toString(36).slice(2, 10)}`;

/** A product of this file: in the mala category, which only the category sale's test puts in a sale (gems). */
async function newProduct(price: number, columns: Record<string, unknown> = {}, category: 'mala' | 'gems' = 'mala') {
  const name = `${word()} bead`;
  const id = await make.product(t, { name, price, category, columns });
  return { id, name, keyword: name.split(' ')[0]! };
}

/** A sale written as the admin pages will write it (they are not here yet): straight into `sales`. */
async function insertSale(s: {
  percentOff: number;
  products?: string[];
  categories?: string[];
  startsAt: Date;
  endsAt: Date;
  name?: string;
  nameHi?: string;
  isActive?: boolean;
}) {
  const [row] = await t.db
    .insert(sales)
    .values({
      name: s.name ?? `Sale ${word()}`,
      nameHi: s.nameHi ?? '',
      percentOff: s.percentOff,
      productIds: s.products ?? [],
      categories: s.categories ?? [],
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      banner: 'Festival prices',
      isActive: s.isActive ?? true,
    })
    .returning({ id: sales.id });
  return row!.id;
}

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const HOUR = 3_600_000;
const read = (url: string) => t.app.inject({ url });
const detail = async (id: string) => (await read(`/api/products/${id}`)).json<Product>();
const searchFor = async (keyword: string) =>
  (await read(`/api/products?keyword=${keyword}`)).json<ProductList>().products;
const listed = (items: ProductSummary[], id: string) => items.find((p) => p._id === id);
const atSale = (rupees: number, percentOff: number) => toRupees(salePricePaise(toPaise(rupees), percentOff));
const sleepUntil = async (moment: Date) => {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, moment.getTime() - Date.now()) + 150));
};

/** Reads `url` until it comes from the response cache (so the next read is a cached one too). */
async function warm(url: string) {
  await t.app.responseCache.caughtUp();
  await eventually(async () => {
    await read(url);
    expect((await read(url)).headers['x-cache']).toBe('hit');
  }, 5_000);
}

describe('a product in a running sale', () => {
  it('carries the sale and its price on its page, the listings, a search, the best sellers and the top rated', async () => {
    const bead = await newProduct(1000, { unitsSold: 1_000_000, rating: 5, numReviews: 10_000 });
    const other = await newProduct(1000);
    const saleId = await insertSale({ percentOff: 20, products: [bead.id], startsAt: ago(HOUR), endsAt: ahead(HOUR) });
    const expected = { _id: saleId, percentOff: 20, price: 800, priceFrom: null };

    await eventually(async () => expect((await detail(bead.id)).sale).toMatchObject(expected));
    const page = await detail(bead.id);
    expect(page.price).toBe(1000);
    expect(page.sale!.endsAt).toBe(new Date(page.sale!.endsAt).toISOString());
    expect(listed(await searchFor(bead.keyword), bead.id)?.sale).toMatchObject(expected);
    const category = (await read('/api/products?category=mala&limit=48&sort=newest')).json<ProductList>();
    expect(listed(category.products, bead.id)?.sale).toMatchObject(expected);
    expect(listed(category.products, bead.id)?.price).toBe(1000);
    expect(listed(category.products, other.id)?.sale).toBeNull();
    const best = (await read('/api/products/bestsellers')).json<ProductSummary[]>();
    expect(listed(best, bead.id)?.sale).toMatchObject(expected);
    const top = (await read('/api/products/top')).json<ProductSummary[]>();
    expect(listed(top, bead.id)?.sale).toMatchObject(expected);
    expect((await detail(other.id)).sale).toBeNull();
  });

  it('takes the largest of the sales covering it (by id or category), never both', async () => {
    const bead = await newProduct(999.99, {}, 'gems');
    const category = await insertSale({
      percentOff: 15,
      categories: ['gems'],
      startsAt: ago(HOUR),
      endsAt: ahead(HOUR),
    });
    await insertSale({ percentOff: 10, products: [bead.id], startsAt: ago(HOUR), endsAt: ahead(HOUR) });
    await eventually(async () => {
      const sale = (await detail(bead.id)).sale;
      expect(sale?._id).toBe(category);
      expect(sale?.price).toBe(atSale(999.99, 15));
    });
    expect(listed(await searchFor(bead.keyword), bead.id)?.sale?.percentOff).toBe(15);
    const current = (await read('/api/sales/current')).json<RunningSale[]>();
    expect(current.find((s) => s._id === category)).toMatchObject({ percentOff: 15, categories: ['gems'] });
  });

  it('gives a product sold in sizes its "from" price at the sale too', async () => {
    const bead = await newProduct(1200, { priceFromPaise: 90_000 });
    await insertSale({ percentOff: 50, products: [bead.id], startsAt: ago(HOUR), endsAt: ahead(HOUR) });
    await eventually(async () =>
      expect(listed(await searchFor(bead.keyword), bead.id)?.sale).toMatchObject({ price: 600, priceFrom: 450 }),
    );
  });
});

describe('a sale not running', () => {
  it('shows nowhere before its start, when paused, or after its end', async () => {
    const bead = await newProduct(500);
    const future = await insertSale({
      percentOff: 30,
      products: [bead.id],
      startsAt: ahead(HOUR),
      endsAt: ahead(2 * HOUR),
    });
    const paused = await insertSale({
      percentOff: 40,
      products: [bead.id],
      startsAt: ago(HOUR),
      endsAt: ahead(HOUR),
      isActive: false,
    });
    const over = await insertSale({ percentOff: 50, products: [bead.id], startsAt: ago(2 * HOUR), endsAt: ago(HOUR) });
    // A sale that does run, written last: once it shows, the others have been written too.
    const marker = await newProduct(500);
    await insertSale({ percentOff: 5, products: [marker.id], startsAt: ago(HOUR), endsAt: ahead(HOUR) });
    await eventually(async () => expect((await detail(marker.id)).sale?.percentOff).toBe(5));

    expect((await detail(bead.id)).sale).toBeNull();
    expect(listed(await searchFor(bead.keyword), bead.id)?.sale).toBeNull();
    const current = (await read('/api/sales/current')).json<RunningSale[]>();
    expect(current.map((s) => s._id)).not.toContain(future);
    expect(current.map((s) => s._id)).not.toContain(paused);
    expect(current.map((s) => s._id)).not.toContain(over);
  });
});

describe('GET /api/sales/current', () => {
  it('lists the running sales for the banner, kept like catalog answers', async () => {
    const bead = await newProduct(300);
    const id = await insertSale({
      name: 'Diwali Sale',
      percentOff: 25,
      products: [bead.id],
      startsAt: ago(HOUR),
      endsAt: ahead(HOUR),
    });
    await eventually(async () => {
      const current = (await read('/api/sales/current')).json<RunningSale[]>();
      expect(current.find((s) => s._id === id)).toEqual({
        _id: id,
        name: 'Diwali Sale',
        nameHi: '',
        percentOff: 25,
        banner: 'Festival prices',
        bannerHi: '',
        categories: [],
        products: [bead.id],
        endsAt: expect.any(String),
      });
    });
    await warm('/api/sales/current');
    const res = await read('/api/sales/current');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});

/** The JSON-LD Offer of a server-rendered product page, and the product its state carries. */
async function productPage(id: string) {
  const res = await read(`/product/${id}`);
  expect(res.statusCode).toBe(200);
  const lds = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string; offers?: { price: string; priceValidUntil?: string } },
  );
  const state = JSON.parse(res.body.match(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/)![1]!) as {
    queries: { queries: Array<{ queryKey: unknown[]; state: { data?: unknown } }> };
  };
  const product = state.queries.queries.map((q) => q.state.data as Product | undefined).find((d) => d?._id === id);
  return { offer: lds.find((ld) => ld['@type'] === 'Product')!.offers!, product: product!, html: res.body };
}

const withGst = (rupees: number, gstPercent: number) =>
  toRupees(unitPriceWithGstPaise(toPaise(rupees), gstBasisPointsOf(gstPercent))).toFixed(2);

describe('kept answers and pages at a sale boundary', () => {
  it('stop showing a sale at its end, with no write in between', { timeout: 30_000 }, async () => {
    const bead = await newProduct(2000);
    const endsAt = ahead(4_000);
    await insertSale({ percentOff: 10, products: [bead.id], startsAt: ago(HOUR), endsAt });
    const urls = [`/api/products/${bead.id}`, `/api/products?keyword=${bead.keyword}`];
    await eventually(async () => expect((await detail(bead.id)).sale?.price).toBe(1800));
    for (const url of urls) await warm(url);
    const kept = await read(urls[0]!);
    expect(kept.json<Product>().sale?.price).toBe(1800);
    // Shared caches keep it no longer than the sale runs.
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(kept.headers['cache-control'] as string)![1]);
    expect(sMaxAge).toBeLessThanOrEqual(Math.ceil((endsAt.getTime() - Date.now()) / 1000));

    const before = await productPage(bead.id);
    expect(before.product.sale?.price).toBe(1800);
    const gstPercent = before.product.gstPercent;
    expect(before.offer.price).toBe(withGst(1800, gstPercent));
    expect(before.offer.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(before.offer.priceValidUntil).toBe(new Date(endsAt.getTime() + 5.5 * HOUR).toISOString().slice(0, 10));
    const rendered = renders.length;
    expect((await productPage(bead.id)).offer.price).toBe(withGst(1800, gstPercent));
    expect(renders.length).toBe(rendered); // the page was kept

    await sleepUntil(endsAt);
    // The page first: a kept page must go at the end by itself, not because an API read went before it.
    const page = await productPage(bead.id);
    expect(page.product.sale).toBeNull();
    expect(page.offer.price).toBe(withGst(2000, gstPercent));
    expect(page.offer.priceValidUntil).toBeUndefined();
    const after = await read(urls[0]!);
    expect(after.json<Product>().sale).toBeNull();
    expect(after.json<Product>().price).toBe(2000);
    expect(after.headers.etag).not.toBe(kept.headers.etag);
    expect(listed(await searchFor(bead.keyword), bead.id)?.sale).toBeNull();
  });

  it('start showing a sale at its start, with no write in between', { timeout: 30_000 }, async () => {
    const bead = await newProduct(700);
    const startsAt = ahead(4_000);
    const id = await insertSale({ percentOff: 20, products: [bead.id], startsAt, endsAt: ahead(HOUR) });
    const url = `/api/products/${bead.id}`;
    await warm(url);
    await warm('/api/sales/current');
    expect((await detail(bead.id)).sale).toBeNull();
    expect((await read('/api/sales/current')).json<RunningSale[]>().map((s) => s._id)).not.toContain(id);
    expect((await productPage(bead.id)).product.sale).toBeNull();
    const rendered = renders.length;
    expect((await productPage(bead.id)).product.sale).toBeNull();
    expect(renders.length).toBe(rendered); // the page was kept
    await sleepUntil(startsAt);
    const page = await productPage(bead.id);
    expect(page.product.sale).toMatchObject({ _id: id, price: 560 });
    expect(page.offer.price).toBe(withGst(560, page.product.gstPercent));
    expect((await detail(bead.id)).sale).toMatchObject({ _id: id, price: 560 });
    expect((await read('/api/sales/current')).json<RunningSale[]>().map((s) => s._id)).toContain(id);
  });
});

describe('the home page', () => {
  it('carries the running sales in its server data, under the banner query key', async () => {
    const bead = await newProduct(100);
    const id = await insertSale({ percentOff: 12, products: [bead.id], startsAt: ago(HOUR), endsAt: ahead(HOUR) });
    await eventually(async () => {
      const res = await read('/');
      const state = JSON.parse(res.body.match(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/)![1]!) as {
        queries: { queries: Array<{ queryKey: unknown[]; state: { data?: unknown } }> };
      };
      const banner = state.queries.queries.find(
        (q) => JSON.stringify(q.queryKey) === JSON.stringify(RUNNING_SALES_QUERY_KEY),
      );
      expect((banner?.state.data as RunningSale[] | undefined)?.map((s) => s._id)).toContain(id);
    });
  });
});

describe('a sale’s own listing (issue 30)', () => {
  const saleList = async (id: string, more = '') =>
    (await read(`/api/products?sale=${id}&limit=48${more}`)).json<ProductList>();
  const saleFacets = async (id: string, more = '') =>
    (await read(`/api/products/facets?sale=${id}${more}`)).json<ProductFacets>();

  it('lists what a running sale covers, its products and its categories, at the sale price', async () => {
    const [a, b, outside] = [await newProduct(1000), await newProduct(2000), await newProduct(3000)];
    const gem = await newProduct(5000, {}, 'gems');
    const id = await insertSale({
      percentOff: 10,
      products: [a.id, b.id],
      categories: ['gems'],
      startsAt: ago(HOUR),
      endsAt: ahead(HOUR),
    });
    await eventually(async () =>
      expect((await saleList(id)).products.map((p) => p._id)).toEqual(expect.arrayContaining([a.id, b.id, gem.id])),
    );
    const list = await saleList(id);
    expect(list.products.map((p) => p._id)).not.toContain(outside.id);
    for (const p of list.products) expect(p.category === 'gems' || [a.id, b.id].includes(p._id)).toBe(true);
    expect(listed(list.products, a.id)?.sale).toMatchObject({ _id: id, price: 900 });
    // The listing's other filters and its category narrow it as anywhere.
    const cheapMalas = await saleList(id, '&category=mala&maxPrice=1500');
    expect(cheapMalas.products.map((p) => p._id)).toEqual([a.id]);
    const facets = await saleFacets(id, '&category=mala');
    expect(facets.total).toBe(2);
    expect(facets.price).toEqual({ min: 1000, max: 2000 });
  });

  it('lists nothing, without an error, for a sale that is not running or not there', async () => {
    const bead = await newProduct(400);
    const window = { products: [bead.id], percentOff: 5 };
    const ids = [
      await insertSale({ ...window, startsAt: ahead(HOUR), endsAt: ahead(2 * HOUR) }),
      await insertSale({ ...window, startsAt: ago(HOUR), endsAt: ahead(HOUR), isActive: false }),
      await insertSale({ ...window, startsAt: ago(2 * HOUR), endsAt: ago(HOUR) }),
      '00000000-0000-4000-8000-000000000000',
      'not-a-sale',
      "1' or '1'='1",
    ];
    for (const id of ids) {
      const res = await read(`/api/products?sale=${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json<ProductList>().products, id).toEqual([]);
      const facets = await read(`/api/products/facets?sale=${encodeURIComponent(id)}`);
      expect(facets.statusCode, id).toBe(200);
      expect(facets.json<ProductFacets>().total, id).toBe(0);
    }
    expect((await read(`/api/products?sale=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('lists nothing once the sale has ended, with no write in between', { timeout: 30_000 }, async () => {
    const bead = await newProduct(800);
    const endsAt = ahead(4_000);
    const id = await insertSale({ percentOff: 10, products: [bead.id], startsAt: ago(HOUR), endsAt });
    const urls = [`/api/products?sale=${id}`, `/api/products/facets?sale=${id}`];
    await eventually(async () => expect((await saleList(id)).products.map((p) => p._id)).toEqual([bead.id]));
    for (const url of urls) await warm(url);
    expect((await read(urls[0]!)).json<ProductList>().products).toHaveLength(1);
    expect((await read(urls[1]!)).json<ProductFacets>().total).toBe(1);
    await sleepUntil(endsAt);
    expect((await read(urls[0]!)).json<ProductList>().products).toEqual([]);
    expect((await read(urls[1]!)).json<ProductFacets>().total).toBe(0);
  });

  it('is a server-rendered page in English and Hindi; an ended sale’s page says so, with a 404', async () => {
    const bead = await newProduct(1200);
    const id = await insertSale({
      name: 'Navratri Sale',
      nameHi: 'नवरात्रि सेल',
      percentOff: 15,
      products: [bead.id, (await newProduct(1300)).id],
      startsAt: ago(HOUR),
      endsAt: ahead(HOUR),
    });
    await eventually(async () => expect((await saleList(id)).products).toHaveLength(2));
    const english = await read(`/sale/${id}`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Navratri Sale: 15% off');
    expect(english.body).toContain(bead.name);
    expect(english.body).toContain(`<link rel="canonical" href="https://shop.example.in/sale/${id}"`);
    const hindi = await read(`/hi/sale/${id}`);
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain('नवरात्रि सेल: 15% छूट');
    expect(hindi.body).toContain(bead.name);

    const over = await insertSale({ percentOff: 10, products: [bead.id], startsAt: ago(2 * HOUR), endsAt: ago(HOUR) });
    for (const [url, words] of [
      [`/sale/${over}`, 'This sale has ended'],
      [`/hi/sale/${over}`, 'यह सेल समाप्त हो गई है'],
    ] as const) {
      const ended = await read(url);
      expect(ended.statusCode, url).toBe(404);
      expect(ended.body, url).toContain(words);
      expect(ended.body, url).toContain('noindex');
    }
  });
});
