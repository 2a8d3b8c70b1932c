/**
 * Issue 27: a product's and a variant's packed parcel (weight and box), set by the admin's PUT and the
 * catalog CSV, read back on the product answer, and weighed by the quote's rate-card freight.
 */
import type { ImportPreview, Product } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../src/csv.ts';
import { demoProductId } from '../src/db/seed.ts';
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

const NONE = { weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null };
const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload });
const read = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
const sku = (label: string) => `PKG-${label}-${Math.random().toString(36).slice(2, 8)}`;

describe('a product package', () => {
  it('is all null until set, then saved, shown on the product and kept by updates that leave it out', async () => {
    const id = await make.product(t);
    expect((await read(id)).package).toEqual(NONE);
    const res = await put(id, { package: { weightGrams: '150', lengthCm: 15, breadthCm: 12, heightCm: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    const box = { weightGrams: 150, lengthCm: 15, breadthCm: 12, heightCm: 5 };
    expect(res.json<Product>().package).toEqual(box);
    expect((await read(id)).package).toEqual(box);
    expect((await put(id, { name: 'Renamed mala' })).json<Product>().package).toEqual(box);
  });

  it('changes only the figures an update sends, and clears one with null or "" and all with package null', async () => {
    const id = await make.product(t);
    await put(id, { package: { weightGrams: 50, lengthCm: 10, breadthCm: 8, heightCm: 5 } });
    expect((await put(id, { package: { weightGrams: 60 } })).json<Product>().package).toEqual({
      weightGrams: 60,
      lengthCm: 10,
      breadthCm: 8,
      heightCm: 5,
    });
    expect((await put(id, { package: { lengthCm: null, heightCm: '' } })).json<Product>().package).toEqual({
      weightGrams: 60,
      lengthCm: null,
      breadthCm: 8,
      heightCm: null,
    });
    expect((await put(id, { package: null })).json<Product>().package).toEqual(NONE);
  });

  it.each([
    [{ weightGrams: 0 }, 'package.weightGrams must be at least 1'],
    [{ weightGrams: 100001 }, 'package.weightGrams must be at most 100000'],
    [{ weightGrams: 2.5 }, 'package.weightGrams must be a whole number'],
    [{ weightGrams: 'heavy' }, 'package.weightGrams must be a whole number'],
    [{ lengthCm: 301 }, 'package.lengthCm must be at most 300'],
    [{ heightCm: 0 }, 'package.heightCm must be at least 1'],
  ])('refuses %j with a 400 naming the figure, changing nothing', async (pkg, message) => {
    const id = await make.product(t);
    await put(id, { package: { weightGrams: 50 } });
    const before = await read(id);
    const res = await put(id, { package: pkg, name: 'Must not be saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await read(id)).toEqual(before);
  });
});

describe('a variant package', () => {
  it('is saved with the variant, kept when a save leaves it out, and cleared with null', async () => {
    const id = await make.product(t, { price: 500 });
    const small = { name: 'Small', sku: sku('s'), price: 500, countInStock: 2 };
    const large = { name: 'Large', sku: sku('l'), price: 900, countInStock: 2 };
    const res = await put(id, {
      variants: [small, { ...large, package: { weightGrams: 400, lengthCm: 20, breadthCm: 15, heightCm: 6 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [s, l] = res.json<Product>().variants;
    expect(s!.package).toEqual(NONE);
    expect(l!.package).toEqual({ weightGrams: 400, lengthCm: 20, breadthCm: 15, heightCm: 6 });

    const kept = await put(id, {
      variants: [
        { ...small, _id: s!._id },
        { ...large, _id: l!._id },
      ],
    });
    expect(kept.json<Product>().variants[1]!.package).toMatchObject({ weightGrams: 400 });
    const cleared = await put(id, {
      variants: [
        { ...small, _id: s!._id },
        { ...large, _id: l!._id, package: null },
      ],
    });
    expect(cleared.json<Product>().variants[1]!.package).toEqual(NONE);

    const bad = await put(id, { variants: [{ ...small, _id: s!._id, package: { weightGrams: 0 } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('package.weightGrams must be at least 1');
  });
});

const csvBody = { 'content-type': 'text/csv' };
async function exported(ids: string[]): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.app.inject({ url: '/api/admin/catalog/export', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { header: header!, rows: rows.filter((r) => ids.includes(r[0]!)) };
}
const fileOf = (header: string[], rows: string[][]) =>
  [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
async function importFile(body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/import/preview',
    headers: { ...bearer(admin), ...csvBody },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const preview = res.json<ImportPreview>();
  if (preview.rows.some((r) => r.action === 'invalid')) return preview;
  const applied = await t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/import?plan=${preview.plan}`,
    headers: { ...bearer(admin), ...csvBody },
    payload: body,
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return preview;
}

describe('the catalog CSV', () => {
  const COLUMNS = ['package_weight_g', 'package_length_cm', 'package_breadth_cm', 'package_height_cm'];

  it('exports the package figures, and an import sets, changes and clears them', async () => {
    const id = await make.product(t);
    await put(id, { package: { weightGrams: 50, lengthCm: 10, breadthCm: 8, heightCm: 5 } });
    const { header, rows } = await exported([id]);
    const at = COLUMNS.map((c) => header.indexOf(c));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at.map((i) => rows[0]![i])).toEqual(['50', '10', '8', '5']);

    const row = [...rows[0]!];
    row[at[0]!] = '75';
    row[at[2]!] = '';
    const preview = await importFile(fileOf(header, [row]));
    expect(preview.rows[0]).toMatchObject({ action: 'update' });
    expect((await read(id)).package).toEqual({ weightGrams: 75, lengthCm: 10, breadthCm: null, heightCm: 5 });
  });

  it('refuses a bad package cell naming its column, in the import style', async () => {
    const id = await make.product(t);
    const { header, rows } = await exported([id]);
    const row = [...rows[0]!];
    row[header.indexOf('package_weight_g')] = '2.5';
    row[header.indexOf('package_height_cm')] = '301';
    const preview = await importFile(fileOf(header, [row]));
    expect(preview.rows[0]!.action).toBe('invalid');
    const errors = preview.rows[0]!.errors;
    expect(errors).toContainEqual({
      column: 'package_weight_g',
      message: 'package.weightGrams must be a whole number',
    });
    expect(errors).toContainEqual({ column: 'package_height_cm', message: 'package.heightCm must be at most 300' });
    expect((await read(id)).package).toEqual(NONE);
  });

  it('carries a variant row its own package', async () => {
    const id = await make.product(t, { price: 500 });
    await put(id, {
      variants: [
        { name: 'Small', sku: sku('cs'), price: 500, countInStock: 1 },
        { name: 'Large', sku: sku('cl'), price: 900, countInStock: 1, package: { weightGrams: 300 } },
      ],
    });
    const { header, rows } = await exported([id]);
    const weight = header.indexOf('variant_package_weight_g');
    expect(weight).toBeGreaterThan(0);
    expect(rows.map((r) => r[weight])).toEqual(['', '300']);
    const changed = rows.map((r) => [...r]);
    changed[0]![weight] = '120';
    changed[1]![weight] = '';
    await importFile(fileOf(header, changed));
    expect((await read(id)).variants.map((v) => v.package.weightGrams)).toEqual([120, null]);
  });
});

describe('the quote', () => {
  const zones = (rupees: number) => ({
    within_city: rupees,
    within_state: rupees + 10,
    metro: rupees + 20,
    rest_of_india: rupees + 30,
    special: rupees + 50,
  });

  it('charges the rate card slab the package weighs into', async () => {
    const card = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shipping',
      headers: bearer(admin),
      payload: {
        rateCard: {
          slabs: [
            { upToGrams: 500, rates: zones(40) },
            { upToGrams: 1000, rates: zones(60) },
            { upToGrams: 2000, rates: zones(100) },
          ],
          extraPer500g: zones(20),
          freeAbove: null,
          codFee: 0,
          codFeePercent: 0,
        },
      },
    });
    expect(card.statusCode, card.body).toBe(200);
    const id = await make.product(t);
    const quote = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { orderItems: [{ product: id, qty: 1 }], paymentMethod: 'Cash on Delivery', postalCode: '411001' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ shippingPrice: number }>().shippingPrice;
    };
    await put(id, { package: { weightGrams: 100, lengthCm: 10, breadthCm: 8, heightCm: 5 } });
    const light = await quote();
    await put(id, { package: { weightGrams: 2000 } });
    const heavy = await quote();
    // The same zone both times: the 2 kg parcel pays the 2 kg slab, 60 rupees above the 500 g one.
    expect(heavy - light).toBe(60);
  });
});

describe('the demo catalog', () => {
  it('packs a bead, a gem and a mala each in its category’s box', async () => {
    const packageOf = async (slug: string) => (await read(demoProductId(slug))).package;
    expect(await packageOf('nepal-2-mukhi-rudraksha')).toEqual({
      weightGrams: 50,
      lengthCm: 10,
      breadthCm: 8,
      heightCm: 5,
    });
    expect(await packageOf('natural-ruby-manik-5-25-ratti')).toEqual({
      weightGrams: 60,
      lengthCm: 12,
      breadthCm: 10,
      heightCm: 5,
    });
    expect(await packageOf('tulsi-jaap-mala')).toEqual({ weightGrams: 150, lengthCm: 15, breadthCm: 12, heightCm: 5 });
  });
});
