/**
 * Issue 24: a product's own HSN code, GST rate and UQC, each defaulting to its category's; the MRP rule
 * at the product's own rate; a category's UQC.
 */
import {
  MRP_BELOW_PRICE,
  UQCS,
  unitPriceWithGstPaise,
  type CategoryGst,
  type Product,
  type ProductList,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../src/db/schema/index.ts';
import { demoProducts } from '../src/db/seed/demo-catalog.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload });
const get = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
const putCategory = (slug: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/categories/${slug}`, headers: bearer(admin), payload });
const category = async (slug: string) =>
  (await t.app.inject({ url: '/api/categories' })).json<CategoryGst[]>().find((c) => c.slug === slug)!;
/** The stored row: what a refused update must leave as it was. */
const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

describe("a product's own tax facts", () => {
  it('sets each, answers it with the effective ones, and clears it with null or empty text', async () => {
    const id = await make.product(t, { category: 'rudraksha', price: 100 });
    const fresh = await get(id);
    expect(fresh).toMatchObject({
      gstPercent: 18,
      hsnCode: '1404',
      uqc: 'NOS',
      taxOverrides: { hsnCode: null, gstPercent: null, uqc: null },
    });

    const set = await put(id, { hsnCode: '14049090', gstPercent: 5, uqc: 'prs' });
    expect(set.statusCode, set.body).toBe(200);
    const expected = {
      gstPercent: 5,
      hsnCode: '14049090',
      uqc: 'PRS',
      taxOverrides: { hsnCode: '14049090', gstPercent: 5, uqc: 'PRS' },
    };
    expect(set.json<Product>()).toMatchObject(expected);
    expect(await get(id)).toMatchObject(expected);
    expect(await row(id)).toMatchObject({ hsnCode: '14049090', gstBasisPoints: 500, uqc: 'PRS' });
    // Lists carry the product's rate too: the price with GST on a card is the one it is sold at.
    const listed = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent((await row(id)).name)}` });
    expect(listed.json<ProductList>().products.find((p) => p._id === id)?.gstPercent).toBe(5);

    // An update without them keeps them (SPEC's form sends none).
    expect((await put(id, { name: 'Renamed bead' })).json<Product>().taxOverrides).toEqual(expected.taxOverrides);

    const cleared = await put(id, { hsnCode: null, gstPercent: '', uqc: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Product>()).toMatchObject({
      gstPercent: 18,
      hsnCode: '1404',
      uqc: 'NOS',
      taxOverrides: { hsnCode: null, gstPercent: null, uqc: null },
    });
    expect(await row(id)).toMatchObject({ hsnCode: null, gstBasisPoints: null, uqc: null });
  });

  it.each([
    [{ hsnCode: '71031' }, 'hsnCode'],
    [{ hsnCode: '710391001' }, 'hsnCode'],
    [{ hsnCode: '71' }, 'hsnCode'],
    [{ hsnCode: "7103' or 1=1 --" }, 'hsnCode'],
    [{ hsnCode: 71039100 }, 'hsnCode'],
    [{ gstPercent: 7 }, 'gstPercent'],
    [{ gstPercent: -3 }, 'gstPercent'],
    [{ gstPercent: 'three' }, 'gstPercent'],
    [{ gstPercent: 1e308 }, 'gstPercent'],
    [{ uqc: 'KGS' }, 'uqc'],
    [{ uqc: '<script>' }, 'uqc'],
    [{ uqc: 3 }, 'uqc'],
  ])('refuses %j with 400 naming %s, changing nothing', async (payload, field) => {
    const id = await make.product(t, { columns: { hsnCode: '14049090', gstBasisPoints: 500, uqc: 'PRS' } });
    const before = await row(id);
    const res = await put(id, { name: 'Must not be saved', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
    expect(await row(id)).toEqual(before);
  });
});

