/**
 * Store credit at checkout (issue 28): spent like a payment (GST on the whole total), never below zero
 * however many checkouts spend it at once, given back when an unpaid hold ends or the order is
 * cancelled, and an order it covers wholly is placed paid without the gateway.
 */
import { type CartQuote, type Order, type PaymentOrder, type StoreCreditAnswer } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCreditEntries, users } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const LUCKNOW = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function customerWithCredit(rupees: number) {
  const buyer = await make.customer(t);
  const res = await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, { amount: rupees, note: 'Test' });
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

const balanceOf = async (token: string) =>
  (await call(token, 'GET', '/api/users/store-credit')).json<StoreCreditAnswer>().balance;

describe('store credit at checkout', () => {
  it('the quote says what is spent and what is left to pay', async () => {
    const buyer = await customerWithCredit(100);
    const product = await make.product(t, { stock: 10, price: 1000, category: 'gems' });
    const quote = await call(buyer.token, 'POST', '/api/orders/quote', {
      orderItems: [{ product, qty: 1 }],
      paymentMethod: 'Cash on Delivery',
      useStoreCredit: true,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json<CartQuote>();
    expect(q.storeCredit).toEqual({ balance: 100, applied: 100 });
    expect(q.amountDue).toBeCloseTo(q.totalPrice - 100, 2);
    const without = (
      await call(buyer.token, 'POST', '/api/orders/quote', {
        orderItems: [{ product, qty: 1 }],
        paymentMethod: 'Cash on Delivery',
      })
    ).json<CartQuote>();
    expect(without.storeCredit).toEqual({ balance: 100, applied: 0 });
    expect(without.amountDue).toBe(without.totalPrice);
  });

  it('a COD order spends it as a payment: the total and GST unchanged, the courier collects the rest; cancelling gives it back', async () => {
    const buyer = await customerWithCredit(150);
    const product = await make.product(t, { stock: 10, price: 1000, category: 'gems' });
    const res = await call(buyer.token, 'POST', '/api/orders', {
      orderItems: [{ product, qty: 1 }],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Cash on Delivery',
      useStoreCredit: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const plain = await make.codOrder(t, (await make.customer(t)).token, product, 1, LUCKNOW);
    expect(order.totalPrice).toBe(plain.json<Order>().totalPrice);
    expect(order.taxPrice).toBe(plain.json<Order>().taxPrice);
    expect(order).toMatchObject({ storeCreditPaid: 150, isPaid: false });
    expect(await balanceOf(buyer.token)).toBe(0);
    const cancelled = await call(buyer.token, 'PUT', `/api/orders/${order._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(buyer.token)).toBe(150);
    const kinds = (await t.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, buyer._id))).map(
      (e) => e.kind,
    );
    expect(kinds.sort()).toEqual(['checkout', 'order_cancelled', 'owner']);
  });

  it('an online payment asks the gateway for the rest; the hold ending unpaid gives the credit back', async () => {
    const buyer = await customerWithCredit(200);
    const product = await make.product(t, { stock: 10, price: 1000, category: 'gems' });
    const started = await call(buyer.token, 'POST', '/api/payments/razorpay/order', {
      orderItems: [{ product, qty: 1 }],
      shippingAddress: LUCKNOW,
      useStoreCredit: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json<PaymentOrder>();
    expect(payment.storeCreditApplied).toBe(200);
    expect(payment.amount).toBe(Math.round(payment.totalPrice * 100) - 200_00);
    expect(await balanceOf(buyer.token)).toBe(0);
    const released = await call(buyer.token, 'POST', `/api/payments/razorpay/order/${payment.orderId}/release`);
    expect([200, 204]).toContain(released.statusCode);
    expect(await balanceOf(buyer.token)).toBe(200);

    // Paid this time: the order keeps the credit and the gateway's part.
    const again = (
      await call(buyer.token, 'POST', '/api/payments/razorpay/order', {
        orderItems: [{ product, qty: 1 }],
        shippingAddress: LUCKNOW,
        useStoreCredit: true,
      })
    ).json<PaymentOrder>();
    const paid = await make.sandboxPayment(t, again.orderId);
    const placed = await call(buyer.token, 'POST', '/api/orders', {
      orderItems: [{ product, qty: 1 }],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Razorpay',
      ...paid,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ storeCreditPaid: 200, isPaid: true });
    // Cancelled before dispatch: the card gets its part back, the credit comes back as credit.
    const cancelled = (await call(buyer.token, 'PUT', `/api/orders/${placed.json<Order>()._id}/cancel`)).json<Order>();
    expect(cancelled.refund?.amount).toBeCloseTo(cancelled.totalPrice - 200, 2);
    expect(await balanceOf(buyer.token)).toBe(200);
  });

  it('credit covering the whole total places a paid order without the gateway; too little is refused and keeps everything', async () => {
    const rich = await customerWithCredit(5000);
    const product = await make.product(t, { stock: 10, price: 1000, category: 'gems' });
    const body = {
      orderItems: [{ product, qty: 1 }],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Razorpay',
      useStoreCredit: true,
    };
    const res = await call(rich.token, 'POST', '/api/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({ paymentMethod: 'Store credit', isPaid: true, razorpayPaymentId: null });
    expect(order.storeCreditPaid).toBe(order.totalPrice);
    // Priced as paid in advance: the online discount applies.
    expect(order.discountPrice).toBeGreaterThan(0);
    expect(await balanceOf(rich.token)).toBeCloseTo(5000 - order.totalPrice, 2);
    // Refunded, it goes back as store credit without being told how.
    const shipped = await call(admin, 'PUT', `/api/orders/${order._id}/deliver`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refund = await call(admin, 'POST', `/api/orders/${order._id}/refund`, { lines: [{ product, qty: 1 }] });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<Order>().refunds[0]).toMatchObject({
      method: 'store_credit',
      storeCreditAmount: order.totalPrice,
    });
    expect(await balanceOf(rich.token)).toBeCloseTo(5000, 2);

    const poor = await customerWithCredit(10);
    const stockBefore = (await t.app.inject({ url: `/api/products/${product}` })).json().countInStock;
    const short = await call(poor.token, 'POST', '/api/orders', body);
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('STORE_CREDIT_SHORT');
    expect(short.json().details).toMatchObject({ creditAmount: 10, askedAmount: short.json().details.totalAmount });
    expect(await balanceOf(poor.token)).toBe(10);
    expect((await t.app.inject({ url: `/api/products/${product}` })).json().countInStock).toBe(stockBefore);
  });

  it('20 checkouts at once never spend more than the balance, and the ledger adds up', async () => {
    const buyer = await customerWithCredit(1000);
    const product = await make.product(t, { stock: 100, price: 100, category: 'gems' });
    // Each order's total is above ₹100, so ₹1,000 pays some wholly; the rest find it spent.
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(buyer.token, 'POST', '/api/orders', {
          orderItems: [{ product, qty: 1 }],
          shippingAddress: LUCKNOW,
          paymentMethod: 'Razorpay',
          useStoreCredit: true,
        }),
      ),
    );
    const placed = attempts.filter((r) => r.statusCode === 201).map((r) => r.json<Order>());
    const refused = attempts.filter((r) => r.statusCode !== 201);
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect([409, 429]).toContain(r.statusCode);
    const spent = placed.reduce((s, o) => s + Math.round(o.storeCreditPaid * 100), 0);
    const [row] = await t.db.select({ balance: users.storeCreditPaise }).from(users).where(eq(users.id, buyer._id));
    expect(row!.balance).toBe(1000_00 - spent);
    expect(row!.balance).toBeGreaterThanOrEqual(0);
    const entries = await t.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, buyer._id));
    expect(entries.reduce((s, e) => s + e.amountPaise, 0)).toBe(row!.balance);
  });
});

describe('store credit refused for want of it', () => {
  it('says the balance and the amount asked (issue 30), and changes nothing', async () => {
    const buyer = await customerWithCredit(250.5);
    const tooMuch = await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, {
      amount: -300,
      note: 'Mistake',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'STORE_CREDIT_SHORT',
      message: 'The store credit (₹250.50) does not cover ₹300.00.',
      details: { creditAmount: 250.5, askedAmount: 300 },
    });
    expect(await balanceOf(buyer.token)).toBe(250.5);
  });
});
