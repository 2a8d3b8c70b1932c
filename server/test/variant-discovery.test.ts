/**
 * Issue 25, discovery: the listing's size and weight filters find a product by its variants' facts too;
 * a product sold in variants is a schema.org ProductGroup with each variant's SKU, price with GST and
 * availability (one without stays a Product); the sitemap lists the product once, as before.
 */
import { MAX_PAGE_LIMIT, parseListingFilters, type Product, type ProductList } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontRenderer } from '../src/modules/storefront/index.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const ENTRY_SERVER: string = '../../web/src/entry-server.tsx';
const { storefront }: { storefront: StorefrontRenderer } = await import(ENTRY_SERVER);
const BASE = 'https://shop.example.in';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: BASE }, storefront });
  admin = (await make.admin(t)).token;
});
afterAll(() => t?.close());

const sku = () => `T-${Math.random().toString(36).slice(2, 10)}`;

/** A product of its own with these variants (saved through the admin's PUT); its page's answer. */
async function withVariants(
  spec: make.ProductSpec,
  variants: Array<{ name: string; price: number; countInStock: number; facts?: object; isDefault?: boolean }>,
): Promise<Product> {
  const id = await make.product(t, spec);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(admin),
    payload: { variants: variants.map((v) => ({ ...v, sku: sku() })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
}

const listed = async (query: string) =>
  (await t.app.inject({ url: `/api/products?limit=${MAX_PAGE_LIMIT}&${query}` }))
    .json<ProductList>()
    .products.map((p) => p._id);

describe('size, weight and planet facets', () => {
  it('count each size a product or its variants come in, span their weights and count planets', async () => {
    const word = `Facetbead${Math.random().toString(36).slice(2, 8)}`;
    await make.product(t, { name: `${word} own`, columns: { sizeMm: 18 } });
    await withVariants({ name: `${word} sized`, stock: 0 }, [
      { name: '18 mm', price: 900, countInStock: 2, facts: { sizeMm: 18 }, isDefault: true },
      { name: '22 mm', price: 1400, countInStock: 1, facts: { sizeMm: 22 } },
    ]);
    const gem = await withVariants({ name: `${word} gem`, category: 'gems', columns: { planet: 'Saturn' } }, [
      { name: '5.25 ratti', price: 5000, countInStock: 1, facts: { weightCarats: 4.78 }, isDefault: true },
      { name: '7.25 ratti', price: 9000, countInStock: 1, facts: { weightCarats: 6.6 } },
    ]);
    const facets = async (query: string) =>
      (await t.app.inject({ url: `/api/products/facets?keyword=${word}${query}` })).json();
    const all = await facets('');
    expect(all.size).toEqual([
      { value: 18, count: 2 },
      { value: 22, count: 1 },
    ]);
    expect(all.weight).toEqual({ min: 4.78, max: 6.6 });
    expect(all.planet).toEqual([{ value: 'Saturn', count: 1 }]);
    // A facet counts with the other filters, not its own.
    expect((await facets('&size=22')).size).toEqual(all.size);
    expect((await facets('&size=22')).total).toBe(1);
    expect((await facets('&planet=saturn')).total).toBe(1);
    expect(await listed(`keyword=${word}&planet=Saturn`)).toEqual([gem._id]);
    expect(await listed(`keyword=${word}&planet=Pluto`)).toEqual([]);
  });
});

describe('size and weight filters', () => {
  it('reads sizes as a list of millimetres and weights as a carat range; nonsense is an empty result', () => {
    expect(parseListingFilters({ size: '20, 18,20', minCarats: '5.25', maxCarats: '7' })).toEqual({
      size: [18, 20],
      minCarats: 5.25,
      maxCarats: 7,
    });
    expect(parseListingFilters({ size: '18.5' })).toEqual({ size: [18.5] });
    for (const bad of [{ size: 'big' }, { size: '0' }, { size: '18.25' }, { minCarats: '-1' }, { maxCarats: 'x' }]) {
      expect(parseListingFilters(bad)).toBeNull();
    }
  });

  it('finds a product by its own size or a variant’s, and a gem by its own weight or a variant’s', async () => {
    const word = `Sizedbead${Math.random().toString(36).slice(2, 8)}`;
    const own = await make.product(t, { name: `${word} own`, columns: { sizeMm: 21.5 } });
    const bead = await withVariants({ name: `${word} sized`, stock: 0 }, [
      { name: '18 mm', price: 900, countInStock: 2, facts: { sizeMm: 18 }, isDefault: true },
      { name: '21.5 mm', price: 1400, countInStock: 1, facts: { sizeMm: 21.5 } },
    ]);
    const other = await make.product(t, { name: `${word} other`, columns: { sizeMm: 30 } });
    expect(await listed(`keyword=${word}&size=21.5`)).toEqual(expect.arrayContaining([own, bead._id]));
    expect(await listed(`keyword=${word}&size=21.5`)).not.toContain(other);
    expect(await listed(`keyword=${word}&size=18`)).toEqual([bead._id]);
    expect((await listed(`keyword=${word}&size=18,30`)).sort()).toEqual([bead._id, other].sort());
    expect(await listed(`keyword=${word}&size=19`)).toEqual([]);
    expect(await listed(`keyword=${word}&size=big`)).toEqual([]);
    // With the other filters (and on the category's listing, without a keyword).
    expect(await listed(`keyword=${word}&size=21.5&maxPrice=500`)).toEqual([own]);
    expect(await listed(`category=rudraksha&size=18`)).toContain(bead._id);

    const gem = await withVariants({ name: `${word} gem`, category: 'gems', stock: 0 }, [
      { name: '5.25 ratti', price: 5000, countInStock: 1, facts: { weightCarats: 4.78 }, isDefault: true },
      { name: '7.25 ratti', price: 9000, countInStock: 1, facts: { weightCarats: 6.6 } },
    ]);
    const stone = await make.product(t, { name: `${word} stone`, category: 'gems', columns: { weightCarats: 5.5 } });
    expect((await listed(`keyword=${word}&minCarats=4.5&maxCarats=5.6`)).sort()).toEqual([gem._id, stone].sort());
    expect(await listed(`keyword=${word}&minCarats=6`)).toEqual([gem._id]);
    expect(await listed(`keyword=${word}&maxCarats=4`)).toEqual([]);
    // The facet counts follow the filter.
    const facets = (await t.app.inject({ url: `/api/products/facets?keyword=${word}&minCarats=6` })).json();
    expect(facets.total).toBe(1);
  });
});

describe('JSON-LD and the sitemap', () => {
  interface Offer {
    '@type': string;
    sku: string;
    price: string;
    priceCurrency: string;
    availability: string;
    url: string;
  }
  interface Group {
    '@type': string;
    name: string;
    productGroupID: string;
    variesBy: string[];
    hasVariant: Array<{ '@type': string; sku: string; name: string; size?: string; offers: Offer }>;
    offers?: unknown;
  }
  const jsonLdOf = async (id: string) => {
    const html = (await t.app.inject({ url: `/product/${id}` })).body;
    return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  };

  it('makes a product with variants a ProductGroup: each variant its SKU, price with GST and stock', async () => {
    // 3% GST: ₹1,000 is ₹1,030.00 to pay.
    const product = await withVariants(
      { name: 'Nepal 5 Mukhi Rudraksha in sizes', stock: 0, columns: { gstBasisPoints: 300 } },
      [
        { name: '18 mm', price: 1000, countInStock: 3, facts: { sizeMm: 18 }, isDefault: true },
        { name: '20 mm', price: 1500, countInStock: 0, facts: { sizeMm: 20 } },
      ],
    );
    const ld = await jsonLdOf(product._id);
    expect(ld.find((item) => item['@type'] === 'Product')).toBeUndefined();
    const group = ld.find((item) => item['@type'] === 'ProductGroup') as unknown as Group;
    expect(group).toMatchObject({
      name: 'Nepal 5 Mukhi Rudraksha in sizes',
      productGroupID: product._id,
      variesBy: ['https://schema.org/size'],
    });
    expect(group.offers).toBeUndefined();
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        sku: product.variants[0]!.sku,
        name: 'Nepal 5 Mukhi Rudraksha in sizes — 18 mm',
        size: '18 mm',
        offers: expect.objectContaining({
          '@type': 'Offer',
          sku: product.variants[0]!.sku,
          price: '1030.00',
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url: `${BASE}/product/${product._id}?variant=${product.variants[0]!._id}`,
        }),
      }),
      expect.objectContaining({
        sku: product.variants[1]!.sku,
        offers: expect.objectContaining({ price: '1545.00', availability: 'https://schema.org/OutOfStock' }),
      }),
    ]);
    // A product without variants is still one Product with one Offer.
    const plain = await make.product(t, { name: 'Plain bead' });
    const single = (await jsonLdOf(plain)).find((item) => item['@type'] === 'Product') as { offers: Offer };
    expect(single.offers['@type']).toBe('Offer');

    // The sitemap names the product's page once per language (issue 30), never a variant's address.
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap.match(new RegExp(`<loc>[^<]*/product/${product._id}</loc>`, 'g'))).toHaveLength(2);
    expect(sitemap).toContain(`/hi/product/${product._id}</loc>`);
    expect(sitemap).not.toContain('variant=');
  });
});
