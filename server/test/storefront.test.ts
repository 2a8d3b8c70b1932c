/**
 * The server-rendered storefront (issue 13): home, collection, search and product pages come as HTML
 * with their data, their head (title, description, canonical, Open Graph, JSON-LD) and the query state
 * the browser hydrates from; share pictures are JPEGs; nothing a product says can break out of a script.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { MAX_PAGE_LIMIT, formatRupees, metaDescription, type Product, type ProductList } from '@rr/core';
import sharp from 'sharp';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontRenderer } from '../src/modules/storefront/index.ts';
import * as make from './factories.ts';
import { createTestApp, rateLimitedApp, type TestApp } from './helpers.ts';

// The web app's own server rendering, from its source (vitest compiles it); production loads its build.
const ENTRY_SERVER: string = '../../web/src/entry-server.tsx';
const { storefront }: { storefront: StorefrontRenderer } = await import(ENTRY_SERVER);

interface ProductLd {
  name: string;
  offers: { '@type': string; price: string; priceCurrency: string; availability: string };
  aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number };
}

const BASE = 'https://shop.example.in';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: BASE }, storefront });
  // The factories' products show /images/x.svg: a real picture there (a demo WebP: sharp reads it by its bytes).
  mkdirSync(path.join(t.config.webDistDir, 'images'), { recursive: true });
  copyFileSync(
    path.resolve(import.meta.dirname, '../../web/public/images/products/amethyst-katela-6-15-carat-w720.webp'),
    path.join(t.config.webDistDir, 'images', 'x.svg'),
  );
});
afterAll(() => t?.close());

interface Page {
  status: number;
  html: string;
  title: string | null;
  meta: (key: string) => string | null;
  canonical: string | null;
  jsonLd: Array<Record<string, unknown>>;
  state: { queries: { queries: Array<{ queryKey: unknown[]; state: { data?: unknown } }> } } | null;
  /** The rendered app (#root), without the head and the state. */
  body: string;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function open(url: string): Promise<Page> {
  const res = await t.app.inject({ url });
  const html = res.body;
  const meta = (key: string) => {
    const found = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
    return found ? unescape(found[1]!) : null;
  };
  const scripts = (type: string) =>
    [...html.matchAll(new RegExp(`<script type="${type.replace('+', '\\+')}"[^>]*>([\\s\\S]*?)</script>`, 'g'))].map(
      (m) => m[1]!,
    );
  const [state] = scripts('application/json');
  return {
    status: res.statusCode,
    html,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null,
    meta,
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? null,
    jsonLd: scripts('application/ld+json').map((text) => JSON.parse(text) as Record<string, unknown>),
    state: state ? JSON.parse(state) : null,
    body: html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json"/)?.[1] ?? '',
  };
}

const api = async <T>(url: string) => (await t.app.inject({ url })).json<T>();
const byType = (page: Page, type: string) => page.jsonLd.find((item) => item['@type'] === type);

