/** robots.txt and the sitemap (issue 13's first part): public pages in, private ones out, drafts never. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
});
afterAll(() => t?.close());

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of accounts, checkout, admin and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/profile', '/shipping', '/payment', '/placeorder', '/order/', '/cart', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /product/');
    expect(lines).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  const sitemap = async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    return res.body;
  };

  it('lists the home page, every collection and every published product, and no draft', async () => {
    const published = await make.product(t);
    const draft = await make.product(t, { isDraft: true });
    const body = await sitemap();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(body).toContain('<loc>https://shop.example.in/</loc>');
    for (const path of ['/faqs', '/shipping-and-return', '/privacy-policy', '/terms-and-conditions', '/contact-us']) {
      expect(body).toContain(`<loc>https://shop.example.in${path}</loc>`);
    }
    for (const slug of ['rudraksha', 'gems', 'mala']) {
      expect(body).toContain(`<loc>https://shop.example.in/category/${slug}</loc>`);
    }
    expect(body).toMatch(
      new RegExp(`<loc>https://shop.example.in/product/${published}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
    expect(body).not.toContain(draft);
    const listed = await t.db.select({ id: products.id }).from(products).where(eq(products.isDraft, false));
    // Each in English and in Hindi (issue 30).
    expect(body.match(/<loc>[^<]*\/product\//g)).toHaveLength(listed.length * 2);
  });

  it('follows the catalog: a deleted product leaves it at once', async () => {
    const gone = await make.product(t);
    expect(await sitemap()).toContain(gone);
    await t.db.delete(products).where(eq(products.id, gone));
    expect(await sitemap()).not.toContain(gone);
  });
});

describe('the Hindi storefront (issue 30)', () => {
  const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;
  const entryOf = (body: string, loc: string) =>
    body.split('\n').find((line) => line.startsWith(`  <url><loc>${loc}</loc>`));

  it('lists every page in English and Hindi, each naming both and English as x-default', async () => {
    const id = await make.product(t);
    const body = await sitemap();
    expect(body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const alternates = (path: string) =>
      `<xhtml:link rel="alternate" hreflang="en-IN" href="https://shop.example.in${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="https://shop.example.in/hi${path === '/' ? '' : path}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example.in${path}"/>`;
    for (const path of ['/', '/faqs', '/category/gems', `/product/${id}`]) {
      const hindi = `https://shop.example.in/hi${path === '/' ? '' : path}`;
      for (const loc of [`https://shop.example.in${path}`, hindi]) {
        const entry = entryOf(body, loc);
        expect(entry, loc).toBeDefined();
        expect(entry).toContain(alternates(path));
      }
    }
    // As many Hindi pages as English ones.
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const hindi = locs.filter((loc) => loc.startsWith('https://shop.example.in/hi'));
    expect(hindi.length * 2).toBe(locs.length);
    expect(entryOf(body, `https://shop.example.in/hi/product/${id}`)).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('keeps crawlers out of the Hindi accounts, checkout and admin pages too', async () => {
    const lines = (await t.app.inject({ url: '/robots.txt' })).body.split('\n');
    for (const path of ['/hi/admin', '/hi/profile', '/hi/cart', '/hi/placeorder', '/hi/order/', '/hi/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /hi/api/');
    expect(lines).not.toContain('Disallow: /hi');
  });
});

describe('without PUBLIC_URL (development)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ seed: false });
  });
  afterAll(() => dev?.close());

  it('names the address the visitor used, as the pages do in their canonical links', async () => {
    const headers = { host: '192.168.1.20:5000' };
    const robots = await dev.app.inject({ url: '/robots.txt', headers });
    expect(robots.body.split('\n')).toContain('Sitemap: http://192.168.1.20:5000/sitemap.xml');
    const sitemap = await dev.app.inject({ url: '/sitemap.xml', headers });
    expect(sitemap.body).toContain('<loc>http://192.168.1.20:5000/</loc>');
    expect(sitemap.body).not.toContain('127.0.0.1');
  });
});
