/**
 * Issue 25: the catalog CSV exports and imports variants, one row per variant, under the import's
 * preview, plan and stock-version rules (decision 31).
 */
import type { ImportPreview, Product } from '@rr/core';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../src/csv.ts';
import { productVariants, products, stockLedger } from '../src/db/schema/index.ts';
import { demoProductId } from '../src/db/seed.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await make.admin(t);
  adminToken = admin.token;
  adminId = admin._id;
});
afterAll(async () => {
  await t?.close();
});

const csvBody = { 'content-type': 'text/csv' };
const preview = async (body: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/import/preview',
    headers: { ...bearer(adminToken), ...csvBody },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
};
const apply = (body: string, plan: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/import?plan=${plan}`,
    headers: { ...bearer(adminToken), ...csvBody },
    payload: body,
  });
const read = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();

/** The export, read back: its header and the rows of these products. */
async function exported(ids: string[]): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.app.inject({ url: '/api/admin/catalog/export', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { header: header!, rows: rows.filter((r) => ids.includes(r[0]!)) };
}
const fileOf = (header: string[], rows: string[][]) =>
  [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');

/** A product of this test's own with these variants (through the admin's PUT). */
async function withVariants(variants: object[], stock = 0): Promise<string> {
  const id = await make.product(t, { stock, price: 500 });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(adminToken),
    payload: { variants },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
const sku = (label: string) => `T-${label}-${Math.random().toString(36).slice(2, 8)}`;
const variantsOf = (id: string) =>
  t.db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position));

describe('the catalog CSV with variants', () => {
  it('exports a row per variant: the product’s columns repeated without price, MRP and stock, each variant’s own stock version', async () => {
    const five = demoProductId('nepal-5-mukhi-rudraksha');
    const plain = demoProductId('nepal-2-mukhi-rudraksha');
    const { header, rows } = await exported([five, plain]);
    const cell = (row: string[], column: string) => row[header.indexOf(column)];
    expect(header.slice(-15)).toEqual([
      'variant',
      'variant_name_hi',
      'sku',
      'variant_price',
      'variant_mrp',
      'variant_stock',
      'variant_size_mm',
      'variant_weight_carats',
      'variant_package_weight_g',
      'variant_package_length_cm',
      'variant_package_breadth_cm',
      'variant_package_height_cm',
      'variant_image',
      'variant_default',
      'stock_version',
    ]);
    const own = rows.filter((r) => r[0] === five);
    expect(
      own.map((r) => [cell(r, 'variant'), cell(r, 'sku'), cell(r, 'variant_price'), cell(r, 'variant_stock')]),
    ).toEqual([
      ['18 mm', 'RR-NP5-18', '249.00', '8'],
      ['20 mm', 'RR-NP5-20', '299.00', '12'],
      ['22 mm', 'RR-NP5-22', '549.00', '5'],
    ]);
    expect(own.map((r) => cell(r, 'variant_default'))).toEqual(['', 'yes', '']);
    expect(own.every((r) => cell(r, 'name') === 'Nepal 5 Mukhi Rudraksha' && cell(r, 'price') === '')).toBe(true);
    expect(own.every((r) => cell(r, 'stock') === '' && cell(r, 'mrp') === '')).toBe(true);
    const versions = own.map((r) => r.at(-1)!);
    expect(new Set(versions).size).toBe(3);
    const [single] = rows.filter((r) => r[0] === plain);
    expect(cell(single!, 'price')).toBe('1250.00');
    expect(cell(single!, 'sku')).toBe('');
  });

  it('changes a variant’s price and stock, adds one, and keeps one the file leaves out; the product follows', async () => {
    const [a, b, c] = [sku('a'), sku('b'), sku('c')];
    const id = await withVariants([
      { name: 'Small', sku: a, price: 400, mrp: 700, countInStock: 3 },
      { name: 'Medium', sku: b, price: 500, mrp: 900, countInStock: 4, isDefault: true },
      { name: 'Large', sku: c, price: 650, countInStock: 1 },
    ]);
    const { header, rows } = await exported([id]);
    const at = (column: string) => header.indexOf(column);
    const [small, medium] = rows;
    medium![at('variant_price')] = '520.00';
    small![at('variant_stock')] = '10';
    const added = [...small!];
    added[at('variant')] = 'Extra large';
    added[at('sku')] = sku('xl');
    added[at('variant_price')] = '800';
    added[at('variant_mrp')] = '';
    added[at('variant_stock')] = '2';
    added[at('variant_size_mm')] = '24';
    added[at('stock_version')] = '';
    const body = fileOf(header, [small!, medium!, added]);
    const plan = await preview(body);
    expect(plan.counts).toEqual({ create: 1, update: 2, unchanged: 0, conflict: 0, invalid: 0 });
    expect(plan.rows.map((r) => [r.action, r.name.split(' · ')[1], r.changes])).toEqual([
      ['update', 'Small', [{ column: 'variant_stock', from: '3', to: '10' }]],
      ['update', 'Medium', [{ column: 'variant_price', from: '500.00', to: '520.00' }]],
      [
        'create',
        'Extra large',
        [
          { column: 'variant', from: '', to: 'Extra large' },
          { column: 'sku', from: '', to: added[at('sku')] },
          { column: 'variant_price', from: '', to: '800.00' },
          { column: 'variant_stock', from: '', to: '2' },
          { column: 'variant_size_mm', from: '', to: '24' },
        ],
      ],
    ]);
    expect((await variantsOf(id)).map((v) => v.pricePaise)).toEqual([40_000, 50_000, 65_000]);
    expect((await apply(body, plan.plan)).json()).toEqual({ created: 1, updated: 2, unchanged: 0, conflicts: 0 });
    expect((await variantsOf(id)).map((v) => [v.name, v.pricePaise, v.countInStock, v.isDefault])).toEqual([
      ['Small', 40_000, 10, false],
      ['Medium', 52_000, 4, true],
      ['Large', 65_000, 1, false],
      ['Extra large', 80_000, 2, false],
    ]);
    expect(await read(id)).toMatchObject({ price: 520, countInStock: 17, priceFrom: 400 });
    const ledger = await t.db
      .select({ after: stockLedger.after, reason: stockLedger.reason, actorId: stockLedger.actorId })
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, id), isNotNull(stockLedger.variantId), eq(stockLedger.reason, 'import')));
    expect(ledger.map((l) => l.after).sort((x, y) => x - y)).toEqual([2, 10]);
    expect(ledger.every((l) => l.actorId === adminId)).toBe(true);
    // The same file again: nothing left to write.
    const again = await preview(body);
    expect(again.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('exports and imports a variant’s Hindi name (issue 30): kept as exported, changed, and an empty cell clears it', async () => {
    const [a, b] = [sku('a'), sku('b')];
    const id = await withVariants([
      { name: '20 mm', nameHi: '20 मिमी', sku: a, price: 400, countInStock: 5, isDefault: true },
      { name: '22 mm', sku: b, price: 600, countInStock: 5 },
    ]);
    const { header, rows } = await exported([id]);
    const at = (column: string) => header.indexOf(column);
    expect(rows.map((r) => [r[at('variant')], r[at('variant_name_hi')]])).toEqual([
      ['20 mm', '20 मिमी'],
      ['22 mm', ''],
    ]);
    // The export as it is changes nothing.
    const same = await preview(fileOf(header, rows));
    expect(same.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);

    const [twenty, twentyTwo] = rows;
    twenty![at('variant_name_hi')] = '';
    twentyTwo![at('variant_name_hi')] = ' 22 मिमी ';
    const body = fileOf(header, [twenty!, twentyTwo!]);
    const plan = await preview(body);
    expect(plan.rows.map((r) => [r.action, r.changes])).toEqual([
      ['update', [{ column: 'variant_name_hi', from: '20 मिमी', to: '' }]],
      ['update', [{ column: 'variant_name_hi', from: '', to: '22 मिमी' }]],
    ]);
    expect((await apply(body, plan.plan)).statusCode).toBe(200);
    expect((await variantsOf(id)).map((v) => [v.name, v.nameHi])).toEqual([
      ['20 mm', null],
      ['22 mm', '22 मिमी'],
    ]);
    const product = await read(id);
    expect(product.variants.map((v) => v.nameHi)).toEqual([undefined, '22 मिमी']);

    // A file without the column keeps the Hindi names.
    const { header: again, rows: now } = await exported([id]);
    const without = again.filter((c) => c !== 'variant_name_hi');
    const cut = now.map((r) => r.filter((_, i) => again[i] !== 'variant_name_hi'));
    cut[0]![without.indexOf('variant_price')] = '410.00';
    const kept = await preview(fileOf(without, cut));
    expect((await apply(fileOf(without, cut), kept.plan)).statusCode).toBe(200);
    expect((await variantsOf(id)).map((v) => [v.pricePaise, v.nameHi])).toEqual([
      [41_000, null],
      [60_000, '22 मिमी'],
    ]);
  });

  it('leaves a variant whose stock moved after the export as it is (a conflict), and applies the others', async () => {
    const [a, b] = [sku('a'), sku('b')];
    const id = await withVariants([
      { name: 'Small', sku: a, price: 400, countInStock: 5 },
      { name: 'Large', sku: b, price: 600, countInStock: 5 },
    ]);
    const { header, rows } = await exported([id]);
    const at = (column: string) => header.indexOf(column);
    // A sale of one Small after the export.
    await t.db.update(productVariants).set({ countInStock: 4 }).where(eq(productVariants.sku, a));
    rows[0]![at('variant_stock')] = '9';
    rows[0]![at('variant_price')] = '450';
    rows[1]![at('variant_stock')] = '7';
    const body = fileOf(header, rows);
    const plan = await preview(body);
    expect(plan.rows[0]).toMatchObject({
      action: 'conflict',
      conflicts: [{ column: 'variant_stock', message: expect.stringContaining('moved from 5 to 4 after the export') }],
    });
    expect(plan.rows[1]).toMatchObject({
      action: 'update',
      changes: [{ column: 'variant_stock', from: '5', to: '7' }],
    });
    expect((await apply(body, plan.plan)).json()).toEqual({ created: 0, updated: 1, unchanged: 0, conflicts: 1 });
    expect((await variantsOf(id)).map((v) => [v.pricePaise, v.countInStock])).toEqual([
      [40_000, 4],
      [60_000, 7],
    ]);
    // A file without versions changes no variant's stock either.
    const bare = fileOf(['id', 'sku', 'variant_stock'], [[id, b, '3']]);
    expect((await preview(bare)).rows[0]!.conflicts[0]!.message).toContain(
      'does not say which stock it was exported with',
    );
  });

  it('refuses, by row and column, what the admin form refuses and what only the rows together show', async () => {
    const [a, b] = [sku('a'), sku('b')];
    const id = await withVariants([
      { name: 'Small', sku: a, price: 400, countInStock: 5 },
      { name: 'Large', sku: b, price: 600, countInStock: 5 },
    ]);
    const { header, rows } = await exported([id]);
    const at = (column: string) => header.indexOf(column);
    const [small, large] = rows;
    small![at('variant_mrp')] = '100';
    small![at('variant_default')] = 'yes';
    large![at('variant_default')] = 'yes';
    large![at('price')] = '700';
    large![at('brand')] = 'Another brand';
    const taken = [...large!];
    taken[at('variant')] = 'Huge';
    taken[at('sku')] = 'RR-NP5-18';
    taken[at('stock_version')] = large!.at(-1)!;
    taken[at('price')] = '';
    taken[at('brand')] = small![at('brand')]!;
    taken[at('variant_default')] = '';
    const plan = await preview(fileOf(header, [small!, large!, taken]));
    expect(plan.rows.map((r) => [r.action, r.errors.map((e) => e.column).sort()])).toEqual([
      ['invalid', ['variant_mrp']],
      ['invalid', ['brand', 'price', 'variant_default']],
      ['invalid', ['sku', 'stock_version']],
    ]);
    expect(plan.rows[0]!.errors[0]!.message).toMatch(/mrp must not be below the price with GST/);
    expect(plan.rows[2]!.errors.find((e) => e.column === 'sku')!.message).toBe(
      "another product's variant has the sku RR-NP5-18",
    );
    expect((await apply(fileOf(header, [small!, large!, taken]), plan.plan)).statusCode).toBe(400);
    expect((await variantsOf(id)).map((v) => v.mrpPaise)).toEqual([null, null]);
  });

  it('creates a product with its variants from rows sharing a name, at its default variant’s price', async () => {
    const name = `Imported sapphire ${Date.now()}`;
    const [a, b] = [sku('a'), sku('b')];
    const body = fileOf(
      [
        'name',
        'category',
        'brand',
        'variant',
        'sku',
        'variant_price',
        'variant_mrp',
        'variant_stock',
        'variant_weight_carats',
        'variant_default',
      ],
      [
        [name, 'gems', 'Lab', '4.00 ratti / 3.64 ct', a, '40000', '60000', '1', '3.64', ''],
        [name, 'gems', 'Lab', '5.25 ratti / 4.78 ct', b, '52000', '', '2', '4.78', 'yes'],
      ],
    );
    const plan = await preview(body);
    expect(plan.counts).toMatchObject({ create: 2, invalid: 0 });
    expect((await apply(body, plan.plan)).json()).toMatchObject({ created: 2 });
    const [created] = await t.db.select().from(products).where(eq(products.name, name));
    const product = await read(created!.id);
    expect(product).toMatchObject({ price: 52000, countInStock: 3, priceFrom: 40000, brand: 'Lab' });
    expect(product.variants.map((v) => [v.name, v.isDefault, v.facts.weightRatti])).toEqual([
      ['4.00 ratti / 3.64 ct', false, 4],
      ['5.25 ratti / 4.78 ct', true, 5.25],
    ]);
    const ledger = await t.db
      .select({ reason: stockLedger.reason })
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, created!.id), isNotNull(stockLedger.variantId)));
    expect(ledger.map((l) => l.reason)).toEqual(['import', 'import']);
  });

  it('gives a product without variants its first ones; its own price and stock cells are then refused', async () => {
    const id = await make.product(t, { stock: 6, price: 300 });
    const size = sku('m');
    const body = fileOf(['id', 'variant', 'sku', 'variant_price', 'variant_stock'], [[id, '8 mm', size, '300', '4']]);
    const plan = await preview(body);
    expect(plan.rows[0]).toMatchObject({ action: 'create', errors: [] });
    await apply(body, plan.plan);
    expect(await read(id)).toMatchObject({ countInStock: 4, variants: [{ name: '8 mm', countInStock: 4 }] });
    const old = fileOf(['id', 'price', 'stock'], [[id, '350', '6']]);
    const refused = await preview(old);
    expect(refused.rows[0]!.errors.map((e) => e.column)).toEqual(['price', 'stock']);
    const same = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.productId, [id]));
    expect(same).toHaveLength(1);
  });
});
