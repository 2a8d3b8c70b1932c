import type { CartQuote, Coupon, Order, PaymentOrder } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, offerUses, sales } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { ADDRESS } from './factories.ts';
import { bearer, createTestApp, rateLimitedApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(() => t?.close());

const COD = 'Cash on Delivery';
const ONLINE = 'Razorpay';

/** A product of ₹1,000 before GST at 18%, in `category`. */
const product = (category: 'rudraksha' | 'gems' | 'mala' = 'rudraksha', price = 1000, stock = 50) =>
  make.product(t, { price, stock, category, columns: { gstBasisPoints: 1800, hsnCode: '14049090' } });

let codes = 0;
/** A new coupon through the admin API; the reply. */
async function coupon(fields: Record<string, unknown>): Promise<Coupon> {
  codes += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: bearer(adminToken),
    payload: { code: `TEST-${codes}-${Date.now() % 100000}`, ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function quote(items: { product: string; qty: number }[], couponCode?: string, paymentMethod = COD, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    ...(token ? { headers: bearer(token) } : {}),
    payload: { orderItems: items, paymentMethod, ...(couponCode ? { couponCode } : {}) },
  });
}

function order(token: string, items: { product: string; qty: number }[], couponCode?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { orderItems: items, shippingAddress: ADDRESS, paymentMethod: COD, ...(couponCode ? { couponCode } : {}) },
  });
}

const usesOf = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!.uses;

