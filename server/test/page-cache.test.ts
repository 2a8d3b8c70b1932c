/**
 * Server-rendered pages kept as sent (decision 0028): rendered once, sent from memory until anything in
 * the catalog changes, never kept when a change overtook the render, and never kept for a page not found.
 */
import { brotliDecompressSync } from 'node:zlib';
import { formatRupees, type StorefrontHeadContext, type StorefrontMetNeed } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import { ResponseCache } from '../src/plugins/response-cache.ts';
import { PageCache } from '../src/modules/storefront/page-cache.ts';
import { HOME_PAGE_SHUFFLES } from '../src/modules/storefront/pages.ts';
import type { StorefrontRenderer } from '../src/modules/storefront/index.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';

const ENTRY_SERVER: string = '../../web/src/entry-server.tsx';
const { storefront: web }: { storefront: StorefrontRenderer } = await import(ENTRY_SERVER);

/** The web app's renderer, counting its renders by path, with a hook that runs inside a render. */
function countingRenderer() {
  const renders = new Map<string, number>();
  let during: (() => Promise<void>) | null = null;
  const renderer: StorefrontRenderer = {
    ...web,
    async render(url: string, met: StorefrontMetNeed[], head: StorefrontHeadContext) {
      renders.set(url, (renders.get(url) ?? 0) + 1);
      const hook = during;
      during = null;
      if (hook) await hook();
      return web.render(url, met, head);
    },
  };
  return {
    renderer,
    renders: (url: string) => renders.get(url) ?? 0,
    /** Runs `hook` inside the next render (after its data was read). */
    duringNextRender: (hook: () => Promise<void>) => {
      during = hook;
    },
  };
}

const counting = countingRenderer();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' }, storefront: counting.renderer });
  admin = (await make.admin(t)).token;
});
afterAll(() => t?.close());

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** An admin's price edit through the API (which waits for its change notices before answering). */
async function editPrice(id: string, price: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(admin),
    payload: { price },
  });
  expect(res.statusCode).toBe(200);
}

/**
 * Opens `url` until it comes from memory (on PostgreSQL the notice of the test's own set-up writes may
 * arrive after the first render, and drop the page).
 */
async function warm(url: string) {
  await t.app.responseCache.caughtUp();
  await eventually(async () => {
    const before = counting.renders(url);
    await open(url);
    expect(counting.renders(url)).toBe(before);
  });
}