describe('server-rendered pages', () => {
  it('renders the home page with its products, prices, head and state', async () => {
    const page = await open('/');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Rudraksha Ratna | Rudraksha, Gems and Malas');
    expect(page.meta('description')).toMatch(/rudraksha/i);
    expect(page.canonical).toBe(`${BASE}/`);
    expect(page.meta('og:image')).toBe(`${BASE}/share/shop.jpg`);
    const grid = await api<ProductList>('/api/products?limit=10');
    for (const product of grid.products) {
      expect(page.body).toContain(product.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
      expect(page.body).toContain(formatRupees(product.priceFrom ?? product.price));
    }
    // The browser starts from the same data, so hydration renders the same HTML.
    const keys = page.state!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['products', { pageNumber: 1, limit: 10 }]));
    expect(keys).toContain(JSON.stringify(['products', 'bestsellers']));
    expect(byType(page, 'BreadcrumbList')).toBeTruthy();
    // No inline script React would need to reveal a part (the CSP allows none): every part is in place.
    expect(page.html.match(/<script>/g)).toBeNull();
    expect(page.body).not.toContain('<template');
  });

  it('renders /page/2 with its own canonical, and a page that is no number as a 404', async () => {
    const second = await open('/page/2');
    expect(second.status).toBe(200);
    expect(second.title).toBe('Explore Products, Page 2 | Rudraksha Ratna');
    expect(second.canonical).toBe(`${BASE}/page/2`);
    const grid = await api<ProductList>('/api/products?limit=10&pageNumber=2');
    // A product whose variants differ in price shows "from" the lowest (issue 25).
    for (const product of grid.products)
      expect(second.body).toContain(formatRupees(product.priceFrom ?? product.price));
    const bad = await open('/page/abc');
    expect(bad.status).toBe(404);
    expect(bad.canonical).toBeNull();
    expect(bad.meta('robots')).toBe('noindex');
    expect(bad.body).toContain('404 - The Page can');
  });

  it('keeps a listing with nothing on it out of search engines (noindex), but not the home page', async () => {
    const empty = ['/search/qqxzzv', '/search/qqxzzv/page/2', '/page/999', '/category/gems?page=999'];
    for (const url of empty) {
      const page = await open(url);
      expect(page.status, url).toBe(200);
      expect(page.canonical, url).toBeNull();
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.meta('og:url'), url).toBeNull();
    }
    for (const url of ['/', '/search/ruby', '/category/gems']) {
      const page = await open(url);
      expect(page.canonical, url).toBe(`${BASE}${url}`);
      expect(page.meta('robots'), url).toBeNull();
    }
  });

  it('renders a collection with its products and breadcrumbs; an unknown one is a 404', async () => {
    const page = await open('/category/gems');
    expect(page.status).toBe(200);
    // As the page sets it in the browser (usePageTitle).
    expect(page.title).toBe('Gems | Collection');
    expect(page.canonical).toBe(`${BASE}/category/gems`);
    const gems = await api<ProductList>('/api/products?category=gems');
    expect(gems.products.length).toBeGreaterThan(0);
    for (const product of gems.products) expect(page.body).toContain(formatRupees(product.priceFrom ?? product.price));
    const crumbs = byType(page, 'BreadcrumbList') as { itemListElement: Array<{ name: string; item: string }> };
    expect(crumbs.itemListElement.map((step) => step.item)).toEqual([`${BASE}/`, `${BASE}/category/gems`]);
    expect((await open('/category/no-such-thing')).status).toBe(404);
  });

  it('renders a filtered, sorted collection as the API answers it, under the key the page reads', async () => {
    // Issue 14's filters live in the address: the page must arrive with that list, or hydration would differ.
    await make.product(t, { name: 'Filter test 17 mukhi cheap', price: 1700, columns: { mukhi: 17 } });
    await make.product(t, { name: 'Filter test 17 mukhi dear', price: 1900, columns: { mukhi: 17 } });
    await make.product(t, { name: 'Filter test 16 mukhi', price: 1800, columns: { mukhi: 16 } });
    const page = await open('/category/rudraksha?mukhi=17&sort=price_desc');
    expect(page.status).toBe(200);
    const listed = page.state!.queries.queries.find((q) => q.queryKey[0] === 'products');
    expect(listed?.queryKey[1]).toMatchObject({ category: 'rudraksha', mukhi: '17', sort: 'price_desc' });
    const names = (listed!.state.data as ProductList).products.map((p) => p.name);
    expect(names).toEqual(['Filter test 17 mukhi dear', 'Filter test 17 mukhi cheap']);
    expect(page.body.indexOf('Filter test 17 mukhi dear')).toBeLessThan(
      page.body.indexOf('Filter test 17 mukhi cheap'),
    );
    expect(page.body).not.toContain('Filter test 16 mukhi');
    // A query the API refuses (an absurdly long filter) is refused as the API does, and left to the
    // browser, which shows the API's answer.
    const long = 'x'.repeat(2000);
    expect((await t.app.inject({ url: `/api/products?category=rudraksha&origin=${long}` })).statusCode).toBe(400);
    const refused = await open(`/category/rudraksha?origin=${long}`);
    expect(refused.status).toBe(400);
    expect(refused.state).toBeNull();
  });

  it('renders a search with what it found; a blank search goes home', async () => {
    const name = `Searchable Tulsi ${Date.now()}`;
    await make.product(t, { name, price: 1234.5 });
    const page = await open(`/search/${encodeURIComponent('searchable tulsi')}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Search: searchable tulsi | Rudraksha Ratna');
    expect(page.canonical).toBe(`${BASE}/search/searchable%20tulsi`);
    expect(page.body).toContain(name);
    expect(page.body).toContain(formatRupees(1234.5));
    const blank = await t.app.inject({ url: '/search/%20%20' });
    expect(blank.statusCode).toBe(302);
    expect(blank.headers.location).toBe('/');
  });

  it('renders a reviewed product with Product, Offer, AggregateRating and BreadcrumbList', async () => {
    const list = await api<ProductList>(`/api/products?limit=${MAX_PAGE_LIMIT}`);
    const reviewed = list.products.find((p) => p.numReviews > 0 && p.countInStock > 0)!;
    const product = await api<Product>(`/api/products/${reviewed._id}`);
    const page = await open(`/product/${product._id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${product.name} | Rudraksha Ratna`);
    expect(page.meta('description')).toBe(metaDescription(product.description));
    expect(page.canonical).toBe(`${BASE}/product/${product._id}`);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:title')).toBe(`${product.name} | Rudraksha Ratna`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.body).toContain(formatRupees(product.price));
    const ld = byType(page, 'Product') as unknown as ProductLd;
    expect(ld.name).toBe(product.name);
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
    });
    // The price a customer pays: GST included.
    expect(Number(ld.offers.price)).toBeCloseTo(product.price * (1 + product.gstPercent / 100), 1);
    expect(ld.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.numReviews,
    });
    const crumbs = byType(page, 'BreadcrumbList') as { itemListElement: Array<{ item: string }> };
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${BASE}/product/${product._id}`);

    // The share picture: a JPEG at least 600 px wide, kept for long.
    const image = page.meta('og:image')!;
    expect(image.startsWith(`${BASE}/share/products/${product._id}.jpg?v=`)).toBe(true);
    expect(page.meta('twitter:image')).toBe(image);

    // Issue 31: the head preloads the picture the page shows first, as the page asks for it (same
    // srcset and sizes, so the browser fetches the one file), at the head's top, before the scripts.
    const first = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(page.body)![0];
    const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(page.html)![0];
    expect(attribute(preload, 'href')).toBe(attribute(first, 'src'));
    expect(attribute(preload, 'imagesrcset')).toBe(attribute(first, 'srcset'));
    expect(attribute(preload, 'imagesizes')).toBe(attribute(first, 'sizes'));
    expect(page.html.indexOf(preload)).toBeLessThan(page.html.indexOf('<title>'));
  });

  it('marks a product out of stock and leaves the rating out until it is reviewed', async () => {
    const id = await make.product(t, { name: 'Unreviewed bead', stock: 0 });
    const page = await open(`/product/${id}`);
    const ld = byType(page, 'Product') as unknown as ProductLd;
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('cuts a long description at a word with an ellipsis, and names no brand when there is none', async () => {
    // Issue 32: the head's descriptions were cut mid-word at 160 characters; an empty brand was an empty Brand.
    const words = 'Genuine five faced rudraksha from Nepal, energised and lab certified for daily wear.';
    const id = await make.product(t, {
      name: 'Long-described bead',
      columns: { description: `${words}\n\n${words} ${words}`, brand: '' },
    });
    const page = await open(`/product/${id}`);
    const description = page.meta('description')!;
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/ [a-z]+…$/);
    expect(`${words} ${words} ${words}`.startsWith(description.slice(0, -1))).toBe(true);
    expect(`${words} ${words} ${words}`.charAt(description.length - 1)).toBe(' ');
    expect(page.meta('og:description')).toBe(description);
    expect(page.meta('twitter:description')).toBe(description);
    expect(byType(page, 'Product')).not.toHaveProperty('brand');
  });

  it('answers an unknown product with a 404 page saying so', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const page = await open(`/product/${id}`);
      expect(page.status).toBe(404);
      expect(page.title).toBe('Page Not Found | Rudraksha Ratna');
      expect(page.meta('robots')).toBe('noindex');
      expect(page.body).toContain('Product not found');
      expect(page.jsonLd).toEqual([]);
    }
  });

  it('keeps a hostile product name inside its text, its state and its JSON-LD', async () => {
    const name = '</script><script>alert(1)</script> & "quoted" \u2028';
    const id = await make.product(t, { name });
    const page = await open(`/product/${id}`);
    expect(page.status).toBe(200);
    // The only scripts are the page's own: no `<script>alert` anywhere.
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html.match(/<script/g)).toHaveLength(
      (page.html.match(/<script type="application\/(ld\+json|json)"/g)?.length ?? 0) +
        (page.html.match(/<script (type="module" )?src=/g)?.length ?? 0),
    );
    expect((byType(page, 'Product') as { name: string }).name).toBe(name);
    const cached = page.state!.queries.queries.find((q) => q.queryKey[0] === 'product')!;
    expect((cached.state.data as Product).name).toBe(name);
    expect(page.title).toBe(
      `&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; \u2028 | Rudraksha Ratna`,
    );
    // In the page as text: no tag of it in the rendered app, and the text reads as the name. (Preact escapes
    // `<`, `&` and `"`, which is all that text needs; React also escaped `>`.)
    expect(page.body).not.toMatch(/<\/?script/);
    expect(unescape(page.body)).toContain('</script><script>alert(1)</script> & "quoted"');
  });

  it('leaves other pages to the browser (the client-rendered index.html)', async () => {
    for (const url of ['/cart', '/cart/abc?qty=2', '/profile', '/order/abc', '/admin/orderlist', '/login']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('application/json');
    }
  });

  it('renders the static pages with the title and description they give themselves', async () => {
    const pages = [
      ['/faqs', 'FAQs', 'Frequently Asked Questions'],
      ['/shipping-and-return', 'Shipping and Returns', 'Shipping and Returns'],
      ['/customization', 'Customization', 'Customization'],
      ['/energization', 'Energization', 'Free Rudraksha Energization'],
      ['/terms-and-conditions', 'Terms and Conditions', 'Terms and Conditions'],
      ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
      ['/contact-us', 'Contact Us', 'Contact Us'],
    ] as const;
    for (const [path, name, heading] of pages) {
      const page = await open(path);
      expect(page.status, path).toBe(200);
      expect(page.title, path).toBe(`${name} | Rudraksha Ratna`);
      expect(page.meta('og:title'), path).toBe(page.title);
      expect(page.meta('description'), path).toMatch(/^[A-Z].{40,}/);
      expect(page.meta('og:description'), path).toBe(page.meta('description'));
      expect(page.canonical, path).toBe(`${BASE}${path}`);
      expect(unescape(page.body), path).toContain(`>${heading}</h1>`);
      expect(page.body, path).toContain('Go Back');
    }
    // The FAQ page carries its answers, as text a crawler reads.
    expect(unescape((await open('/faqs')).body)).toContain('Who can wear rudraksha?');
    // Any case and a trailing slash name the same page, under its one address.
    expect((await open('/FAQs/')).canonical).toBe(`${BASE}/faqs`);
  });

  it("answers a path that is none of the shop's pages with the 404 page and a 404 status", async () => {
    for (const url of ['/nope', '/products', '/admin/nope', '/category', '/product', '/search/ruby/page/2/x']) {
      const page = await open(url);
      expect(page.status, url).toBe(404);
      expect(page.meta('robots'), url).toBe('noindex');
      expect(page.title, url).toBe('Page Not Found | Rudraksha Ratna');
      expect(page.body, url).toContain('404 - The Page can');
    }
  });
});