describe('admin coupons', () => {
  it('creates, lists, changes and deletes a coupon; codes are case-insensitive and unique', async () => {
    const made = await coupon({ code: 'diwali-25', percentOff: 25, minOrder: 500, endsAt: '2099-11-01' });
    expect(made).toMatchObject({
      code: 'DIWALI-25',
      percentOff: 25,
      amountOff: null,
      freeShipping: false,
      minOrder: 500,
      status: 'active',
      uses: 0,
      // The end of 1 Nov 2099 in India.
      endsAt: '2099-11-01T18:29:59.999Z',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: bearer(adminToken),
      payload: { code: 'Diwali-25', amountOff: 100 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COUPON_CODE_TAKEN');

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${made._id}`,
      headers: bearer(adminToken),
      payload: { amountOff: 150, isActive: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ percentOff: null, amountOff: 150, status: 'paused', minOrder: 500 });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: bearer(adminToken) });
    expect(list.json<Coupon[]>().some((c) => c._id === made._id)).toBe(true);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${made._id}`,
      headers: bearer(adminToken),
    });
    expect(gone.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/coupons/${made._id}`,
      headers: bearer(adminToken),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a coupon with two kinds or none, a bad code, dates out of order and unknown categories', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(adminToken), payload });
    for (const payload of [
      { code: 'TWO-KINDS', percentOff: 10, amountOff: 50 },
      { code: 'NO-KIND' },
      { code: 'BAD CODE!', percentOff: 10 },
      { code: 'LATE', percentOff: 10, startsAt: '2030-01-02', endsAt: '2030-01-01' },
      { code: 'TOO-MUCH', percentOff: 95 },
      { code: 'NO-CAT', percentOff: 10, categories: ['shoes'] },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    const count = (await t.db.select().from(coupons)).filter((c) => ['TWO-KINDS', 'NO-KIND', 'LATE'].includes(c.code));
    expect(count).toEqual([]);
  });

  it('is for admins only', async () => {
    const customer = await make.customer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: bearer(customer.token),
      payload: { code: 'MINE', percentOff: 50 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a coupon on the quote and the order', () => {
  it('takes a percent off each line before GST and the order carries it', async () => {
    const a = await product();
    const b = await product('gems', 500);
    const c = await coupon({ percentOff: 10 });
    const res = await quote(
      [
        { product: a, qty: 1 },
        { product: b, qty: 2 },
      ],
      c.code.toLowerCase(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<CartQuote>();
    // ₹2,000 of items, ₹200 off before GST; GST 18% of ₹1,800.
    expect(q).toMatchObject({
      itemsPrice: 2000,
      discountPrice: 200,
      taxPrice: 324,
      shippingPrice: 0,
      totalPrice: 2124,
    });
    expect(q.coupon).toEqual({ code: c.code, discount: 200, applied: true, message: null });
    expect(q.adjustments).toEqual([
      { kind: 'coupon', label: `Coupon ${c.code} (10% off)`, amount: 200, terms: { code: c.code, percentOff: 10 } },
    ]);
    expect(q.lines.map((l) => l.taxableValue)).toEqual(expect.arrayContaining([900, 900]));

    const customer = await make.customer(t);
    const placed = await order(customer.token, [{ product: a, qty: 1 }], c.code);
    expect(placed.statusCode, placed.body).toBe(201);
    const o = placed.json<Order>();
    expect(o.coupon).toEqual({ code: c.code, discount: 100 });
    // Issue 30: the order's adjustment keeps the terms a Hindi page says it by.
    expect(o.adjustments).toEqual([
      { kind: 'coupon', label: `Coupon ${c.code} (10% off)`, amount: 100, terms: { code: c.code, percentOff: 10 } },
    ]);
    expect(o.orderItems[0]).toMatchObject({ discount: 100, taxableValue: 900, taxPrice: 162 });
    expect(o.totalPrice).toBe(1062);
    expect(await usesOf(c._id)).toBe(1);
  });

  it('takes an amount off the covered lines together, never more than they are worth', async () => {
    const a = await product('rudraksha', 300);
    const b = await product('mala', 100);
    const c = await coupon({ amountOff: 200, categories: ['rudraksha'] });
    const q = (
      await quote(
        [
          { product: a, qty: 1 },
          { product: b, qty: 1 },
        ],
        c.code,
      )
    ).json<CartQuote>();
    expect(q.discountPrice).toBe(200);
    const line = (id: string) => q.lines.find((l) => l.product === id)!;
    expect(line(a)).toMatchObject({ discount: 200, taxableValue: 100 });
    expect(line(b)).toMatchObject({ discount: 0, taxableValue: 100 });
    expect(q.adjustments[0]!.terms).toEqual({ code: c.code, amountOff: 200 });
    const placed = await order((await make.customer(t)).token, [{ product: a, qty: 1 }], c.code);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().adjustments[0]!.terms).toEqual({ code: c.code, amountOff: 200 });

    const big = await coupon({ amountOff: 5000 });
    const capped = (await quote([{ product: b, qty: 1 }], big.code)).json<CartQuote>();
    expect(capped.lines[0]).toMatchObject({ discount: 100, taxableValue: 0, taxPrice: 0 });
  });

  it('says why a code cannot be used, with the message the cart shows', async () => {
    const a = await product('rudraksha', 400);
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [{ percentOff: 10, endsAt: '2021-01-01' }, 400, 'COUPON_EXPIRED', /^This code has expired\.$/],
      [{ percentOff: 10, startsAt: '2099-01-01' }, 400, 'COUPON_NOT_STARTED', /can be used from 1 Jan 2099/],
      [{ percentOff: 10, minOrder: 1000 }, 400, 'COUPON_MIN_ORDER', /^Add ₹600\.00 more to use this code\.$/],
      [{ percentOff: 10, categories: ['gems'] }, 400, 'COUPON_NOT_APPLICABLE', /does not apply/],
      [{ percentOff: 10, isActive: false }, 400, 'COUPON_INVALID', /not valid any more/],
      [{ percentOff: 10, usageLimit: 1 }, 409, 'COUPON_USED_UP', /used up/],
    ];
    for (const [fields, status, code, message] of cases) {
      const c = await coupon(fields);
      if (fields.usageLimit) await t.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, c._id));
      const res = await quote([{ product: a, qty: 1 }], c.code);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(message);
    }
    // Issue 30: the figures of the message again, for a Hindi page to say.
    const notStarted = await quote(
      [{ product: a, qty: 1 }],
      (await coupon({ percentOff: 5, startsAt: '2099-01-01' })).code,
    );
    expect(notStarted.json().details).toEqual({ startsAt: expect.stringMatching(/^2098-12-31T18:30:00/) });
    const short = await quote([{ product: a, qty: 1 }], (await coupon({ percentOff: 5, minOrder: 1000 })).code);
    expect(short.json().details).toEqual({ amount: 600 });
    const unknown = await quote([{ product: a, qty: 1 }], 'NO-SUCH-CODE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'COUPON_INVALID',
      message: 'There is no code NO-SUCH-CODE. Please check it.',
      details: { reason: 'unknown', code: 'NO-SUCH-CODE' },
    });
    const paused = await quote([{ product: a, qty: 1 }], (await coupon({ percentOff: 5, isActive: false })).code);
    expect(paused.json()).toEqual({
      code: 'COUPON_INVALID',
      message: 'This code is not valid any more.',
      details: { reason: 'paused' },
    });
  });

  it('gives the better of a code and the online discount, or both when the code combines', async () => {
    const a = await product('rudraksha', 1000);
    const small = await coupon({ percentOff: 5 });
    const weak = (await quote([{ product: a, qty: 1 }], small.code, ONLINE)).json<CartQuote>();
    expect(weak.coupon).toMatchObject({ code: small.code, discount: 50, applied: false });
    expect(weak.coupon!.message).toMatch(/Paying online already takes ₹100\.00 off/);
    // Issue 30: why, for a Hindi page to say.
    expect(weak.coupon).toMatchObject({ reason: 'online_better', onlineDiscount: 100 });
    expect(weak.adjustments.map((a) => a.kind)).toEqual(['online_discount']);
    expect(weak.discountPrice).toBe(100);

    const strong = await coupon({ percentOff: 20 });
    const better = (await quote([{ product: a, qty: 1 }], strong.code, ONLINE)).json<CartQuote>();
    expect(better.coupon).toMatchObject({ applied: true, discount: 200 });
    expect(better.adjustments.map((a) => a.kind)).toEqual(['coupon']);

    const both = await coupon({ percentOff: 5, combinesWithOnlineDiscount: true });
    const stacked = (await quote([{ product: a, qty: 1 }], both.code, ONLINE)).json<CartQuote>();
    // 5% of ₹1,000, then 10% of the ₹950 left.
    expect(stacked.adjustments).toEqual([
      { kind: 'coupon', label: `Coupon ${both.code} (5% off)`, amount: 50, terms: { code: both.code, percentOff: 5 } },
      { kind: 'online_discount', label: 'Online payment discount (10%)', amount: 95, terms: { percentOff: 10 } },
    ]);
    expect(stacked.discountPrice).toBe(145);
  });

  it('waives the shipping charge with a free-shipping code, and says when shipping is free already', async () => {
    const cheap = await product('mala', 80);
    const c = await coupon({ freeShipping: true });
    const q = (await quote([{ product: cheap, qty: 1 }], c.code)).json<CartQuote>();
    expect(q.shippingPrice).toBe(0);
    expect(q.coupon).toMatchObject({ discount: 100, applied: true });
    // ₹80 + 18% GST; no shipping and no GST on it.
    expect(q.totalPrice).toBe(94.4);
    const dear = await product('gems', 1000);
    const free = (await quote([{ product: dear, qty: 1 }], c.code)).json<CartQuote>();
    expect(free.coupon).toMatchObject({ applied: false, discount: 0, reason: 'shipping_free' });
    expect(free.coupon).not.toHaveProperty('onlineDiscount');
  });
});

describe('limits and uses', () => {
  it('keeps a per-customer limit, and a cancelled order gives its use back', async () => {
    const a = await product();
    const c = await coupon({ percentOff: 10, perCustomerLimit: 1 });
    const customer = await make.customer(t);
    const first = await order(customer.token, [{ product: a, qty: 1 }], c.code);
    expect(first.statusCode).toBe(201);
    const second = await order(customer.token, [{ product: a, qty: 1 }], c.code);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'COUPON_CUSTOMER_LIMIT' });
    // The quote of a signed-in customer says so before the order.
    const quoted = await quote([{ product: a, qty: 1 }], c.code, COD, customer.token);
    expect(quoted.json()).toMatchObject({ code: 'COUPON_CUSTOMER_LIMIT' });

    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${first.json<Order>()._id}/cancel`,
      headers: bearer(adminToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(c._id)).toBe(0);
    const again = await order(customer.token, [{ product: a, qty: 1 }], c.code);
    expect(again.statusCode, again.body).toBe(201);
    expect(await usesOf(c._id)).toBe(1);
  });

  it('gives a first-order code only to a customer without an order', async () => {
    const a = await product();
    const c = await coupon({ percentOff: 15, firstOrderOnly: true });
    const customer = await make.customer(t);
    expect((await order(customer.token, [{ product: a, qty: 1 }], c.code)).statusCode).toBe(201);
    const next = await order(customer.token, [{ product: a, qty: 1 }], c.code);
    expect(next.json()).toMatchObject({
      code: 'COUPON_FIRST_ORDER_ONLY',
      message: 'This code is for a first order only.',
    });
  });

  it('gives a one-use code to exactly one of 20 simultaneous checkouts', async () => {
    const a = await product('rudraksha', 500, 100);
    const c = await coupon({ percentOff: 50, usageLimit: 1 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => make.customer(t)));
    const replies = await Promise.all(customers.map((cu) => order(cu.token, [{ product: a, qty: 1 }], c.code)));
    const placed = replies.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.json<Order>().coupon).toEqual({ code: c.code, discount: 250 });
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('COUPON_USED_UP');
    }
    expect(await usesOf(c._id)).toBe(1);
    const live = await t.db.select().from(offerUses).where(eq(offerUses.couponId, c._id));
    expect(live).toHaveLength(1);
  });

  it('counts a use with the payment hold, gives it back when the hold ends and carries it to the paid order', async () => {
    const a = await product();
    const c = await coupon({ percentOff: 20, usageLimit: 1 });
    const customer = await make.customer(t);
    const start = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/order',
        headers: bearer(customer.token),
        payload: { orderItems: [{ product: a, qty: 1 }], shippingAddress: ADDRESS, couponCode: code },
      });
    const first = await start(c.code);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PaymentOrder>()).toMatchObject({ discountPrice: 200, coupon: { code: c.code, applied: true } });
    expect(await usesOf(c._id)).toBe(1);
    // Starting again gives back what the last attempt held, its use with it.
    const second = await start(c.code);
    expect(second.statusCode, second.body).toBe(201);
    expect(await usesOf(c._id)).toBe(1);
    const payment = await make.sandboxPayment(t, second.json<PaymentOrder>().orderId);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: { orderItems: [{ product: a, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: ONLINE, ...payment },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const o = placed.json<Order>();
    expect(o.coupon).toEqual({ code: c.code, discount: 200 });
    expect(o.totalPrice).toBe(944);
    const uses = await t.db.select().from(offerUses).where(eq(offerUses.couponId, c._id));
    expect(uses.filter((u) => u.releasedAt === null).map((u) => u.orderId)).toEqual([o._id]);
  });
});

