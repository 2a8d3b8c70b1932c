// Issue 25: variants (sizes, weights) and priced add-ons, from the admin's save through the quote, the
// order, its stock and its lines.
import { order as orderSchema, product as productSchema, type Order, type Product } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productVariants, products, stockLedger } from '../src/db/schema/index.ts';
import { ledgerDisagreements } from '../src/modules/stock/index.ts';
import { ADDRESS } from './factories.ts';
import * as make from './factories.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;
let buyer: make.Customer;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
  buyer = await make.customer(t);
});
afterAll(async () => {
  await t?.close();
});

const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(adminToken), payload });
const getProduct = async (id: string) =>
  productSchema.parse((await t.app.inject({ url: `/api/products/${id}` })).json());
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;
const variantStock = async (id: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.countInStock;
const { sku } = make;

interface Line {
  product: string;
  qty: number;
  variant?: string;
  addOns?: { _id: string; values?: Record<string, string> }[];
}
/** A Cash on Delivery order, by a new customer unless `token` says whose (each may have only 5 on the way). */
const placeCod = async (lines: Line[], token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token ?? (await make.customer(t)).token),
    payload: { orderItems: lines, shippingAddress: ADDRESS, paymentMethod: 'Cash on Delivery' },
  });
/** Pays for `lines` online (the sandbox gateway) and places the order, as the browser does. */
async function placeOnline(lines: Line[]) {
  const { token } = await make.customer(t);
  const hold = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/order',
    headers: bearer(token),
    payload: { orderItems: lines, shippingAddress: ADDRESS },
  });
  expect(hold.statusCode, hold.body).toBe(201);
  const payment = await make.sandboxPayment(t, hold.json().orderId);
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { orderItems: lines, shippingAddress: ADDRESS, paymentMethod: 'Razorpay', ...payment },
  });
}
const quote = (lines: Line[], paymentMethod = 'Cash on Delivery') =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    headers: bearer(buyer.token),
    payload: { orderItems: lines, paymentMethod },
  });

/**
 * A 5 mukhi bead in three sizes (the middle one the default) with silver capping (goods), and an
 * energisation (a service at its own SAC and rate) asking for the wearer's name and gotra, made to order.
 */