describe('share pictures', () => {
  it('serves a product picture as a 1200×630 JPEG with a long cache life', async () => {
    const id = await make.product(t);
    const page = await open(`/product/${id}`);
    const url = new URL(page.meta('og:image')!);
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const info = await sharp(res.rawPayload).metadata();
    expect(info.format).toBe('jpeg');
    expect(info.width).toBeGreaterThanOrEqual(600);
    expect([info.width, info.height]).toEqual([1200, 630]);
    // The picture is on it, not just the background.
    const { channels } = await sharp(res.rawPayload).stats();
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
  });

  it("serves the shop's picture, and 404s for unknown products", async () => {
    const shop = await t.app.inject({ url: '/share/shop.jpg' });
    expect(shop.statusCode).toBe(200);
    expect((await sharp(shop.rawPayload).metadata()).width).toBe(1200);
    const unknown = await t.app.inject({ url: '/share/products/00000000-0000-4000-8000-000000000000.jpg' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: expect.any(String) });
  });
});

describe('pages on the wire', () => {
  it('go compressed to browsers that take it (brotli first, else gzip), and plain to those that do not', async () => {
    const url = `/product/${await make.product(t, { name: 'Compressed Page Mala' })}`;
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The page without its dehydrated state (which carries the moment it was read).
    const withoutState = (page: string) =>
      page.slice(0, page.indexOf('<script type="application/json" id="rr-ssr-state">'));
    const html = withoutState(plain.body);
    expect(html).toContain('Compressed Page Mala');

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(withoutState(brotliDecompressSync(br.rawPayload).toString())).toBe(html);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(withoutState(gunzipSync(gz.rawPayload).toString())).toBe(html);
  });
});