describe('a sale on the quote', () => {
  it('prices each unit at the sale price, then the code takes its part of what is left', async () => {
    const a = await product('mala', 999);
    const now = Date.now();
    const [sale] = await t.db
      .insert(sales)
      .values({
        name: 'Navratri Sale',
        percentOff: 15,
        productIds: [a],
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
      })
      .returning();
    // Written outside a request: a quote prices with the running sales the catalog keeps (issue 31), which
    // follow the sales table's change notice; wait until it has been heard.
    await t.app.responseCache.caughtUp();
    const c = await coupon({ percentOff: 10, minOrder: 1600 });
    const q = (await quote([{ product: a, qty: 2 }], c.code)).json<CartQuote>();
    // 15% of ₹999 is ₹149.85 a unit: ₹849.15 each, ₹1,698.30 for two; the code 10% of that.
    expect(q.adjustments).toEqual([
      {
        kind: 'sale',
        label: 'Navratri Sale (15% off)',
        amount: 299.7,
        terms: { name: 'Navratri Sale', percentOff: 15 },
      },
      { kind: 'coupon', label: `Coupon ${c.code} (10% off)`, amount: 169.83, terms: { code: c.code, percentOff: 10 } },
    ]);
    const tooSmall = await quote([{ product: a, qty: 1 }], c.code);
    expect(tooSmall.json().message).toBe('Add ₹750.85 more to use this code.');

    const customer = await make.customer(t);
    const placed = await order(customer.token, [{ product: a, qty: 2 }], c.code);
    expect(placed.statusCode, placed.body).toBe(201);
    const uses = await t.db.select().from(offerUses).where(eq(offerUses.saleId, sale!.id));
    expect(uses.map((u) => u.discountPaise)).toEqual([29970]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: bearer(adminToken) });
    expect(listed.json().find((s: { _id: string }) => s._id === sale!.id)).toMatchObject({
      uses: 1,
      discountGiven: 299.7,
    });
  });
});

