import type { Order, Product } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;
let customer: make.Customer;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
  customer = await make.customer(t);
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  name: 'Nepal 7 Mukhi Rudraksha, Collector',
  price: 1499.5,
  mrp: 2499,
  image: '/images/placeholder-product.svg',
  brand: 'Nepal Origin',
  category: 'rudraksha',
  description: 'A seven-line bead.',
  countInStock: 7,
};

async function draft(): Promise<Product> {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(admin), payload: {} });
  expect(res.statusCode).toBe(201);
  return res.json();
}
/** Read as the admin: a draft is hidden from everyone else. */
const get = async (id: string) => t.app.inject({ url: `/api/products/${id}`, headers: bearer(admin) });

/** A multipart body with one file in the field `image`. */
function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----rr-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (bytes: Buffer, filename: string, contentType: string, token = admin) => {
  const body = multipart(bytes, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

describe('authorisation of catalog writes', () => {
  it('refuses visitors with 401 and customers with 403, for every write', async () => {
    const target = await draft();
    const writes = [
      { method: 'POST' as const, url: '/api/products', payload: {} },
      { method: 'PUT' as const, url: `/api/products/${target._id}`, payload: valid },
      { method: 'DELETE' as const, url: `/api/products/${target._id}` },
    ];
    for (const write of writes) {
      expect((await t.app.inject(write)).statusCode).toBe(401);
      expect((await t.app.inject({ ...write, headers: bearer(customer.token) })).statusCode).toBe(403);
    }
    expect((await upload(PNG, 'a.png', 'image/png', customer.token)).statusCode).toBe(403);
    expect((await get(target._id)).json<Product>().name).toBe('New product');
  });
});

describe('admin product writes', () => {
  it('creates a draft with no stock, so it cannot be sold before it is edited', async () => {
    expect(await draft()).toMatchObject({
      name: 'New product',
      price: 1,
      mrp: null,
      countInStock: 0,
      category: 'rudraksha',
      reviews: [],
    });
  });

  // Changed with issue 10: a draft used to answer 404 to all but admins, which crashed SPEC's edit
  // screen (it reads the new product without a token). It opens by its id and stays out of the shop.
  it('opens a draft by its id for anyone, and keeps it out of the shop until it is saved', async () => {
    const target = await draft();
    const visitor = await t.app.inject({ url: `/api/products/${target._id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json<Product>()).toMatchObject({ _id: target._id, isDraft: true });
    expect(
      (await t.app.inject({ url: `/api/products/${target._id}`, headers: bearer(customer.token) })).statusCode,
    ).toBe(200);
    expect((await get(target._id)).json<Product>()).toMatchObject({ isDraft: true });
    const shop = (await t.app.inject({ url: '/api/products?keyword=New%20product&limit=48' })).json();
    expect(shop.products.map((p: Product) => p._id)).not.toContain(target._id);
    const best = (await t.app.inject({ url: '/api/products/bestsellers' })).json();
    expect(best.map((p: Product) => p._id)).not.toContain(target._id);
    const order = await make.codOrder(t, customer.token, target._id, 1);
    expect(order.statusCode).toBe(400);

    // Admins list drafts on request; nobody else may ask.
    expect((await t.app.inject({ url: '/api/products?drafts=include' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/products?drafts=include', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    const all = await t.app.inject({
      url: '/api/products?drafts=include&keyword=New%20product&limit=48',
      headers: bearer(admin),
    });
    expect(all.json().products.map((p: Product) => p._id)).toContain(target._id);

    // Saving publishes it.
    await t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload: valid });
    const published = await t.app.inject({ url: `/api/products/${target._id}` });
    expect(published.statusCode).toBe(200);
    expect(published.json<Product>().isDraft).toBe(false);
  });

  // Issue 23: a new product went live on its first save. The admin's switch decides; drafts stay out of
  // every list, search and suggestion, and cannot be bought, until published (and again once taken down).
  it('keeps a product a draft while the admin saves it as one, publishes it on the switch, and takes it down', async () => {
    const target = await draft();
    const name = `Test Switch Bead ${Date.now()}`;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload });
    const hidden = async () => {
      const keyword = encodeURIComponent(name);
      const listed = (await t.app.inject({ url: `/api/products?keyword=${keyword}&limit=48` })).json();
      const inCategory = (await t.app.inject({ url: '/api/products?category=mala&limit=48' })).json();
      const suggested = (await t.app.inject({ url: `/api/products/suggest?q=${keyword}` })).json();
      const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
      const ids = [...listed.products, ...inCategory.products, ...suggested.products].map((p: Product) => p._id);
      return !ids.includes(target._id) && !sitemap.includes(target._id);
    };

    const saved = await put({ ...valid, name, category: 'mala', isDraft: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Product>()).toMatchObject({ name, countInStock: 7, isDraft: true });
    expect(await hidden()).toBe(true);
    expect((await make.codOrder(t, customer.token, target._id, 1)).statusCode).toBe(400);

    expect((await put({ isDraft: false })).json<Product>().isDraft).toBe(false);
    expect(await hidden()).toBe(false);

    expect((await put({ isDraft: true })).json<Product>()).toMatchObject({ name, isDraft: true });
    expect(await hidden()).toBe(true);
    expect((await put({ isDraft: 'no' })).statusCode).toBe(400);
    expect((await get(target._id)).json<Product>().isDraft).toBe(true);
  });

  it('updates every field and the shop shows it', async () => {
    const target = await draft();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, _id: target._id },
    });
    expect(res.statusCode).toBe(200);
    const { reviews: _, ...shown } = (await get(target._id)).json<Product>();
    expect(shown).toMatchObject({ ...valid, _id: target._id });
    const found = (await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(valid.name)}` })).json();
    expect(found.products.map((p: Product) => p._id)).toContain(target._id);
  });

  // Changed with issue 10: a missing MRP used to clear it, so SPEC's edit form (which has no MRP
  // field) erased every MRP it saved. Now only a present empty or null MRP clears it.
  it('clears the MRP for an empty or null MRP, and keeps it when the update has none', async () => {
    const target = await draft();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload });
    for (const mrp of ['', null]) {
      expect((await put(valid)).json<Product>().mrp).toBe(valid.mrp);
      const res = await put({ ...valid, mrp });
      expect(res.statusCode).toBe(200);
      expect(res.json<Product>().mrp).toBeNull();
    }
    expect((await put(valid)).json<Product>().mrp).toBe(valid.mrp);
    const { mrp: _, ...withoutMrp } = valid;
    const kept = await put({ ...withoutMrp, description: 'Edited without an MRP field' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Product>()).toMatchObject({ mrp: valid.mrp, description: 'Edited without an MRP field' });
  });

  it('changes only the fields an update carries (SPEC sends no mrp, and no image when unchanged)', async () => {
    const target = await draft();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload });
    expect((await put(valid)).statusCode).toBe(200);
    const res = await put({ _id: target._id, name: 'Test Renamed Bead', price: '1500' });
    expect(res.statusCode).toBe(200);
    const { reviews: _, ...shown } = (await get(target._id)).json<Product>();
    expect(shown).toMatchObject({ ...valid, name: 'Test Renamed Bead', price: 1500, isDraft: false });
    // An empty update publishes a draft as it is.
    const other = await draft();
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${other._id}`,
      headers: bearer(admin),
      payload: {},
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Product>()).toMatchObject({ name: 'New product', price: 1, isDraft: false });
  });

  it('checks a changed price against the stored MRP, and a changed MRP against the stored price', async () => {
    const target = await draft();
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload });
    expect((await put(valid)).statusCode).toBe(200);
    const priceAbove = await put({ price: 2500 });
    expect(priceAbove.statusCode).toBe(400);
    expect(priceAbove.json().message).toContain('mrp must not be below the price with GST');
    const mrpBelow = await put({ mrp: 1000 });
    expect(mrpBelow.statusCode).toBe(400);
    expect(mrpBelow.json().message).toBe('mrp must not be below the price with GST (the MRP includes every tax)');
    // Above the price but below the price with 18% GST (₹1,769.41): a customer would pay more than the MRP.
    const belowWithGst = await put({ mrp: 1769.4 });
    expect(belowWithGst.statusCode).toBe(400);
    expect((await put({ mrp: 1769.41 })).statusCode).toBe(200);
    expect((await get(target._id)).json<Product>()).toMatchObject({ price: valid.price, mrp: 1769.41 });
    expect((await put({ price: 2500, mrp: null })).json<Product>()).toMatchObject({ price: 2500, mrp: null });
  });

  it.each([
    [{ price: '1499.50', mrp: '2499', countInStock: '7', stockWas: '0' }],
    [{ price: ' 1499.5 ', mrp: 2499, countInStock: ' 7' }],
  ])('takes numeric text from form inputs as numbers: %j', async (change) => {
    const target = await draft();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({ price: 1499.5, mrp: 2499, countInStock: 7 });
  });

  it.each([
    [{ price: 0 }, 'price must be more than 0'],
    [{ price: -5 }, 'price must be more than 0'],
    [{ price: 'abc' }, 'price must be a number'],
    [{ price: 1e12 }, 'price must be at most'],
    [{ price: 10.001 }, 'price can have at most 2 decimals'],
    [{ price: 1e-9 }, 'price must be at least 0.01'],
    [{ mrp: 1000 }, 'mrp must not be below the price with GST'],
    [{ countInStock: -1 }, 'countInStock must be 0 or more'],
    [{ countInStock: 1.5 }, 'countInStock must be a whole number'],
    [{ countInStock: '5.5' }, 'countInStock must be a whole number'],
    [{ countInStock: 'five' }, 'countInStock must be a whole number'],
    [{ countInStock: '' }, 'countInStock must be a whole number'],
    [{ countInStock: '1e3' }, 'countInStock must be a whole number'],
    [{ countInStock: '-1' }, 'countInStock must be 0 or more'],
    [{ countInStock: true }, 'countInStock must be a whole number'],
    [{ price: '' }, 'price must be a number'],
    [{ price: '1e3' }, 'price must be a number'],
    [{ price: '0x10' }, 'price must be a number'],
    [{ price: 'Infinity' }, 'price must be a number'],
    [{ price: '1,499' }, 'price must be a number'],
    [{ price: [5] }, 'price must be a number'],
    [{ price: null }, 'price must be a number'],
    [{ mrp: 'abc' }, 'mrp must be a number'],
    [{ name: null }, 'name must be text'],
    [{ category: 'jewellery' }, 'category must be one of gems, mala, rudraksha'],
    [{ name: '' }, 'name is required'],
    [{ name: 'x'.repeat(1_000_000) }, 'name must be at most 120 characters'],
    [{ name: { $gt: '' } }, 'name must be text'],
    [{ image: 'https://elsewhere.example/bead.jpg' }, 'image must be a path on this site'],
    [{ image: '//elsewhere.example/bead.jpg' }, 'image must be a path on this site'],
    [{ image: 'javascript:alert(1)' }, 'image must be a path on this site'],
    [{ image: '/uploads/x.jpg" onerror="alert(1)' }, 'image must be a path on this site'],
    [{ description: 'd'.repeat(5001) }, 'description must be at most 5000 characters'],
    [{ brand: 'b'.repeat(81) }, 'brand must be at most 80 characters'],
  ])('refuses %j with 400 and changes nothing', async (change, message) => {
    const target = await draft();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await get(target._id)).json<Product>().name).toBe('New product');
  });

  it('refuses a save from a form loaded before orders changed the stock, so sold units are not brought back', async () => {
    const target = await draft();
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, countInStock: 5 },
    });
    // The admin opens the form (stock 5); meanwhile a customer buys 2.
    const buyer = await make.customer(t);
    const order = await make.codOrder(t, buyer.token, target._id, 2);
    expect(order.statusCode).toBe(201);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, description: 'Edited', countInStock: 5, stockWas: 5 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Orders changed the stock to 3 while you were editing. Check Count In Stock and update again.',
    );
    expect((await get(target._id)).json<Product>()).toMatchObject({ countInStock: 3, description: valid.description });
    const fresh = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target._id}`,
      headers: bearer(admin),
      payload: { ...valid, description: 'Edited', countInStock: 3, stockWas: 3 },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 404 for unknown products', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(
        (await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload: valid }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(admin) })).statusCode,
      ).toBe(404);
    }
  });

  it('deletes a product and leaves past orders intact', async () => {
    const target = await draft();
    await t.app.inject({ method: 'PUT', url: `/api/products/${target._id}`, headers: bearer(admin), payload: valid });
    const placed = await make.codOrder(t, customer.token, target._id, 1);
    expect(placed.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${target._id}`, headers: bearer(admin) });
    expect(res.json()).toEqual({ message: 'Product removed' });
    expect((await get(target._id)).statusCode).toBe(404);
    const order = (
      await t.app.inject({ url: `/api/orders/${placed.json<Order>()._id}`, headers: bearer(customer.token) })
    ).json<Order>();
    // The line keeps the HSN code, rate and tax it was bought at, without its product.
    expect(order.orderItems).toEqual([
      {
        name: valid.name,
        nameHi: null,
        qty: 1,
        image: valid.image,
        price: valid.price,
        product: null,
        hsnCode: '1404',
        gstPercent: 18,
        taxPrice: 269.91,
        uqc: 'NOS',
        discount: 0,
        taxableValue: valid.price,
        variant: null,
        addOns: [],
        returnable: true,
      },
    ]);
    expect(order.totalPrice).toBe(placed.json<Order>().totalPrice);
  });
});