async function beadWithChoices() {
  const id = await make.product(t, { stock: 7, price: 500 });
  const res = await put(id, {
    variants: [
      { name: '18 mm', sku: sku('NP5-18'), price: 400, mrp: 800, countInStock: 3, facts: { sizeMm: 18 } },
      { name: '20 mm', sku: sku('NP5-20'), price: 600, countInStock: 5, facts: { sizeMm: 20 }, isDefault: true },
      {
        name: '22 mm',
        sku: sku('NP5-22'),
        price: 900,
        countInStock: 2,
        image: '/images/big.svg',
        facts: { sizeMm: 22 },
      },
    ],
    addOns: [
      { name: 'Silver capping', price: 350 },
      {
        name: 'Energisation',
        price: 251,
        service: true,
        madeToOrder: true,
        hsnCode: '999799',
        gstPercent: 18,
        fields: [
          { name: "Wearer's name", maxLength: 20, required: true },
          { name: 'Gotra', maxLength: 30 },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const product = productSchema.parse(res.json());
  const [small, middle, large] = product.variants;
  const [capping, energisation] = product.addOns;
  return { id, product, small: small!, middle: middle!, large: large!, capping: capping!, energisation: energisation! };
}

describe('a product with variants and add-ons, as the admin saves it', () => {
  it('answers them on the product, its price and MRP the default’s and its stock their sum', async () => {
    const { id, product, middle } = await beadWithChoices();
    expect(product.variants.map((v) => [v.name, v.price, v.countInStock, v.isDefault])).toEqual([
      ['18 mm', 400, 3, false],
      ['20 mm', 600, 5, true],
      ['22 mm', 900, 2, false],
    ]);
    expect(product.variants[2]!.image).toBe('/images/big.svg');
    expect(product.variants[0]!.image).toBe(product.image);
    expect(product.variants[0]!.facts).toEqual({ sizeMm: 18, weightCarats: null, weightRatti: null });
    expect(product).toMatchObject({ price: middle.price, mrp: null, countInStock: 10, priceFrom: 400 });
    expect(product.addOns[1]).toMatchObject({
      name: 'Energisation',
      price: 251,
      service: true,
      madeToOrder: true,
      hsnCode: '999799',
      gstPercent: 18,
      required: false,
      variants: null,
      fields: [
        { name: "Wearer's name", maxLength: 20, required: true },
        { name: 'Gotra', maxLength: 30, required: false },
      ],
    });
    // The listing says "from ₹400".
    const listed = (await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(product.name)}` })).json();
    expect(listed.products.find((p: Product) => p._id === id)).toMatchObject({ price: 600, priceFrom: 400 });
    // The product's own 7 units gave way to its variants' 10, each change in the ledger.
    const ledger = await t.db.select().from(stockLedger).where(eq(stockLedger.productId, id));
    expect(ledger.filter((l) => l.variantId === null).map((l) => [l.before, l.after])).toEqual([
      [0, 7],
      [7, 0],
    ]);
    expect(ledger.filter((l) => l.variantId !== null).map((l) => l.after - l.before)).toEqual([3, 5, 2]);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('keeps entries sent with their _id, drops the others, and moves the default', async () => {
    const { id, small, large, capping } = await beadWithChoices();
    const res = await put(id, {
      variants: [
        { _id: large._id, name: '22 mm', sku: large.sku, price: 950, countInStock: 4, isDefault: true },
        { _id: small._id, name: '18 mm', sku: small.sku, price: 400, countInStock: 3 },
      ],
      addOns: [{ _id: capping._id, name: 'Silver capping', price: 375, variants: [large._id] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product.variants.map((v) => [v._id, v.name, v.price, v.isDefault])).toEqual([
      [large._id, '22 mm', 950, true],
      [small._id, '18 mm', 400, false],
    ]);
    expect(product.addOns).toMatchObject([{ _id: capping._id, price: 375, variants: [large._id] }]);
    expect(product).toMatchObject({ price: 950, countInStock: 7, priceFrom: 400 });
    expect(await ledgerDisagreements(t.db)).toEqual([]);

    // All variants removed: the product is sold on its own again, at the price and stock sent.
    const single = await put(id, { variants: [], price: 700, countInStock: 6 });
    expect(single.json()).toMatchObject({ variants: [], price: 700, countInStock: 6, priceFrom: null });
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('keeps a variant’s and an add-on’s Hindi name (issue 30): kept when not sent, cleared when empty', async () => {
    const { id, small, capping } = await beadWithChoices();
    const named = await put(id, {
      variants: [{ _id: small._id, name: '18 mm', nameHi: '  18 मिमी ', sku: small.sku, price: 400, countInStock: 3 }],
      addOns: [{ _id: capping._id, name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350 }],
    });
    expect(named.statusCode, named.body).toBe(200);
    let product = await getProduct(id);
    expect(product.variants[0]).toMatchObject({ name: '18 mm', nameHi: '18 मिमी' });
    expect(product.addOns[0]).toMatchObject({ name: 'Silver capping', nameHi: 'चाँदी की कैपिंग' });

    // A save that does not send them (an older form) keeps them; an empty one clears them.
    await put(id, {
      variants: [{ _id: small._id, name: '18 mm', sku: small.sku, price: 420, countInStock: 3 }],
      addOns: [{ _id: capping._id, name: 'Silver capping', nameHi: '', price: 350 }],
    });
    product = await getProduct(id);
    expect(product.variants[0]).toMatchObject({ price: 420, nameHi: '18 मिमी' });
    expect(product.addOns[0]).not.toHaveProperty('nameHi');

    const tooLong = await put(id, {
      variants: [
        { _id: small._id, name: '18 mm', nameHi: 'म'.repeat(61), sku: small.sku, price: 400, countInStock: 3 },
      ],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/nameHi must be at most 60 characters/);
  });

  it('refuses a bad list with a 400 naming the entry, and changes nothing', async () => {
    const { id, small } = await beadWithChoices();
    const other = await beadWithChoices();
    const before = await getProduct(id);
    const cases: Array<[object, number, RegExp]> = [
      [{ variants: [{ name: 'x', sku: sku('A'), price: 0, countInStock: 1 }] }, 400, /^variants\.0\.price: /],
      [{ variants: [{ name: 'x', sku: 'no spaces', price: 1, countInStock: 1 }] }, 400, /^variants\.0\.sku: /],
      [
        { variants: [{ name: 'x', sku: sku('B'), price: 1000, mrp: 1000, countInStock: 1 }] },
        400,
        /^variants\.0\.mrp: /,
      ],
      [{ variants: [{ name: 'x', sku: other.small.sku, price: 1, countInStock: 1 }] }, 409, /^variants\.0\.sku: /],
      [
        { variants: [{ _id: other.small._id, name: 'x', sku: sku('C'), price: 1, countInStock: 1 }] },
        400,
        /^variants\.0\._id: /,
      ],
      [{ variants: [{ name: 'x', sku: sku('D'), price: 1, countInStock: -1 }] }, 400, /^variants\.0\.countInStock: /],
      [{ addOns: [{ name: 'x', price: 1, variants: [other.small._id] }] }, 400, /^addOns\.0\.variants: /],
      [
        { addOns: [{ name: 'x', price: 1, fields: [{ name: 'a', maxLength: 500 }] }] },
        400,
        /^addOns\.0\.fields\.0\.maxLength: /,
      ],
      [{ addOns: [{ name: 'x', price: 1, hsnCode: '12' }] }, 400, /^addOns\.0\.hsnCode: /],
      [{ variants: 'many' }, 400, /^variants must be a list/],
      [
        {
          variants: [
            { name: '<b>x</b>', sku: sku('E'), price: 1, countInStock: 1, isDefault: true },
            { name: 'y', sku: sku('F'), price: 1, countInStock: 1, isDefault: true },
          ],
        },
        400,
        /one variant/,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await put(id, { ...payload, stockWas: undefined });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const after = await getProduct(id);
    expect(after.variants).toEqual(before.variants);
    expect(after.addOns).toEqual(before.addOns);
    expect(await variantStock(small._id)).toBe(3);
  });
});

describe('ordering a variant with add-ons', () => {
  it('prices the variant and each add-on in the quote, the service at its own rate, the line with its add-ons', async () => {
    const { id, large, capping, energisation } = await beadWithChoices();
    const line = {
      product: id,
      qty: 2,
      variant: large._id,
      addOns: [
        { _id: capping._id },
        { _id: energisation._id, values: { "Wearer's name": 'राम कुमार', Gotra: ' Kashyap ' } },
      ],
    };
    const res = await quote([line]);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    // 2 × (₹900 + ₹350 + ₹251) = ₹3,002; 18% of each (the demo rudraksha is 18% in a test database).
    expect(q).toMatchObject({ itemsPrice: 3002, shippingPrice: 0, discountPrice: 0 });
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]).toMatchObject({
      product: id,
      price: 1501,
      qty: 2,
      countInStock: 2,
      variant: { _id: large._id, name: '22 mm' },
      addOns: [
        { _id: capping._id, name: 'Silver capping', price: 350, values: {} },
        {
          _id: energisation._id,
          name: 'Energisation',
          price: 251,
          values: { "Wearer's name": 'राम कुमार', Gotra: 'Kashyap' },
        },
      ],
      returnable: false,
    });
    expect(q.taxPrice).toBe(q.lines[0].taxPrice);

    // Issue 27: a made-to-order add-on (energisation) is never sent Cash on Delivery; paid online it is.
    expect(q.cod).toMatchObject({ allowed: false, refusal: 'made_to_order' });
    const refused = await placeCod([line]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('COD_NOT_AVAILABLE');
    const online = (await quote([line], 'Razorpay')).json();
    const placed = await placeOnline([line]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.totalPrice).toBe(online.totalPrice);
    expect(order.itemsPrice).toBe(order.orderItems.reduce((s, i) => s + i.price * i.qty, 0));
    expect(order.orderItems[0]).toMatchObject({
      price: 1501,
      variant: { _id: large._id, name: '22 mm' },
      addOns: q.lines[0].addOns.map(({ name, price, values }: { name: string; price: number; values: object }) => ({
        name,
        price,
        values,
      })),
      returnable: false,
    });
    // Stored as the quote's lines: the product line, then each add-on's, the service with its SAC.
    const rows = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id))
      .orderBy(orderItems.lineNo);
    expect(
      rows.map((r) => [r.lineNo, r.name, r.pricePaise, r.qty, r.hsnCode, r.uqc, r.addOnOf, r.variantName]),
    ).toEqual([
      [0, rows[0]!.name, 90000, 2, rows[0]!.hsnCode, 'NOS', null, '22 mm'],
      [1, 'Silver capping', 35000, 2, rows[0]!.hsnCode, 'NOS', 0, null],
      [2, 'Energisation', 25100, 2, '999799', 'OTH', 0, null],
    ]);
    // Stock came off the 22 mm only (and so off the product's sum).
    expect(await variantStock(large._id)).toBe(0);
    expect(await stockOf(id)).toBe(8);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('orders the default variant, without add-ons, for a SPEC line of product and qty', async () => {
    const { id, middle } = await beadWithChoices();
    const res = await make.codOrder(t, buyer.token, id, 2);
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json();
    expect(order.orderItems).toMatchObject([
      { product: id, price: 600, qty: 2, variant: { _id: middle._id, name: '20 mm' }, addOns: [], returnable: true },
    ]);
    expect(await variantStock(middle._id)).toBe(3);
  });

  it('keeps different choices of one variant as different lines, and limits stock across them', async () => {
    const { id, small, capping } = await beadWithChoices();
    const plain = { product: id, qty: 2, variant: small._id };
    const capped = { product: id, qty: 2, variant: small._id, addOns: [{ _id: capping._id }] };
    const tooMany = await placeCod([plain, capped]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/Only 3 of .* \(18 mm\) left in stock/);
    const res = await placeCod([plain, { ...capped, qty: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orderItems.map((i: Order['orderItems'][number]) => [i.qty, i.addOns.length])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(await variantStock(small._id)).toBe(0);
  });

  it('refuses choices the catalog does not offer with a 400 that says why, and takes nothing', async () => {
    const { id, small, large, capping, energisation } = await beadWithChoices();
    const other = await beadWithChoices();
    await put(id, {
      addOns: [
        { _id: capping._id, name: 'Silver capping', price: 350, variants: [small._id] },
        {
          _id: energisation._id,
          name: 'Energisation',
          price: 251,
          required: true,
          fields: [{ name: 'Name', maxLength: 5, required: true }],
        },
      ],
    });
    const name = { _id: energisation._id, values: { Name: 'Ravi' } };
    const cases: Array<[Line, string, RegExp]> = [
      [{ product: id, qty: 1, variant: other.small._id, addOns: [name] }, 'VARIANT_UNAVAILABLE', /no longer sold/],
      [{ product: id, qty: 1, variant: 'not-an-id', addOns: [name] }, 'VARIANT_UNAVAILABLE', /no longer sold/],
      [{ product: id, qty: 1, variant: small._id }, 'ADD_ON_REFUSED', /Energisation is required/],
      [
        { product: id, qty: 1, variant: small._id, addOns: [{ _id: energisation._id }] },
        'ADD_ON_REFUSED',
        /Name is required/,
      ],
      [
        { product: id, qty: 1, variant: small._id, addOns: [{ _id: energisation._id, values: { Name: 'Ravindra' } }] },
        'ADD_ON_REFUSED',
        /at most 5/,
      ],
      [
        {
          product: id,
          qty: 1,
          variant: small._id,
          addOns: [{ _id: energisation._id, values: { Name: 'Ravi', Gotra: 'x' } }],
        },
        'ADD_ON_REFUSED',
        /does not ask for "Gotra"/,
      ],
      [
        { product: id, qty: 1, variant: large._id, addOns: [name, { _id: capping._id }] },
        'ADD_ON_REFUSED',
        /not offered/,
      ],
      [
        { product: id, qty: 1, variant: small._id, addOns: [name, { _id: other.capping._id }] },
        'ADD_ON_REFUSED',
        /not offered/,
      ],
      [{ product: id, qty: 1, variant: small._id, addOns: [name, name] }, 'ADD_ON_REFUSED', /twice/],
      [
        { product: other.id, qty: 1, variant: other.small._id, addOns: [{ _id: 'x'.repeat(101) }] },
        'VALIDATION_FAILED',
        /addOns/,
      ],
    ];
    for (const [line, code, message] of cases) {
      const res = await placeCod([line]);
      expect(res.statusCode, JSON.stringify(line)).toBe(400);
      expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
    }
    expect(await variantStock(small._id)).toBe(3);
    expect(await stockOf(id)).toBe(10);
    expect((await placeCod([{ product: id, qty: 1, variant: small._id, addOns: [name] }])).statusCode).toBe(201);
  });

  it('stores a text with markup as the text it is, and answers it unchanged', async () => {
    const { id, energisation } = await beadWithChoices();
    const markup = `<img src=x onerror=alert(1)>`;
    await put(id, {
      addOns: [{ _id: energisation._id, name: 'Energisation', price: 251, fields: [{ name: 'Name', maxLength: 60 }] }],
    });
    const res = await placeCod(
      [{ product: id, qty: 1, addOns: [{ _id: energisation._id, values: { Name: markup } }] }],
      buyer.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const mine = await t.app.inject({ url: `/api/orders/${res.json()._id}`, headers: bearer(buyer.token) });
    expect(mine.json().orderItems[0].addOns[0].values).toEqual({ Name: markup });
    expect(mine.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sells exactly the last 5 units of one variant to 20 customers at once, the other variants untouched', async () => {
    const { id, small, middle, large } = await beadWithChoices();
    await put(id, {
      variants: [
        { _id: small._id, name: '18 mm', sku: small.sku, price: 400, countInStock: 5 },
        { _id: middle._id, name: '20 mm', sku: middle.sku, price: 600, countInStock: 5, isDefault: true },
        { _id: large._id, name: '22 mm', sku: large.sku, price: 900, countInStock: 2 },
      ],
    });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => make.customer(t)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeCod([{ product: id, qty: 1, variant: small._id }], buyers[i % 4]!.token),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await variantStock(small._id)).toBe(0);
    expect(await variantStock(middle._id)).toBe(5);
    expect(await variantStock(large._id)).toBe(2);
    expect(await stockOf(id)).toBe(7);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('puts a cancelled order’s units back on its variant, and counts its add-ons as no units sold', async () => {
    const { id, large, capping } = await beadWithChoices();
    const res = await placeCod([{ product: id, qty: 2, variant: large._id, addOns: [{ _id: capping._id }] }]);
    expect(res.statusCode, res.body).toBe(201);
    const sold = async () => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.unitsSold;
    expect(await sold()).toBe(2);
    expect(await variantStock(large._id)).toBe(0);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${res.json()._id}/cancel`,
      headers: bearer(adminToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await variantStock(large._id)).toBe(2);
    expect(await stockOf(id)).toBe(10);
    expect(await sold()).toBe(0);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('holds a variant for an online payment and releases it back to that variant', async () => {
    const { id, small, capping } = await beadWithChoices();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(buyer.token),
      payload: {
        orderItems: [{ product: id, qty: 2, variant: small._id, addOns: [{ _id: capping._id }] }],
        shippingAddress: ADDRESS,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // 2 × (₹400 + ₹350), 10% off for paying online, then 18% GST.
    expect(res.json().amount).toBe(Math.round(1500 * 0.9 * 1.18 * 100));
    expect(await variantStock(small._id)).toBe(1);
    const payment = await make.sandboxPayment(t, res.json().orderId);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: {
        orderItems: [{ product: id, qty: 2, variant: small._id, addOns: [{ _id: capping._id }] }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Razorpay',
        ...payment,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().orderItems[0]).toMatchObject({
      variant: { _id: small._id },
      addOns: [{ name: 'Silver capping' }],
    });
    expect(await variantStock(small._id)).toBe(1);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });
});

describe('orders and the admin’s saves at once', () => {
  it('never deadlock: every order is placed or refused, every save lands, and the ledger adds up', async () => {
    const { id, small, middle, large } = await beadWithChoices();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => make.customer(t)));
    const variants = (stock: number) => [
      { _id: small._id, name: '18 mm', sku: small.sku, price: 400, countInStock: stock },
      { _id: middle._id, name: '20 mm', sku: middle.sku, price: 600, countInStock: stock, isDefault: true },
      { _id: large._id, name: '22 mm', sku: large.sku, price: 900, countInStock: stock },
    ];
    const orders = Array.from({ length: 16 }, (_, i) =>
      placeCod(
        [
          { product: id, qty: 1, variant: [small, middle, large][i % 3]!._id },
          { product: id, qty: 1, variant: [large, small, middle][i % 3]!._id },
        ],
        buyers[i % 4]!.token,
      ),
    );
    const saves = Array.from({ length: 6 }, (_, i) => put(id, { variants: variants(20 + i) }));
    const [placed, saved] = await Promise.all([Promise.all(orders), Promise.all(saves)]);
    for (const res of placed) expect([201, 409], res.body).toContain(res.statusCode);
    for (const res of saved) expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
    const stock = await Promise.all([small, middle, large].map((v) => variantStock(v._id)));
    expect(await stockOf(id)).toBe(stock.reduce((a, b) => a + b, 0));
  });
});

describe('removing a product with variants', () => {
  it('removes its variants and add-ons with it, and its orders keep their lines', async () => {
    const { id, large, capping } = await beadWithChoices();
    const placed = await placeCod(
      [{ product: id, qty: 1, variant: large._id, addOns: [{ _id: capping._id }] }],
      buyer.token,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, id))).toEqual([]);
    const order = (
      await t.app.inject({ url: `/api/orders/${placed.json()._id}`, headers: bearer(buyer.token) })
    ).json();
    expect(order.orderItems).toMatchObject([
      {
        product: null,
        price: 1250,
        variant: { _id: large._id, name: '22 mm' },
        addOns: [{ name: 'Silver capping', price: 350 }],
      },
    ]);
  });
});

describe('a GST rate that would put a variant above its MRP', () => {
  it('is refused for the product and for its category, and changes nothing', async () => {
    const { id } = await beadWithChoices();
    // The 18 mm's MRP is ₹800 at ₹400: any rate up to 100% fits; lower the MRP to the edge of 18%.
    const product = await getProduct(id);
    const variants = product.variants.map(({ _id, name, sku, price, mrp, countInStock, isDefault }) => ({
      _id,
      name,
      sku,
      price,
      mrp: name === '18 mm' ? 472 : mrp,
      countInStock,
      isDefault,
    }));
    expect((await put(id, { variants })).statusCode).toBe(200);
    const own = await put(id, { gstPercent: 28 });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/^gstPercent: 18 mm would cost more than its MRP/);
    const category = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/rudraksha',
      headers: bearer(adminToken),
      payload: { gstPercent: 28 },
    });
    expect(category.statusCode).toBe(409);
    expect((await getProduct(id)).gstPercent).toBe(18);
  });
});