describe('guessing codes', () => {
  it('refuses every code from a client after 10 wrong ones, the right one too', async () => {
    const limited = await rateLimitedApp({ seed: true });
    const id = await make.product(limited, { price: 500 });
    const token = (await make.admin(limited)).token;
    const made = await limited.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: bearer(token),
      payload: { code: 'REAL-CODE', percentOff: 10 },
    });
    expect(made.statusCode).toBe(201);
    const ask = (code: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        remoteAddress: '10.77.0.1',
        payload: { orderItems: [{ product: id, qty: 1 }], paymentMethod: COD, couponCode: code },
      });
    expect((await ask('REAL-CODE')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await ask(`GUESS-${i}`)).statusCode).toBe(400);
    const blocked = await ask('GUESS-X');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('COUPON_TOO_MANY_TRIES');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await ask('REAL-CODE')).statusCode).toBe(429);
    // Another client is not held back, and a cart without a code never is.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      remoteAddress: '10.77.0.2',
      payload: { orderItems: [{ product: id, qty: 1 }], paymentMethod: COD, couponCode: 'REAL-CODE' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the demo codes', () => {
  it('seeds WELCOME10 (first order) and SHIVRATRI250 (₹250 off from ₹2,000) to try', async () => {
    const dear = await product('gems', 2100);
    const q = (await quote([{ product: dear, qty: 1 }], 'shivratri250')).json<CartQuote>();
    expect(q.coupon).toMatchObject({ code: 'SHIVRATRI250', discount: 250, applied: true });
    const welcome = (await quote([{ product: dear, qty: 1 }], 'WELCOME10')).json<CartQuote>();
    expect(welcome.coupon).toMatchObject({ discount: 210, applied: true });
  });
});
