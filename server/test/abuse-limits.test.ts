import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentHolds, products } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

// Limits set for the test, so they bite with small carts: 4 a line, 12 units and ₹10,000 unpaid.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { ORDER_MAX_LINE_QTY: '4', ORDER_MAX_UNPAID_UNITS: '12', ORDER_MAX_UNPAID_VALUE: '10000' },
  });
});
afterAll(async () => {
  await t?.close();
});

const address = { address: '4 Temple Road', city: 'Ujjain', postalCode: '456001', state: 'Madhya Pradesh' };
const send = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const cod = (token: string, items: Array<[string, number]>) =>
  send('/api/orders', token, {
    orderItems: items.map(([product, qty]) => ({ product, qty })),
    shippingAddress: address,
    paymentMethod: 'Cash on Delivery',
  });
const hold = (token: string, items: Array<[string, number]>) =>
  send('/api/payments/razorpay/order', token, {
    orderItems: items.map(([product, qty]) => ({ product, qty })),
    shippingAddress: address,
  });

async function stockOf(id: string): Promise<number> {
  const [row] = await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id));
  return row!.n;
}
async function pendingHolds(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(paymentHolds)
    .where(and(eq(paymentHolds.userId, userId), eq(paymentHolds.status, 'pending')));
  return row!.n;
}

describe('what one customer can tie up without paying', () => {
  it('caps the units of one product in a cart (configurable)', async () => {
    const id = await make.product(t, { stock: 100, price: 100 });
    const c = await make.customer(t);
    const res = await cod(c.token, [[id, 5]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('qty must be at most 4 of one product');
    expect((await hold(c.token, [[id, 5]])).statusCode).toBe(400);
    expect(await stockOf(id)).toBe(100);
  });

  it('caps the units of all unpaid orders and holds together, and takes nothing when refused', async () => {
    const ids = await Promise.all([
      make.product(t, { stock: 100, price: 100 }),
      make.product(t, { stock: 100, price: 100 }),
      make.product(t, { stock: 100, price: 100 }),
      make.product(t, { stock: 100, price: 100 }),
    ]);
    const c = await make.customer(t);
    expect(
      (
        await cod(c.token, [
          [ids[0]!, 4],
          [ids[1]!, 4],
        ])
      ).statusCode,
    ).toBe(201);
    expect((await hold(c.token, [[ids[2]!, 3]])).statusCode).toBe(201);
    const over = await cod(c.token, [[ids[3]!, 2]]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(
      /^Orders that are not paid yet are limited to 12 items and ₹10,000.00 in all, and 11 items/,
    );
    expect(over.json().details).toEqual({ maxItems: 12, maxAmount: 10000 });
    expect(await stockOf(ids[3]!)).toBe(100);
    // One more fits exactly.
    expect((await cod(c.token, [[ids[3]!, 1]])).statusCode).toBe(201);
  });

  it('caps the value of unpaid orders', async () => {
    const dear = await make.product(t, { stock: 10, price: 3000 }); // ₹3,000 (+ GST)
    const c = await make.customer(t);
    expect((await cod(c.token, [[dear, 2]])).statusCode).toBe(201); // ₹7,080
    const over = await cod(c.token, [[dear, 1]]);
    expect(over.statusCode).toBe(409);
    expect(await stockOf(dear)).toBe(8);
  });

  it('one new account cannot empty the catalogue with one request', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => make.product(t, { stock: 400, price: 100 })));
    const c = await make.customer(t);
    const res = await hold(
      c.token,
      ids.map((id) => [id, 4]),
    );
    expect(res.statusCode).toBe(409);
    for (const id of ids) expect(await stockOf(id)).toBe(400);
  });

  it('caps a customer at 5 open Cash on Delivery orders, taking nothing for the sixth; a cancelled one frees a place', async () => {
    const id = await make.product(t, { stock: 100, price: 100 });
    const c = await make.customer(t);
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await cod(c.token, [[id, 1]]);
      expect(res.statusCode).toBe(201);
      placed.push(res.json()._id);
    }
    const sixth = await cod(c.token, [[id, 2]]);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'OPEN_COD_LIMIT', details: { count: 5 } });
    expect(await stockOf(id)).toBe(95);
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[0]}/cancel`,
      headers: bearer(c.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await cod(c.token, [[id, 2]])).statusCode).toBe(201);
    expect(await stockOf(id)).toBe(94);
  });

  it('holds under concurrency: 14 Cash on Delivery orders at once give 5, within the unit limit', async () => {
    const id = await make.product(t, { stock: 100, price: 100 });
    const c = await make.customer(t);
    const replies = await Promise.all(Array.from({ length: 14 }, () => cod(c.token, [[id, 1]])));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const [open] = await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, c._id));
    expect(open!.n).toBe(5);
    expect(await stockOf(id)).toBe(95);
  });

  it('holds under concurrency: 14 checkouts at once leave one pending hold and its stock only', async () => {
    const id = await make.product(t, { stock: 100, price: 100 });
    const c = await make.customer(t);
    const replies = await Promise.all(Array.from({ length: 14 }, () => hold(c.token, [[id, 3]])));
    expect(replies.every((r) => r.statusCode === 201)).toBe(true);
    expect(await pendingHolds(c._id)).toBe(1);
    expect(await stockOf(id)).toBe(97);
  });

  it('a refused checkout leaves the customer’s pending one as it was', async () => {
    const id = await make.product(t, { stock: 100, price: 100 });
    const scarce = await make.product(t, { stock: 1, price: 100 });
    const c = await make.customer(t);
    expect((await hold(c.token, [[id, 2]])).statusCode).toBe(201);
    const refused = await hold(c.token, [[scarce, 2]]);
    expect(refused.statusCode).toBe(409);
    expect(await pendingHolds(c._id)).toBe(1);
    expect(await stockOf(id)).toBe(98);
    expect(await stockOf(scarce)).toBe(1);
  });
});
