import type { Order, PaymentOrder } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPaymentSignature, paymentSignature, webhookSignature } from '../src/adapters/payments/index.ts';
import { orders, paymentHolds, products } from '../src/db/schema/index.ts';
import { releaseExpiredHolds } from '../src/modules/payments/service.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let customer: make.Customer;
const address = { address: '7 Example Marg', city: 'Haridwar', postalCode: '249401', state: 'Uttarakhand' };

beforeAll(async () => {
  t = await createTestApp();
  customer = await make.customer(t);
});
afterAll(async () => {
  await t?.close();
});

const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;

const inject = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

/** Stock held for the file's customer, paying online (or for `token`'s customer). */
const startPayment = (productId: string, qty = 1, token = customer.token) =>
  make.paymentHold(t, token, productId, qty, address);
const sandboxPay = (orderId: string) => make.sandboxPayment(t, orderId);
const placePaid = (result: object, token = customer.token, extra: object = {}) =>
  inject(
    'POST',
    '/api/orders',
    {
      orderItems: [{ product: 'ignored', qty: 1 }],
      shippingAddress: address,
      paymentMethod: 'Razorpay',
      ...result,
      ...extra,
    },
    token,
  );

function webhook(body: object, options: { secret?: string; eventId?: string; tamper?: (raw: string) => string } = {}) {
  const raw = JSON.stringify(body);
  const signature = webhookSignature(options.secret ?? t.config.payments.webhookSecret, raw);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    payload: options.tamper ? options.tamper(raw) : raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': options.eventId ?? `evt_${Math.random()}`,
    },
  });
}
const paidEvent = (orderId: string, paymentId: string, amount: number, event = 'payment.captured') => ({
  entity: 'event',
  event,
  contains: ['payment'],
  payload: {
    payment: {
      entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId },
    },
  },
});
const ordersFor = async (gatewayOrderId: string) =>
  t.db.select().from(orders).where(eq(orders.razorpayOrderId, gatewayOrderId));

describe('signatures', () => {
  const secret = 'key_secret_1';
  const good = paymentSignature(secret, 'order_A', 'pay_B');
  it('accepts the signature of order_id|payment_id with the key secret', () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(isValidPaymentSignature(secret, 'order_A', 'pay_B', good)).toBe(true);
  });
  it.each([
    ['a wrong secret', 'other_secret', 'order_A', 'pay_B'],
    ['a tampered order id', secret, 'order_X', 'pay_B'],
    ['a tampered payment id', secret, 'order_A', 'pay_X'],
  ])('refuses %s', (_, key, orderId, paymentId) => {
    expect(isValidPaymentSignature(key, orderId, paymentId, good)).toBe(false);
  });
  it('refuses a malformed signature', () => {
    expect(isValidPaymentSignature(secret, 'order_A', 'pay_B', 'abc')).toBe(false);
  });
});

