/**
 * Issue 25: the demo catalog sells sizes, weights and extras as a real rudraksha and gem shop does, written
 * by the admin's own save (so the product's stock is its variants' sum and the ledger says so).
 */
import type { Product, ProductList } from '@rr/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedger } from '../src/db/schema/index.ts';
import { demoProductId } from '../src/db/seed.ts';
import { demoProducts } from '../src/db/seed/demo-catalog.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const demo = async (slug: string) =>
  (await t.app.inject({ url: `/api/products/${demoProductId(slug)}` })).json<Product>();

describe('demo variants and add-ons', () => {
  it('sells the Nepal 5 mukhi in three sizes, 20 mm by default, with silver and gold capping', async () => {
    const five = await demo('nepal-5-mukhi-rudraksha');
    expect(five.variants.map((v) => [v.name, v.sku, v.price, v.mrp, v.countInStock, v.facts.sizeMm])).toEqual([
      ['18 mm', 'RR-NP5-18', 249, 399, 8, 18],
      ['20 mm', 'RR-NP5-20', 299, 499, 12, 20],
      ['22 mm', 'RR-NP5-22', 549, 899, 5, 22],
    ]);
    expect(five.variants.find((v) => v.isDefault)?.name).toBe('20 mm');
    // Issue 30: each with its Hindi name, for the Hindi pages.
    expect(five.variants.map((v) => v.nameHi)).toEqual(['18 मिमी', '20 मिमी', '22 मिमी']);
    expect(five.addOns.map((a) => a.nameHi)).toEqual(['चाँदी की कैपिंग', 'सोने की कैपिंग']);
    // The product shows its default variant's price and MRP and the sum of their stock.
    expect(five).toMatchObject({ price: 299, mrp: 499, countInStock: 25, priceFrom: 249 });
    expect(five.addOns.map((a) => [a.name, a.price, a.service, a.hsnCode, a.gstPercent])).toEqual([
      ['Silver capping', 450, false, '711311', 3],
      ['Gold capping', 3500, false, '711319', 3],
    ]);
  });

  it('sells the blue sapphire in three weights (ratti and carats) with a lab certificate', async () => {
    const neelam = await demo('blue-sapphire-neelam-4-ratti-unheated');
    expect(neelam.variants.map((v) => [v.name, v.price, v.facts.weightCarats, v.facts.weightRatti])).toEqual([
      ['4.00 ratti / 3.64 ct', 59500, 3.64, 4],
      ['5.25 ratti / 4.78 ct', 84000, 4.78, 5.25],
      ['6.25 ratti / 5.69 ct', 106250, 5.69, 6.25],
    ]);
    expect(neelam).toMatchObject({ price: 59500, countInStock: 3, weightCarats: 3.64 });
    expect(neelam.variants[1]!.nameHi).toBe('5.25 रत्ती / 4.78 कैरेट');
    expect(neelam.addOns).toMatchObject([
      { name: 'Lab certificate', nameHi: 'लैब प्रमाणपत्र', price: 1100, service: true, hsnCode: '998346', gstPercent: 18 },
    ]);
  });

  it("offers energisation in the wearer's name on every mala: a made-to-order service with its SAC", async () => {
    const malas = demoProducts.filter((p) => p.category === 'mala');
    expect(malas.length).toBeGreaterThan(5);
    for (const mala of malas) {
      const { addOns, variants } = await demo(mala.slug);
      expect(variants).toEqual([]);
      expect(addOns).toEqual([
        {
          _id: expect.any(String),
          name: "Energisation (puja) in the wearer's name",
          nameHi: 'धारक के नाम से अभिमंत्रण (पूजा)',
          price: 501,
          fields: [
            { name: "Wearer's name", nameHi: 'धारक का नाम', maxLength: 60, required: true },
            { name: 'Gotra', nameHi: 'गोत्र', maxLength: 40, required: false },
          ],
          required: false,
          variants: null,
          service: true,
          madeToOrder: true,
          hsnCode: '999795',
          gstPercent: 18,
        },
      ]);
    }
    expect((await demo('nepal-2-mukhi-rudraksha')).addOns).toEqual([]);
  });

  it('records each variant’s opening stock in the ledger, with its variant, as created', async () => {
    const rows = await t.db
      .select({ before: stockLedger.before, after: stockLedger.after, reason: stockLedger.reason })
      .from(stockLedger)
      .where(
        and(eq(stockLedger.productId, demoProductId('nepal-5-mukhi-rudraksha')), isNotNull(stockLedger.variantId)),
      );
    expect(rows.sort((a, b) => a.after - b.after)).toEqual([
      { before: 0, after: 5, reason: 'created' },
      { before: 0, after: 8, reason: 'created' },
      { before: 0, after: 12, reason: 'created' },
    ]);
    const all = await t.db
      .select({ variantId: stockLedger.variantId })
      .from(stockLedger)
      .where(eq(stockLedger.productId, demoProductId('nepal-5-mukhi-rudraksha')));
    // No product-level row: the bead was created without stock of its own.
    expect(all.every((r) => r.variantId !== null)).toBe(true);
  });

  it('lists the 5 mukhi "from ₹249" at the price of its default size', async () => {
    const res = await t.app.inject({ url: '/api/products?keyword=' + encodeURIComponent('Nepal 5 Mukhi Rudraksha') });
    const five = res.json<ProductList>().products.find((p) => p.name === 'Nepal 5 Mukhi Rudraksha')!;
    expect(five).toMatchObject({ price: 299, priceFrom: 249, countInStock: 25 });
  });
});
