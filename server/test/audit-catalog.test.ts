/**
 * Issue 29: the audit entries of the catalog's staff routes (products, categories, synonyms, uploads,
 * the catalog import), the shop's settings and the offers. Each change writes one entry with who made
 * it (id, name and role as they were), from where, and the fields before and after; a change refused,
 * before or inside its transaction, writes none.
 */
import type { Coupon, ImportPreview, Product, Sale, SearchSynonym } from '@rr/core';
import { asc, desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../src/csv.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { bearer, createTestApp, signIn, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
/** A staff member with the catalog role: the products, categories, pictures and imports. */
let cataloguer: { id: string; name: string; token: string };
/** The demo owner: settings and offers. */
let owner: { id: string; name: string; token: string };

/** The address every request here comes from. */
const ADDRESS = '203.0.113.29';

beforeAll(async () => {
  t = await createTestApp();
  const demo = await make.admin(t);
  owner = { id: demo._id, name: demo.name, token: demo.token };
  const person = await make.customer(t, { name: 'Kavya Catalog' });
  const promoted = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${person._id}`,
    headers: bearer(owner.token),
    payload: { role: 'catalog' },
  });
  expect(promoted.statusCode).toBe(200);
  const signedIn = await signIn(t.app, { phone: person.phone, password: person.password });
  cataloguer = { id: person._id, name: 'Kavya Catalog', token: signedIn.token };
});
afterAll(async () => {
  await t?.close();
});

type Who = typeof owner;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (who: Who, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), ...headers },
    payload: payload as string,
    remoteAddress: ADDRESS,
  });

/** The newest entry's seq (0 with none): what a test's own entries come after. */
async function head(): Promise<number> {
  const [last] = await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return last?.seq ?? 0;
}

/** The entries written after `since`, oldest first, with before and after read back as JSON. */
async function entriesAfter(since: number) {
  const rows = await t.db.select().from(auditLog).where(gt(auditLog.seq, since)).orderBy(asc(auditLog.seq));
  return rows.map((r) => ({
    actor: { id: r.actorId, name: r.actorName, role: r.actorRole },
    address: r.address,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
    after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
  }));
}

/** The one entry written after `since`. */
async function onlyEntryAfter(since: number) {
  const entries = await entriesAfter(since);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

const by = (who: Who, role: string) => ({ actor: { id: who.id, name: who.name, role }, address: ADDRESS });

describe('products', () => {
  it('records a new draft with its fields', async () => {
    const since = await head();
    const res = await call(cataloguer, 'POST', '/api/products', {});
    expect(res.statusCode).toBe(201);
    const entry = await onlyEntryAfter(since);
    expect(entry).toMatchObject({
      ...by(cataloguer, 'catalog'),
      action: 'product.create',
      entity: 'product',
      entityId: res.json<Product>()._id,
      before: null,
      after: { name: 'New product', price: 1, countInStock: 0, isDraft: true, variants: [], addOns: [] },
    });
  });

  it('records a price, MRP and stock change as the fields that changed, before and after', async () => {
    const id = await make.product(t, { price: 499, stock: 10 });
    const since = await head();
    const res = await call(cataloguer, 'PUT', `/api/products/${id}`, { price: 549, mrp: 999, countInStock: 4 });
    expect(res.statusCode).toBe(200);
    expect(await onlyEntryAfter(since)).toEqual({
      ...by(cataloguer, 'catalog'),
      action: 'product.update',
      entity: 'product',
      entityId: id,
      before: { price: 499, mrp: null, countInStock: 10 },
      after: { price: 549, mrp: 999, countInStock: 4 },
    });
  });

  it('records a draft published and variants and add-ons as their lists', async () => {
    const id = await make.product(t, { price: 300, stock: 5, isDraft: true });
    const since = await head();
    const res = await call(cataloguer, 'PUT', `/api/products/${id}`, {
      isDraft: false,
      variants: [{ name: '6 mm', sku: `AUD-${id.slice(0, 8)}`, price: 320, countInStock: 3 }],
      addOns: [{ name: 'Energisation', price: 51 }],
    });
    expect(res.statusCode).toBe(200);
    const entry = await onlyEntryAfter(since);
    expect(entry.action).toBe('product.update');
    expect(entry.before).toMatchObject({ isDraft: true, price: 300, countInStock: 5, variants: [], addOns: [] });
    expect(entry.after).toMatchObject({
      isDraft: false,
      price: 320,
      countInStock: 3,
      variants: [{ name: '6 mm', sku: `AUD-${id.slice(0, 8)}`, price: 320, countInStock: 3, isDefault: true }],
      addOns: [{ name: 'Energisation', price: 51 }],
    });
  });

  it('records nothing for a save refused by validation, by the MRP rule or by a stock conflict', async () => {
    const id = await make.product(t, { price: 499, stock: 10 });
    const since = await head();
    expect((await call(cataloguer, 'PUT', `/api/products/${id}`, { price: -5 })).statusCode).toBe(400);
    // Both refused inside the transaction, after the product was read and locked.
    expect((await call(cataloguer, 'PUT', `/api/products/${id}`, { price: 549, mrp: 100 })).statusCode).toBe(400);
    const stale = await call(cataloguer, 'PUT', `/api/products/${id}`, { price: 549, countInStock: 3, stockWas: 9 });
    expect(stale.statusCode).toBe(409);
    expect(await entriesAfter(since)).toEqual([]);
  });

  it('records a deletion with the fields the product had', async () => {
    const id = await make.product(t, { price: 777, stock: 2, name: 'Gone bead' });
    const since = await head();
    expect((await call(cataloguer, 'DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    expect(await onlyEntryAfter(since)).toMatchObject({
      ...by(cataloguer, 'catalog'),
      action: 'product.delete',
      entity: 'product',
      entityId: id,
      before: { name: 'Gone bead', price: 777, countInStock: 2 },
      after: null,
    });
    expect((await call(cataloguer, 'DELETE', `/api/products/${id}`)).statusCode).toBe(404);
    expect(await head()).toBe(since + 1);
  });
});

describe('categories and search synonyms', () => {
  it("records a category's rate change, and nothing for one refused inside its transaction", async () => {
    const since = await head();
    const res = await call(cataloguer, 'PUT', '/api/categories/mala', { hsnCode: '71171900', gstPercent: 12 });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesAfter(since);
    expect(entry).toMatchObject({ ...by(cataloguer, 'catalog'), action: 'category.update', entityId: 'mala' });
    expect(entry!.after).toMatchObject({ gstPercent: 12 });
    expect(entry!.before!.gstPercent).not.toBe(12);
    expect(Object.keys(entry!.before!).sort()).toEqual(Object.keys(entry!.after!).sort());

    // A product at its MRP: a higher rate would put it above, and the change is refused.
    await make.product(t, { category: 'gems', price: 100, columns: { mrpPaise: 10_300 } });
    const refused = await head();
    expect((await call(cataloguer, 'PUT', '/api/categories/gems', { gstPercent: 28 })).statusCode).toBe(409);
    expect(await entriesAfter(refused)).toEqual([]);
  });

  it('records a synonym added, its words changed and its removal', async () => {
    const since = await head();
    const added = await call(cataloguer, 'POST', '/api/admin/search-synonyms', {
      term: 'auditbead',
      canonical: 'rudraksha',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<SearchSynonym>()._id;
    const again = await call(cataloguer, 'POST', '/api/admin/search-synonyms', {
      term: 'auditbead',
      canonical: 'mala',
    });
    expect(again.statusCode).toBe(201);
    expect((await call(cataloguer, 'DELETE', `/api/admin/search-synonyms/${id}`)).statusCode).toBe(200);
    const entries = await entriesAfter(since);
    expect(entries.map(({ action, entityId, before, after }) => ({ action, entityId, before, after }))).toEqual([
      { action: 'synonym.create', entityId: id, before: null, after: { term: 'auditbead', canonical: 'rudraksha' } },
      { action: 'synonym.update', entityId: id, before: { canonical: 'rudraksha' }, after: { canonical: 'mala' } },
      { action: 'synonym.delete', entityId: id, before: { term: 'auditbead', canonical: 'mala' }, after: null },
    ]);
    expect(entries.every((e) => e.actor.role === 'catalog' && e.address === ADDRESS)).toBe(true);
  });
});

/** A multipart body with one file in `field`. */
function multipart(field: string, bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----rr-audit-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

describe('uploads', () => {
  it('records a picture and a certificate by their stored paths, and nothing for a refused file', async () => {
    const since = await head();
    const picture = multipart('image', PNG, 'bead.png', 'image/png');
    const image = await call(cataloguer, 'POST', '/api/upload', picture.payload, picture.headers);
    expect(image.statusCode).toBe(201);
    const pdf = Buffer.from('%PDF-1.4\n% audit certificate\n');
    const certificate = multipart('certificate', pdf, 'lab.pdf', 'application/pdf');
    const cert = await call(cataloguer, 'POST', '/api/upload/certificate', certificate.payload, certificate.headers);
    expect(cert.statusCode).toBe(201);
    const text = multipart('image', Buffer.from('not a picture'), 'a.png', 'image/png');
    expect((await call(cataloguer, 'POST', '/api/upload', text.payload, text.headers)).statusCode).toBe(400);

    const path = image.json<{ image: string }>().image;
    const certificateFile = cert.json<{ certificateFile: string }>().certificateFile;
    expect(await entriesAfter(since)).toEqual([
      {
        ...by(cataloguer, 'catalog'),
        action: 'upload.image',
        entity: 'upload',
        entityId: path,
        before: null,
        after: { path, type: 'png', bytes: PNG.length },
      },
      {
        ...by(cataloguer, 'catalog'),
        action: 'upload.certificate',
        entity: 'upload',
        entityId: certificateFile,
        before: null,
        after: { path: certificateFile, type: 'pdf', bytes: pdf.length },
      },
    ]);
  });
});

describe('the catalog import', () => {
  const csvBody = { 'content-type': 'text/csv' };

  /** The export's header and the rows of these products, with `price` set per product. */
  async function fileChanging(prices: Map<string, string>): Promise<string> {
    const exported = await call(cataloguer, 'GET', '/api/admin/catalog/export');
    const [header, ...rows] = parseCsv(exported.body);
    const price = header!.indexOf('price');
    const mine = rows
      .filter((r) => prices.has(r[0]!))
      .map((r) => r.map((c, i) => (i === price ? prices.get(r[0]!)! : c)));
    return [header!, ...mine].map((r) => r.map(csvField).join(',')).join('\r\n');
  }

  it('records the import and each product it changed in one transaction: 2 products, 3 entries', async () => {
    const [a, b] = [await make.product(t, { price: 100 }), await make.product(t, { price: 200 })];
    const body = await fileChanging(
      new Map([
        [a, '110.00'],
        [b, '210.00'],
      ]),
    );
    const preview = await call(cataloguer, 'POST', '/api/admin/catalog/import/preview', body, csvBody);
    const { plan } = preview.json<ImportPreview>();
    const since = await head();
    const applied = await call(cataloguer, 'POST', `/api/admin/catalog/import?plan=${plan}`, body, csvBody);
    expect(applied.json()).toEqual({ created: 0, updated: 2, unchanged: 0, conflicts: 0 });

    const entries = await entriesAfter(since);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      ...by(cataloguer, 'catalog'),
      action: 'catalog_import.apply',
      entity: 'catalog_import',
      entityId: plan,
      before: null,
      after: { plan, created: 0, updated: 2, unchanged: 0, conflicts: 0 },
    });
    const products = entries.slice(1).sort((x, y) => (x.before!.price as number) - (y.before!.price as number));
    expect(products).toEqual([
      {
        ...by(cataloguer, 'catalog'),
        action: 'product.update',
        entity: 'product',
        entityId: a,
        before: { price: 100 },
        after: { price: 110 },
      },
      {
        ...by(cataloguer, 'catalog'),
        action: 'product.update',
        entity: 'product',
        entityId: b,
        before: { price: 200 },
        after: { price: 210 },
      },
    ]);
  });

  it('records a product the import creates with its fields', async () => {
    const exported = await call(cataloguer, 'GET', '/api/admin/catalog/export');
    const header = parseCsv(exported.body)[0]!;
    const row = header.map(
      (c) =>
        ({
          name: 'Imported audit bead',
          category: 'rudraksha',
          price: '350.00',
          stock: '4',
          image: '/images/placeholder-product.svg',
        })[c] ?? '',
    );
    const body = [header, row].map((r) => r.map(csvField).join(',')).join('\r\n');
    const { plan, counts } = (
      await call(cataloguer, 'POST', '/api/admin/catalog/import/preview', body, csvBody)
    ).json<ImportPreview>();
    expect(counts.create).toBe(1);
    const since = await head();
    expect((await call(cataloguer, 'POST', `/api/admin/catalog/import?plan=${plan}`, body, csvBody)).statusCode).toBe(
      200,
    );
    const [, created, ...rest] = await entriesAfter(since);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      action: 'product.create',
      entity: 'product',
      before: null,
      after: { name: 'Imported audit bead', category: 'rudraksha', price: 350, countInStock: 4 },
    });
  });

  it('records nothing for an import refused inside its transaction (the plan changed)', async () => {
    const id = await make.product(t, { price: 400 });
    const body = await fileChanging(new Map([[id, '410.00']]));
    const { plan } = (
      await call(cataloguer, 'POST', '/api/admin/catalog/import/preview', body, csvBody)
    ).json<ImportPreview>();
    expect((await call(cataloguer, 'PUT', `/api/products/${id}`, { name: 'Renamed meanwhile' })).statusCode).toBe(200);
    const since = await head();
    const stale = await call(cataloguer, 'POST', `/api/admin/catalog/import?plan=${plan}`, body, csvBody);
    expect(stale.statusCode).toBe(409);
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('settings', () => {
  it('records the low-stock threshold changed, and nothing for a refused one', async () => {
    const since = await head();
    expect((await call(owner, 'PUT', '/api/admin/settings/low-stock', { lowStockThreshold: -1 })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', '/api/admin/settings/low-stock', { lowStockThreshold: 7 })).statusCode).toBe(200);
    expect(await entriesAfter(since)).toEqual([
      {
        ...by(owner, 'owner'),
        action: 'settings.low_stock',
        entity: 'settings',
        entityId: 'low-stock',
        before: { lowStockThreshold: 3 },
        after: { lowStockThreshold: 7 },
      },
    ]);
  });

  it('records the shipping settings changed, in rupees', async () => {
    const was = (await call(owner, 'GET', '/api/admin/shipping')).json<{ codMax: number; cutoffTime: string }>();
    const since = await head();
    const res = await call(owner, 'PUT', '/api/admin/shipping', { codMax: was.codMax + 1000, cutoffTime: '15:30' });
    expect(res.statusCode).toBe(200);
    expect(await entriesAfter(since)).toEqual([
      {
        ...by(owner, 'owner'),
        action: 'settings.shipping',
        entity: 'settings',
        entityId: 'shipping',
        before: { codMax: was.codMax, ...(was.cutoffTime === '15:30' ? {} : { cutoffTime: was.cutoffTime }) },
        after: { codMax: was.codMax + 1000, ...(was.cutoffTime === '15:30' ? {} : { cutoffTime: '15:30' }) },
      },
    ]);
    expect((await call(owner, 'PUT', '/api/admin/shipping', { cutoffTime: '25:99' })).statusCode).toBe(400);
    expect(await head()).toBe(since + 1);
  });
});

describe('offers', () => {
  it('records a coupon created, changed and deleted, and nothing for a code taken', async () => {
    const since = await head();
    const created = await call(owner, 'POST', '/api/admin/coupons', { code: 'AUDIT10', percentOff: 10 });
    expect(created.statusCode).toBe(201);
    const id = created.json<Coupon>()._id;
    expect((await call(owner, 'PUT', `/api/admin/coupons/${id}`, { percentOff: 15 })).statusCode).toBe(200);
    expect((await call(owner, 'POST', '/api/admin/coupons', { code: 'AUDIT20', percentOff: 20 })).statusCode).toBe(201);
    const taken = await head();
    expect((await call(owner, 'PUT', `/api/admin/coupons/${id}`, { code: 'AUDIT20' })).statusCode).toBe(409);
    expect(await head()).toBe(taken);
    expect((await call(owner, 'DELETE', `/api/admin/coupons/${id}`)).statusCode).toBe(200);

    const entries = (await entriesAfter(since)).filter((e) => e.entityId === id);
    expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.delete']);
    expect(entries[0]).toMatchObject({ ...by(owner, 'owner'), entity: 'coupon', before: null });
    expect(entries[0]!.after).toMatchObject({ code: 'AUDIT10', percentOff: 10, isActive: true });
    expect(entries[0]!.after).not.toHaveProperty('uses');
    expect(entries[1]).toMatchObject({ before: { percentOff: 10 }, after: { percentOff: 15 } });
    expect(entries[2]).toMatchObject({ before: { code: 'AUDIT10', percentOff: 15 }, after: null });
  });

  it('records a sale created, changed and deleted, and nothing for a refused change', async () => {
    const since = await head();
    const window = { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-08T00:00:00.000Z' };
    const created = await call(owner, 'POST', '/api/admin/sales', {
      name: 'Audit week',
      percentOff: 10,
      categories: ['mala'],
      ...window,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Sale>()._id;
    expect(
      (await call(owner, 'PUT', `/api/admin/sales/${id}`, { endsAt: '2026-11-30T00:00:00.000Z' })).statusCode,
    ).toBe(400);
    const changed = { percentOff: 20, nameHi: 'ऑडिट सप्ताह' };
    expect((await call(owner, 'PUT', `/api/admin/sales/${id}`, changed)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/admin/sales/${id}`)).statusCode).toBe(200);
    const entries = await entriesAfter(since);
    expect(entries.map((e) => [e.action, e.entityId])).toEqual([
      ['sale.create', id],
      ['sale.update', id],
      ['sale.delete', id],
    ]);
    expect(entries[0]!.after).toEqual({
      name: 'Audit week',
      percentOff: 10,
      categories: ['mala'],
      products: [],
      nameHi: '',
      banner: '',
      bannerHi: '',
      isActive: true,
      ...window,
    });
    expect(entries[1]).toMatchObject({
      ...by(owner, 'owner'),
      before: { percentOff: 10, nameHi: '' },
      after: { percentOff: 20, nameHi: 'ऑडिट सप्ताह' },
    });
    expect(entries[2]).toMatchObject({ before: { name: 'Audit week', percentOff: 20 }, after: null });
  });
});