describe('online payment through the sandbox gateway', () => {
  it('gives the key id and serves a checkout script with Razorpay’s interface', async () => {
    const config = await inject('GET', '/api/config/razorpay');
    expect(config.body).toBe('rzp_test_sandbox');
    const script = await inject('GET', '/api/payments/checkout.js');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.Razorpay = Razorpay');
  });

  it('prices with 10% off, holds the stock, and makes a paid order from a verified payment', async () => {
    const id = await make.product(t, { stock: 5, price: 1000 });
    const payment = await startPayment(id, 2);
    // items 2000, discount 200 (before GST), shipping 0, tax 18% of 1800 = 324: total 2124.00 = 212400 paise
    expect(payment).toMatchObject({
      keyId: 'rzp_test_sandbox',
      amount: 212400,
      currency: 'INR',
      description: 'Order Payment',
      prefill: { name: 'Test Customer', email: customer.email, contact: customer.phone },
      itemsPrice: 2000,
      discountPrice: 200,
      taxPrice: 324,
      totalPrice: 2124,
    });
    expect(payment.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await stockOf(id)).toBe(3);

    const result = await sandboxPay(payment.orderId);
    const res = await placePaid(result, customer.token, { totalPrice: 1, itemsPrice: 1, discountPrice: 2000 });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      paymentMethod: 'Razorpay',
      isPaid: true,
      paidAt: expect.any(String),
      itemsPrice: 2000,
      discountPrice: 200,
      totalPrice: 2124,
      razorpayOrderId: payment.orderId,
      razorpayPaymentId: result.razorpay_payment_id,
      // The recipient defaults to the account, as with Cash on Delivery.
      shippingAddress: { ...address, country: 'India', name: order.user.name, phone: order.user.phone },
    });
    expect(order.orderItems).toEqual([expect.objectContaining({ product: id, qty: 2, price: 1000 })]);
    expect(await stockOf(id)).toBe(3);

    const replay = await placePaid(result);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Order>()._id).toBe(order._id);
    expect(await ordersFor(payment.orderId)).toHaveLength(1);
  });

  it.each([
    ['a wrong signature', (r: Record<string, string>) => ({ ...r, razorpay_signature: '0'.repeat(64) })],
    [
      'a signature made with another secret',
      (r: Record<string, string>) => ({
        ...r,
        razorpay_signature: paymentSignature('not-the-secret', r.razorpay_order_id!, r.razorpay_payment_id!),
      }),
    ],
    ['another payment id', (r: Record<string, string>) => ({ ...r, razorpay_payment_id: 'pay_Tampered000000' })],
  ])('refuses %s and places nothing', async (_, tamper) => {
    const id = await make.product(t, { stock: 5, price: 1000 });
    const { hold: payment, payment: result } = await make.paidHold(t, customer.token, id, 1, address);
    const res = await placePaid(tamper(result));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The payment could not be verified. No order was placed.');
    expect(await ordersFor(payment.orderId)).toHaveLength(0);
  });

  it('ships a paid order to the recipient given when the payment started', async () => {
    const id = await make.product(t, { stock: 5, price: 1000 });
    const res = await inject(
      'POST',
      '/api/payments/razorpay/order',
      {
        orderItems: [{ product: id, qty: 1 }],
        shippingAddress: { ...address, name: 'Gift For Amma', phone: '9123456780' },
      },
      customer.token,
    );
    expect(res.statusCode).toBe(201);
    const placed = await placePaid(await sandboxPay(res.json<PaymentOrder>().orderId));
    expect(placed.json<Order>().shippingAddress).toMatchObject({ name: 'Gift For Amma', phone: '9123456780' });
  });

  it('refuses a payment signed for another order id', async () => {
    // Paid before the second payment starts: a customer's new payment releases their unpaid one.
    const first = await startPayment(await make.product(t, { stock: 5, price: 1000 }));
    const paidFirst = await sandboxPay(first.orderId);
    const second = await startPayment(await make.product(t, { stock: 5, price: 1000 }));
    const res = await placePaid({ ...paidFirst, razorpay_order_id: second.orderId });
    expect(res.statusCode).toBe(400);
    expect(await ordersFor(second.orderId)).toHaveLength(0);
  });

  it('refuses another customer’s payment', async () => {
    const { payment: result } = await make.paidHold(
      t,
      customer.token,
      await make.product(t, { stock: 5, price: 1000 }),
      1,
      address,
    );
    const stranger = await make.customer(t);
    expect((await placePaid(result, stranger.token)).statusCode).toBe(400);
  });

  it('needs the three checkout values for an online order', async () => {
    const res = await placePaid({ razorpay_order_id: 'order_x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/needs razorpay_order_id, razorpay_payment_id and razorpay_signature/);
  });

  it('counts held stock, so two payers cannot buy the last unit', async () => {
    const id = await make.product(t, { stock: 1, price: 1000 });
    await startPayment(id);
    const other = await make.customer(t);
    const res = await inject(
      'POST',
      '/api/payments/razorpay/order',
      { orderItems: [{ product: id, qty: 1 }], shippingAddress: address },
      other.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/out of stock/);
    const cod = await inject(
      'POST',
      '/api/orders',
      { orderItems: [{ product: id, qty: 1 }], shippingAddress: address, paymentMethod: 'Cash on Delivery' },
      other.token,
    );
    expect(cod.statusCode).toBe(409);
  });

  it('gives the stock back at once when the customer closes the checkout', async () => {
    const id = await make.product(t, { stock: 2, price: 1000 });
    const payment = await startPayment(id, 2);
    expect(await stockOf(id)).toBe(0);
    const stranger = await make.customer(t);
    expect(
      (await inject('POST', `/api/payments/razorpay/order/${payment.orderId}/release`, {}, stranger.token)).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/payments/razorpay/order/${payment.orderId}/release`, {}, customer.token)).statusCode,
    ).toBe(200);
    expect(await stockOf(id)).toBe(2);
    expect(
      (await inject('POST', `/api/payments/razorpay/order/${payment.orderId}/release`, {}, customer.token)).statusCode,
    ).toBe(200);
    expect(await stockOf(id)).toBe(2);
    expect((await inject('POST', '/api/payments/sandbox/pay', { razorpay_order_id: payment.orderId })).statusCode).toBe(
      404,
    );
  });
});

describe('one customer, one checkout', () => {
  it('gives back what an earlier, unfinished checkout held when the customer starts again', async () => {
    const id = await make.product(t, { stock: 4, price: 1000 });
    await startPayment(id, 3);
    expect(await stockOf(id)).toBe(1);
    await startPayment(id, 3);
    expect(await stockOf(id)).toBe(1);
  });
});

describe('a product deleted while its stock is held', () => {
  it('still becomes a paid order, its line without a catalog link', async () => {
    const id = await make.product(t, { stock: 3, price: 1000 });
    const { payment: result } = await make.paidHold(t, customer.token, id, 1, address);
    await t.db.delete(products).where(eq(products.id, id));
    const res = await placePaid(result);
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({
      isPaid: true,
      isCancelled: false,
      orderItems: [expect.objectContaining({ product: null, qty: 1 })],
    });
  });

  it('is completed by the webhook too, and cancelled for a refund when the hold had expired', async () => {
    const id = await make.product(t, { stock: 3, price: 1000 });
    const payment = await startPayment(id, 1);
    await releaseExpiredHolds(t.db, new Date(Date.now() + 16 * 60_000));
    await t.db.delete(products).where(eq(products.id, id));
    const res = await webhook(paidEvent(payment.orderId, 'pay_Deleted00000001', payment.amount));
    expect(res.json()).toEqual({ status: 'completed' });
    const [order] = await ordersFor(payment.orderId);
    expect(order).toMatchObject({ isPaid: true, isCancelled: true });
  });
});

describe('held stock that is never paid for', () => {
  it('is released when the hold expires, and a late payment still becomes an order', async () => {
    const id = await make.product(t, { stock: 3, price: 1000 });
    const payment = await startPayment(id, 2);
    expect(await stockOf(id)).toBe(1);
    const result = await sandboxPay(payment.orderId);

    expect(await releaseExpiredHolds(t.db, new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await releaseExpiredHolds(t.db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(id)).toBe(3);
    const [hold] = await t.db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, payment.orderId));
    expect(hold!.status).toBe('expired');

    const late = await placePaid(result);
    expect(late.statusCode).toBe(201);
    expect(late.json<Order>()).toMatchObject({ isPaid: true, isCancelled: false });
    expect(await stockOf(id)).toBe(1);
  });

  it('records a late payment whose stock has gone as a paid, cancelled order for a refund', async () => {
    const id = await make.product(t, { stock: 1, price: 1000 });
    const { payment: result } = await make.paidHold(t, customer.token, id, 1, address);
    await releaseExpiredHolds(t.db, new Date(Date.now() + 16 * 60_000));
    const other = await make.customer(t);
    await inject(
      'POST',
      '/api/orders',
      { orderItems: [{ product: id, qty: 1 }], shippingAddress: address, paymentMethod: 'Cash on Delivery' },
      other.token,
    );
    expect(await stockOf(id)).toBe(0);
    const late = await placePaid(result);
    expect(late.json<Order>()).toMatchObject({ isPaid: true, isCancelled: true });
    expect(await stockOf(id)).toBe(0);
  });
});

describe('webhook', () => {
  it('completes the order when the browser never came back, once, whatever the repeats', async () => {
    const id = await make.product(t, { stock: 4, price: 1000 });
    const payment = await startPayment(id, 1);
    const event = paidEvent(payment.orderId, 'pay_Webhook0000001', payment.amount, 'order.paid');
    const first = await webhook(event, { eventId: 'evt_once_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'completed' });
    const [order] = await ordersFor(payment.orderId);
    expect(order).toMatchObject({ isPaid: true, razorpayPaymentId: 'pay_Webhook0000001', paymentMethod: 'Razorpay' });

    const duplicate = await webhook(event, { eventId: 'evt_once_1' });
    expect(duplicate.json()).toEqual({ status: 'duplicate' });
    const sameEventAgain = await webhook(paidEvent(payment.orderId, 'pay_Webhook0000001', payment.amount), {
      eventId: 'evt_once_2',
    });
    expect(sameEventAgain.json()).toEqual({ status: 'already-completed' });
    expect(await ordersFor(payment.orderId)).toHaveLength(1);
    expect(await stockOf(id)).toBe(3);

    // The browser coming back afterwards gets the same order.
    const signature = paymentSignature(t.config.payments.keySecret, payment.orderId, 'pay_Webhook0000001');
    const browser = await placePaid({
      razorpay_order_id: payment.orderId,
      razorpay_payment_id: 'pay_Webhook0000001',
      razorpay_signature: signature,
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.json<Order>()._id).toBe(order!.id);
  });

  it('makes one order when the browser and the webhook arrive together', async () => {
    const { hold: payment, payment: result } = await make.paidHold(
      t,
      customer.token,
      await make.product(t, { stock: 4, price: 1000 }),
      1,
      address,
    );
    const [a, b] = await Promise.all([
      placePaid(result),
      webhook(paidEvent(payment.orderId, result.razorpay_payment_id, payment.amount)),
    ]);
    expect(a.statusCode).toBeLessThan(300);
    expect(b.statusCode).toBe(200);
    expect(await ordersFor(payment.orderId)).toHaveLength(1);
  });

  it.each([
    ['signed with another secret', { secret: 'not-the-webhook-secret' }],
    ['with a body changed after signing', { tamper: (raw: string) => raw.replace(/"amount":\d+/, '"amount":1') }],
  ])('refuses a webhook %s', async (_, options) => {
    const payment = await startPayment(await make.product(t, { stock: 4, price: 1000 }));
    const res = await webhook(paidEvent(payment.orderId, 'pay_Forged00000001', payment.amount), options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid webhook signature', code: 'INVALID_WEBHOOK_SIGNATURE' });
    expect(await ordersFor(payment.orderId)).toHaveLength(0);
  });

  it('refuses a webhook without a signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      payload: { event: 'order.paid' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('ignores a signed payment that is not for the held amount or not ours', async () => {
    const payment = await startPayment(await make.product(t, { stock: 4, price: 1000 }));
    expect((await webhook(paidEvent(payment.orderId, 'pay_Short000000001', payment.amount - 100))).json()).toEqual({
      status: 'ignored',
    });
    expect((await webhook(paidEvent('order_NotOurs0000000', 'pay_X000000000001', 100))).json()).toEqual({
      status: 'ignored',
    });
    expect((await webhook({ event: 'payment.failed', payload: {} })).json()).toEqual({ status: 'ignored' });
    expect(await ordersFor(payment.orderId)).toHaveLength(0);
  });
});