describe('a page whose address the API would refuse', () => {
  it('answers 400 with the browser-rendered page and logs no error (a category or sort far too long)', async () => {
    const logged: Array<{ level: number; msg: string }> = [];
    const shop = await createTestApp({
      seed: false,
      storefront,
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void logged.push(JSON.parse(line) as { level: number; msg: string }) },
    });
    try {
      for (const url of [`/category/${'x'.repeat(60)}`, `/category/gems?sort=${'y'.repeat(300)}`]) {
        const res = await shop.app.inject({ url });
        expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 400, 'text/html; charset=utf-8']);
      }
      // PRODUCT.md: a short unknown one is an empty result, not an error.
      expect((await shop.app.inject({ url: '/category/gems?sort=cheapest' })).statusCode).toBe(200);
      expect(logged.filter((line) => line.level >= 40)).toEqual([]);
      expect(logged.filter((line) => line.msg.startsWith('page refused'))).toHaveLength(2);
    } finally {
      await shop.close();
    }
  });
});

describe('pages rendered for a client (issue 23)', () => {
  it('are limited per client, pages not found above all; kept pages still come', async () => {
    const shop = await rateLimitedApp({ storefront, env: { PAGE_RENDERS_PER_MINUTE: '2' } });
    const from = (remoteAddress: string) => (url: string) => shop.app.inject({ url, remoteAddress });
    const asker = from('203.0.113.8');
    expect((await asker('/category/gems')).statusCode).toBe(200);
    expect((await asker('/no-such-page-1')).statusCode).toBe(404);
    const refused = await asker('/no-such-page-2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await asker('/category/gems')).statusCode).toBe(200);
    expect((await from('198.51.100.10')('/no-such-page-2')).statusCode).toBe(404);
  });
});