describe("the MRP rule at the product's own rate", () => {
  it('allows an MRP of price + 3% at an own rate of 3%, and refuses it when the rate goes up or is cleared', async () => {
    const id = await make.product(t, { category: 'gems', price: 1000 });
    // The category's 18%: ₹1,030 is below ₹1,180.
    const at18 = await put(id, { mrp: 1030 });
    expect(at18.statusCode).toBe(400);
    expect(at18.json<{ message: string }>().message).toBe(MRP_BELOW_PRICE);

    const at3 = await put(id, { mrp: 1030, gstPercent: 3 });
    expect(at3.statusCode, at3.body).toBe(200);
    expect(at3.json<Product>()).toMatchObject({ mrp: 1030, gstPercent: 3 });

    // A higher own rate, or none (back to the category's 18%), would charge more than the stored MRP.
    for (const gstPercent of [5, null]) {
      const res = await put(id, { gstPercent });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'MRP_BELOW_PRICE',
        message: `${MRP_BELOW_PRICE}: the MRP is ₹1,030.00: change the MRP too, or clear it`,
      });
    }
    expect(await row(id)).toMatchObject({ mrpPaise: 103_000, gstBasisPoints: 300 });
    // A move to another category keeps the product's own rate, so its MRP still holds.
    expect((await put(id, { category: 'mala' })).statusCode).toBe(200);
  });

  it("leaves a product with its own rate out of a category's rate change", async () => {
    const own = await make.product(t, { category: 'mala', price: 1000, columns: { mrpPaise: 103_000 } });
    expect((await put(own, { gstPercent: 3 })).statusCode).toBe(200);
    // At 28% the ₹1,030 MRP would be below the price with GST, but this product is taxed at its own 3%.
    const raised = await putCategory('mala', { gstPercent: 28 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await get(own)).toMatchObject({ gstPercent: 3 });
    // Without its own rate it would take the category's: refused, as for any product of the category.
    expect((await put(own, { gstPercent: null })).statusCode).toBe(400);
    expect((await putCategory('mala', { gstPercent: 18 })).statusCode).toBe(200);
  });
});

describe("a category's UQC", () => {
  it('is NOS until changed, and is what its products without their own carry', async () => {
    expect(await category('mala')).toMatchObject({ uqc: 'NOS' });
    const plain = await make.product(t, { category: 'mala' });
    const own = await make.product(t, { category: 'mala', columns: { uqc: 'PCS' } });
    const res = await putCategory('mala', { uqc: 'set' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CategoryGst>()).toMatchObject({ uqc: 'SET', hsnCode: '7117', gstPercent: 18 });
    expect(await get(plain)).toMatchObject({ uqc: 'SET', taxOverrides: { uqc: null } });
    expect(await get(own)).toMatchObject({ uqc: 'PCS', taxOverrides: { uqc: 'PCS' } });
    expect((await putCategory('mala', { uqc: 'NOS' })).statusCode).toBe(200);
  });

  it.each([[{ uqc: 'KGS' }], [{ uqc: '' }], [{ uqc: null }], [{ hsnCode: '71171' }]])(
    'refuses %j with 400, changing nothing',
    async (payload) => {
      const before = await category('gems');
      const res = await putCategory('gems', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(Object.keys(payload)[0]);
      expect(await category('gems')).toEqual(before);
    },
  );
});

describe('the demo catalog (decision 0037)', () => {
  const demo = async () => {
    const names = new Set(demoProducts.map((p) => p.name));
    const rows = await t.db
      .select({ product: products, categoryRate: categories.gstBasisPoints })
      .from(products)
      .innerJoin(categories, eq(categories.slug, products.category));
    return rows.filter((r) => names.has(r.product.name));
  };

  it('gives every product its own HSN code, rate and UQC, from the chapter of what it is made of', async () => {
    const rows = await demo();
    expect(rows).toHaveLength(demoProducts.length);
    const hsnOf = (name: string) => rows.find((r) => r.product.name === name)!.product.hsnCode;
    for (const { product } of rows) {
      expect(product.hsnCode, product.name).toMatch(/^(\d{6}|\d{8})$/);
      expect(UQCS, product.name).toContain(product.uqc);
      // Pearls are chapter 71's 7101 (loose) or 7116 (strung), never 7103.
      if (/pearl/i.test(product.name)) expect(product.hsnCode, product.name).toMatch(/^(7101|711610)/);
      // Rudraksha beads are seeds (chapter 14) unless capped in silver (chapter 71).
      if (product.category === 'rudraksha' && !/silver/i.test(product.name)) {
        expect(product.hsnCode, product.name).toMatch(/^1404/);
      }
      if (/ruby|emerald|sapphire/i.test(product.name) && product.category === 'gems') {
        expect(product).toMatchObject({ hsnCode: '71039100', gstBasisPoints: 25 });
      }
    }
    expect(hsnOf('Sphatik (Clear Quartz) Jaap Mala, 8 mm, 108+1 Beads')).toBe('711620');
    expect(hsnOf('Tulsi Jaap Mala, 108+1 Beads')).toMatch(/^4421/);
    expect(rows.find((r) => /Pack of 2/.test(r.product.name))!.product.uqc).toBe('PRS');
  });

  it('keeps every MRP at or above the price with the product’s own GST', async () => {
    for (const { product, categoryRate } of await demo()) {
      const rate = product.gstBasisPoints ?? categoryRate;
      expect(product.mrpPaise, product.name).toBeGreaterThanOrEqual(unitPriceWithGstPaise(product.pricePaise, rate));
    }
  });
});
