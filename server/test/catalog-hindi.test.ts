/**
 * Issue 30: a product's Hindi name and description, written by the admin's save and the catalog import,
 * named in the audit log, written by the export and carried by every read of the product.
 */
import type { ImportPreview, Product, ProductList } from '@rr/core';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../src/csv.ts';
import { auditLog, products } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const NAME_HI = 'नेपाली सात मुखी रुद्राक्ष';
const DESCRIPTION_HI = 'सात प्राकृतिक धारियों वाला घना दाना।';

const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(adminToken), payload });
const read = async (id: string) =>
  (await t.app.inject({ url: `/api/products/${id}`, headers: bearer(adminToken) })).json<Product>();

describe('the admin’s save', () => {
  it('writes, keeps when left out and clears with "" the Hindi name and description', async () => {
    const id = await make.product(t, { name: 'Nepal 7 Mukhi Rudraksha' });
    const saved = await put(id, { nameHi: `  ${NAME_HI} `, descriptionHi: DESCRIPTION_HI });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Product>()).toMatchObject({ nameHi: NAME_HI, descriptionHi: DESCRIPTION_HI });
    expect(await read(id)).toMatchObject({ nameHi: NAME_HI, descriptionHi: DESCRIPTION_HI });

    // SPEC's form sends neither: both are kept.
    await put(id, { name: 'Nepal 7 Mukhi Rudraksha, 20 mm' });
    expect(await read(id)).toMatchObject({ name: 'Nepal 7 Mukhi Rudraksha, 20 mm', nameHi: NAME_HI });

    await put(id, { nameHi: '' });
    expect(await read(id)).toMatchObject({ nameHi: '', descriptionHi: DESCRIPTION_HI });
  });

  it('refuses a Hindi name too long or not text, and changes nothing', async () => {
    const id = await make.product(t, { columns: { nameHi: NAME_HI } });
    for (const [payload, message] of [
      [{ nameHi: 'क'.repeat(121) }, 'nameHi must be at most 120 characters'],
      [{ nameHi: 7 }, 'nameHi must be text'],
      [{ descriptionHi: 'क'.repeat(5001) }, 'descriptionHi must be at most 5000 characters'],
    ] as const) {
      const res = await put(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await read(id)).nameHi).toBe(NAME_HI);
  });

  it('names the Hindi fields it changed in the audit entry', async () => {
    const id = await make.product(t);
    const [last] = await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect((await put(id, { nameHi: NAME_HI })).statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, last?.seq ?? 0))
      .orderBy(asc(auditLog.seq));
    const entry = entries.find((e) => e.entityId === id)!;
    expect(entry.action).toBe('product.update');
    expect(JSON.parse(entry.before!)).toMatchObject({ nameHi: '' });
    expect(JSON.parse(entry.after!)).toMatchObject({ nameHi: NAME_HI });
    expect(Object.keys(JSON.parse(entry.after!))).not.toContain('descriptionHi');
  });

  it('shows them on the listing’s cards', async () => {
    const id = await make.product(t, { name: `Card bead ${Date.now()}`, columns: { nameHi: NAME_HI } });
    const list = (await t.app.inject({ url: '/api/products?limit=48' })).json<ProductList>();
    expect(list.products.find((p) => p._id === id)).toMatchObject({ nameHi: NAME_HI, descriptionHi: '' });
  });
});

describe('the catalog CSV', () => {
  const csvHeaders = { ...bearer(''), 'content-type': 'text/csv' };
  const post = (url: string, body: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...csvHeaders, ...bearer(adminToken) }, payload: body });
  const csv = (rows: string[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
  async function imported(body: string) {
    const preview = await post('/api/admin/catalog/import/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json<ImportPreview>();
    const applied = await post(`/api/admin/catalog/import?plan=${plan.plan}`, body);
    expect(applied.statusCode, applied.body).toBe(200);
    return plan;
  }

  it('exports the Hindi name and description beside the English ones', async () => {
    const id = await make.product(t, { columns: { nameHi: NAME_HI, descriptionHi: DESCRIPTION_HI } });
    const res = await t.app.inject({ url: '/api/admin/catalog/export', headers: bearer(adminToken) });
    const [header, ...rows] = parseCsv(res.body);
    expect(header!.slice(header!.indexOf('description'), header!.indexOf('description') + 3)).toEqual([
      'description',
      'name_hi',
      'description_hi',
    ]);
    const row = rows.find((r) => r[0] === id)!;
    expect([row[header!.indexOf('name_hi')], row[header!.indexOf('description_hi')]]).toEqual([
      NAME_HI,
      DESCRIPTION_HI,
    ]);
  });

  it('sets and clears them from their columns, and keeps them for a file without the columns', async () => {
    const id = await make.product(t, { price: 500, columns: { nameHi: 'पुराना नाम' } });
    const plan = await imported(
      csv([
        ['id', 'name_hi', 'description_hi'],
        [id, NAME_HI, DESCRIPTION_HI],
      ]),
    );
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      changes: [
        { column: 'name_hi', from: 'पुराना नाम', to: NAME_HI },
        { column: 'description_hi', from: '', to: DESCRIPTION_HI },
      ],
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ nameHi: NAME_HI, descriptionHi: DESCRIPTION_HI });

    await imported(
      csv([
        ['id', 'price'],
        [id, '550'],
      ]),
    );
    const [kept] = await t.db.select().from(products).where(eq(products.id, id));
    expect(kept).toMatchObject({ pricePaise: 55_000, nameHi: NAME_HI, descriptionHi: DESCRIPTION_HI });

    await imported(
      csv([
        ['id', 'name_hi'],
        [id, ''],
      ]),
    );
    const [cleared] = await t.db.select().from(products).where(eq(products.id, id));
    expect(cleared).toMatchObject({ nameHi: '', descriptionHi: DESCRIPTION_HI });
  });

  it('creates a product with its Hindi name', async () => {
    const name = `Hindi import ${Date.now()}`;
    await imported(
      csv([
        ['name', 'category', 'price', 'stock', 'name_hi'],
        [name, 'mala', '300', '4', 'तुलसी जाप माला'],
      ]),
    );
    const [row] = await t.db.select().from(products).where(eq(products.name, name));
    expect(row).toMatchObject({ nameHi: 'तुलसी जाप माला', descriptionHi: '' });
  });
});