describe('server-rendered pages kept in memory', () => {
  it('are rendered once and sent from memory until the catalog changes, then show the change', async () => {
    const id = await make.product(t, { price: 300, name: 'Kept page bead' });
    const url = `/product/${id}`;
    await warm(url);
    const renders = counting.renders(url);
    const sent = await open(url);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(formatRupees(300));
    // Compressed once, the same page.
    const br = await open(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(sent.body);
    expect((await open(url, { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    expect(counting.renders(url)).toBe(renders);

    await editPrice(id, 320);
    const changed = await open(url);
    expect(changed.body).toContain(formatRupees(320));
    expect(changed.body).not.toContain(formatRupees(300));
    expect(counting.renders(url)).toBe(renders + 1);
    // Another product's change leaves it alone (decision 0051): the page shows this product only.
    await warm(url);
    await editPrice(await make.product(t), 999);
    await open(url);
    expect(counting.renders(url)).toBe(renders + 1);
  });

  it("are rendered again when a product they list changes, or another product's listing facts", async () => {
    const listed = await make.product(t, { price: 350, category: 'mala', stock: 5 });
    const url = '/category/mala';
    await warm(url);
    const renders = counting.renders(url);
    // Its stock: the listing shows it.
    await t.db.update(products).set({ countInStock: 4 }).where(eq(products.id, listed));
    await eventually(async () => {
      await open(url);
      expect(counting.renders(url)).toBe(renders + 1);
    });
    // A product of another category, but a price change: it could move into any list (a price filter).
    await warm(url);
    await editPrice(await make.product(t, { category: 'gems' }), 888);
    await open(url);
    expect(counting.renders(url)).toBe(renders + 2);
  });

  it('are not kept when the catalog changed while the page was rendered', async () => {
    const id = await make.product(t, { price: 410, category: 'gems' });
    const url = '/category/gems';
    await warm(url);
    await editPrice(id, 411);
    const heard = t.app.responseCache.changes.heard;
    // The render reads 411; before it is done, the price moves to 412 (plain SQL: a job, another instance).
    counting.duringNextRender(async () => {
      await t.db.update(products).set({ pricePaise: 41_200 }).where(eq(products.id, id));
      await eventually(async () => expect(t.app.responseCache.changes.heard).toBeGreaterThan(heard));
    });
    const raced = await open(url);
    expect(raced.body).toContain(formatRupees(411));
    const renders = counting.renders(url);
    const next = await open(url);
    expect(counting.renders(url)).toBe(renders + 1);
    expect(next.body).toContain(formatRupees(412));
  });

  it('are rendered once for a crowd that comes at the same moment', async () => {
    const id = await make.product(t, { price: 510 });
    const url = `/product/${id}`;
    // An edit through the API: the change's notices (and the set-up's) have arrived when it answers.
    await editPrice(id, 515);
    const before = counting.renders(url);
    const pages = await Promise.all(Array.from({ length: 10 }, () => open(url)));
    expect(counting.renders(url)).toBe(before + 1);
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(pages[0]!.body);
    }
    expect(pages[0]!.body).toContain(formatRupees(515));
  });

  it('keep a page not found out of memory: every one is rendered', async () => {
    const url = '/product/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 3; i++) expect((await open(url)).statusCode).toBe(404);
    expect(counting.renders(url)).toBe(3);
    for (let i = 0; i < 3; i++) expect((await open('/no/such/page')).statusCode).toBe(404);
    expect(counting.renders('/no/such/page')).toBe(3);
  });

  it('keep a few shuffles of the home page, one of them sent at random', async () => {
    await warm('/category/mala');
    const before = counting.renders('/');
    const grids = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const body = (await open('/')).body;
      grids.add(body.slice(body.indexOf('explore-heading')));
    }
    const renders = counting.renders('/') - before;
    expect(renders).toBeGreaterThan(1);
    expect(renders).toBeLessThanOrEqual(HOME_PAGE_SHUFFLES);
    expect(grids.size).toBeGreaterThan(1);
  });
});

describe('with the catalog cache switched off', () => {
  let off: TestApp;
  const own = countingRenderer();
  beforeAll(async () => {
    off = await createTestApp({ env: { CATALOG_CACHE: 'false' }, storefront: own.renderer });
  });
  afterAll(() => off?.close());

  it('renders every request', async () => {
    for (let i = 0; i < 3; i++) expect((await off.app.inject({ url: '/category/gems' })).statusCode).toBe(200);
    expect(own.renders('/category/gems')).toBe(3);
  });
});

describe('PageCache', () => {
  const page = (html: string) => async () => ({ status: 200, html });
  const always = () => true;

  it('keeps within its byte budget (HTML counted twice), the least recently used page going first', async () => {
    const catalog = new ResponseCache();
    catalog.setLive(true);
    // Each page costs 2 x 20 bytes: two fit in 100, three do not.
    const pages = new PageCache(catalog, { maxBytes: 100 });
    await pages.render('/a', page('a'.repeat(20)), always);
    await pages.render('/b', page('b'.repeat(20)), always);
    expect(pages.get('/a')?.html).toBe('a'.repeat(20));
    await pages.render('/c', page('c'.repeat(20)), always);
    expect(pages.size).toEqual({ entries: 2, bytes: 80 });
    expect(pages.get('/b')).toBeUndefined();
    expect(pages.get('/a')).toBeDefined();
    expect(pages.get('/c')).toBeDefined();
    // A page larger than the whole budget is sent, never kept.
    expect((await pages.render('/huge', page('h'.repeat(51)), always)).status).toBe(200);
    expect(pages.get('/huge')).toBeUndefined();
  });

  it('drops every page when the catalog changes, and keeps none while it is not live', async () => {
    const catalog = new ResponseCache();
    catalog.setLive(true);
    const pages = new PageCache(catalog);
    await pages.render('/a', page('a'), always);
    expect(pages.get('/a')).toBeDefined();
    catalog.invalidate();
    expect(pages.get('/a')).toBeUndefined();
    await pages.render('/a', page('a'), always);
    catalog.setLive(false);
    expect(pages.get('/a')).toBeUndefined();
    await pages.render('/a', page('a'), always);
    expect(pages.size.entries).toBe(0);
  });
});
