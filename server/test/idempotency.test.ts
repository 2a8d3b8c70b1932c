import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Order, PaymentOrder } from '@rr/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, paymentHolds, products } from '../src/db/schema/index.ts';
import { forgetOldKeys } from '../src/modules/checkout/idempotency.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const codBody = (productId: string, qty = 1) => ({
  orderItems: [{ product: productId, qty }],
  shippingAddress: make.ADDRESS,
  paymentMethod: 'Cash on Delivery',
});
const post = (url: string, token: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
const ordersOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers concurrent identical requests with one order, stored once', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 10 });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/orders', buyer.token, codBody(bead, 2), 'checkout-1')),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(replies.map((r) => r.json<Order>()._id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(buyer._id)).toBe(1);
    expect(await stockOf(bead)).toBe(8);
  });

  it('answers a retry after a lost reply with the order the first request stored', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 5 });
    // A real connection whose reply is never read: it is dropped once the order is stored.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify(codBody(bead));
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.write(
      `POST /api/orders HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${buyer.token}\r\n` +
        `idempotency-key: lost-reply\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await eventually(async () => expect(await ordersOf(buyer._id)).toBe(1), 10_000);
    socket.destroy();

    const retry = await post('/api/orders', buyer.token, codBody(bead), 'lost-reply');
    expect(retry.statusCode).toBe(200);
    const [stored] = await t.db.select().from(orders).where(eq(orders.userId, buyer._id));
    expect(retry.json<Order>()._id).toBe(stored!.id);
    expect(await ordersOf(buyer._id)).toBe(1);
    expect(await stockOf(bead)).toBe(4);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 5 });
    expect((await post('/api/orders', buyer.token, codBody(bead, 1), 'k-1')).statusCode).toBe(201);
    const other = await post('/api/orders', buyer.token, codBody(bead, 2), 'k-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(/different/) });
    expect(await ordersOf(buyer._id)).toBe(1);
    expect(await stockOf(bead)).toBe(4);
  });

  it('keeps keys per customer, places again with a new key, and without a key as before', async () => {
    const [one, two] = [await make.customer(t), await make.customer(t)];
    const bead = await make.product(t, { stock: 10 });
    expect((await post('/api/orders', one.token, codBody(bead), 'shared')).statusCode).toBe(201);
    expect((await post('/api/orders', two.token, codBody(bead), 'shared')).statusCode).toBe(201);
    expect((await post('/api/orders', one.token, codBody(bead), 'another')).statusCode).toBe(201);
    expect((await post('/api/orders', one.token, codBody(bead))).statusCode).toBe(201);
    expect((await post('/api/orders', one.token, codBody(bead))).statusCode).toBe(201);
    expect(await ordersOf(one._id)).toBe(4);
    expect(await ordersOf(two._id)).toBe(1);
  });

  it('lets a key whose request was refused be used again (nothing was stored)', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 1 });
    const refused = await post('/api/orders', buyer.token, codBody(bead, 2), 'after-refusal');
    expect(refused.statusCode).toBe(409);
    await t.db.update(products).set({ countInStock: 3 }).where(eq(products.id, bead));
    expect((await post('/api/orders', buyer.token, codBody(bead, 2), 'after-refusal')).statusCode).toBe(201);
  });

  it('refuses a malformed key with a 400 before anything is stored', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 3 });
    for (const key of ['', 'with space', 'x'.repeat(256), 'ключ']) {
      const res = await post('/api/orders', buyer.token, codBody(bead), key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await ordersOf(buyer._id)).toBe(0);
  });

  it('forgets keys after a day, not before', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 3 });
    await post('/api/orders', buyer.token, codBody(bead), 'a-day');
    const mine = and(eq(idempotencyKeys.userId, buyer._id), eq(idempotencyKeys.key, 'a-day'));
    await forgetOldKeys(t.db, new Date(Date.now() + 23 * 3_600_000));
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(1);
    await forgetOldKeys(t.db, new Date(Date.now() + 25 * 3_600_000));
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
  });
});

describe('the payment order with an Idempotency-Key', () => {
  const payBody = (productId: string, qty = 1) => ({
    orderItems: [{ product: productId, qty }],
    shippingAddress: make.ADDRESS,
  });
  const holdsOf = async (userId: string) => t.db.select().from(paymentHolds).where(eq(paymentHolds.userId, userId));

  it('answers concurrent identical requests with one payment order and one hold', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 10 });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/payments/razorpay/order', buyer.token, payBody(bead, 3), 'pay-1')),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replies.map((r) => r.json<PaymentOrder>().orderId)).size).toBe(1);
    const holds = await holdsOf(buyer._id);
    expect(holds).toHaveLength(1);
    expect(holds[0]!.status).toBe('pending');
    expect(await stockOf(bead)).toBe(7);
  });

  it('answers a retry with the same payment order, and the same key with another cart with a 422', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 10 });
    const first = await post('/api/payments/razorpay/order', buyer.token, payBody(bead), 'pay-2');
    const retry = await post('/api/payments/razorpay/order', buyer.token, payBody(bead), 'pay-2');
    expect(retry.json<PaymentOrder>()).toEqual(first.json<PaymentOrder>());
    const other = await post('/api/payments/razorpay/order', buyer.token, payBody(bead, 2), 'pay-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await holdsOf(buyer._id)).toHaveLength(1);
    expect(await stockOf(bead)).toBe(9);
  });
});
