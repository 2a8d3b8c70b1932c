/**
 * After the sale (issue 28): the customer cancels before dispatch, returns within 7 days, the owner
 * moves returns through their states, partial refunds take their share of the quote with a credit note
 * each and reach the gateway once, Cash on Delivery orders are refunded as store credit or a recorded
 * transfer, and store credit is a ledger that never goes below zero.
 */
import { isoMonthIST, type Order, type OrderReturn, type Returnability, type StoreCreditAnswer } from '@rr/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COURIER_WEBHOOK_TOKEN, sandboxTrackingPayload } from '../src/adapters/courier/index.ts';
import { SandboxGateway, type GatewayRefund, type RefundRequest } from '../src/adapters/payments/index.ts';
import { offerUses, orders, outboxMessages, refunds } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';
import { pdfLines } from './pdf-reading.ts';

class CountingGateway extends SandboxGateway {
  refundCalls: RefundRequest[] = [];
  override async refund(input: RefundRequest): Promise<GatewayRefund> {
    this.refundCalls.push(input);
    return super.refund(input);
  }
}

let t: TestApp;
let admin: string;
const gateway = new CountingGateway('rzp_test_sandbox');
const LUCKNOW = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };

beforeAll(async () => {
  t = await createTestApp({ payments: gateway, env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function codOrder(qty = 2, price = 1000) {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 50, price, category: 'gems' });
  const res = await make.codOrder(t, buyer.token, product, qty, LUCKNOW);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), buyer, product };
}

async function paidOrder(qty = 2, price = 1000) {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 50, price, category: 'gems' });
  const { payment } = await make.paidHold(t, buyer.token, product, qty, LUCKNOW);
  const res = await call(buyer.token, 'POST', '/api/orders', {
    orderItems: [{ product, qty }],
    shippingAddress: LUCKNOW,
    paymentMethod: 'Razorpay',
    ...payment,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), buyer, product };
}

/** Shipped by hand and delivered (with the cash collected for COD): invoiced, in the return window. */
async function deliver(orderId: string, cod: boolean) {
  expect(
    (
      await call(admin, 'PUT', `/api/orders/${orderId}/ship`, {
        courier: 'India Post',
        trackingNumber: 'EE123456789IN',
      })
    ).statusCode,
  ).toBe(200);
  const res = await call(admin, 'PUT', `/api/orders/${orderId}/deliver`, cod ? { cashCollected: true } : undefined);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

const PHOTO = '/uploads/cracked-bead.jpg';

describe('the customer cancels', () => {
  it('their own order before dispatch: stock back, the online payment refunded once; others get 404, shipped 409', async () => {
    const { order, buyer } = await paidOrder(1);
    const stranger = await make.customer(t);
    expect((await call(stranger.token, 'PUT', `/api/orders/${order._id}/cancel`)).statusCode).toBe(404);
    const calls = gateway.refundCalls.length;
    const res = await call(buyer.token, 'PUT', `/api/orders/${order._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      status: 'cancelled',
      refund: { status: 'processed', amount: order.totalPrice },
    });
    expect(gateway.refundCalls.length).toBe(calls + 1);
    const again = await call(buyer.token, 'PUT', `/api/orders/${order._id}/cancel`);
    expect(again.json().code).toBe('ORDER_CANCELLED');
    expect(gateway.refundCalls.length).toBe(calls + 1);

    const shipped = await codOrder(1);
    await call(admin, 'PUT', `/api/orders/${shipped.order._id}/ship`, {
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    const late = await call(shipped.buyer.token, 'PUT', `/api/orders/${shipped.order._id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_SHIPPED');
  });
});

describe('returns', () => {
  it('are offered within 7 days of delivery only, for the units bought', async () => {
    const { order, buyer } = await codOrder(2);
    const before = await call(buyer.token, 'GET', `/api/orders/${order._id}/returnability`);
    expect(before.json<Returnability>().refusal).toMatch(/once the order is delivered/);
    const refused = await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
      lines: [{ product: order.orderItems[0]!.product, qty: 1 }],
      reason: 'Cracked',
      photos: [PHOTO],
    });
    expect(refused.statusCode).toBe(409);
    await deliver(order._id, true);
    const open = (await call(buyer.token, 'GET', `/api/orders/${order._id}/returnability`)).json<Returnability>();
    expect(open).toMatchObject({ refusal: null, lines: [{ qty: 2, returnableQty: 2, reason: null }] });
    // Ten days later the window is closed.
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(orders.id, order._id));
    const closed = (await call(buyer.token, 'GET', `/api/orders/${order._id}/returnability`)).json<Returnability>();
    expect(closed.refusal).toMatch(/closed on/);
  });

  it('refuse bad requests with a clear 4xx and keep nothing', async () => {
    const { order, buyer } = await codOrder(2);
    await deliver(order._id, true);
    const product = order.orderItems[0]!.product;
    const post = (payload: object) => call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, payload);
    expect((await post({ lines: [{ product, qty: 1 }], reason: 'Cracked' })).statusCode).toBe(400);
    expect((await post({ lines: [{ product, qty: 3 }], reason: 'Cracked', photos: [PHOTO] })).statusCode).toBe(409);
    expect((await post({ lines: [{ product: 'nope', qty: 1 }], reason: 'x', photos: [PHOTO] })).statusCode).toBe(409);
    expect(
      (await post({ lines: [{ product, qty: 1 }], reason: 'x', photos: ['http://evil.test/a.jpg'] })).statusCode,
    ).toBe(400);
    const stranger = await make.customer(t);
    expect(
      (
        await call(stranger.token, 'POST', `/api/orders/${order._id}/returns`, {
          lines: [{ product, qty: 1 }],
          reason: 'x',
          photos: [PHOTO],
        })
      ).statusCode,
    ).toBe(404);
    const list = await call(buyer.token, 'GET', `/api/orders/${order._id}/returns`);
    expect(list.json()).toEqual([]);
  });

  it('move through approve (reverse pickup booked), received and a store credit refund of a COD order', async () => {
    const { order, buyer, product } = await codOrder(2);
    await deliver(order._id, true);
    const opened = await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
      lines: [{ product, qty: 1 }],
      reason: 'One bead arrived cracked',
      photos: [PHOTO],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ret = opened.json<OrderReturn>();
    expect(ret).toMatchObject({ status: 'requested', lines: [{ product, qty: 1 }], photos: [PHOTO] });
    // Only one unit is left to return now.
    const able = (await call(buyer.token, 'GET', `/api/orders/${order._id}/returnability`)).json<Returnability>();
    expect(able.lines[0]!.returnableQty).toBe(1);
    // The customer cannot approve their own return.
    expect((await call(buyer.token, 'PUT', `/api/returns/${ret._id}`, { action: 'approve' })).statusCode).toBe(403);
    // The owner cannot skip straight to a refund.
    expect(
      (await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'refund', method: 'store_credit' })).statusCode,
    ).toBe(409);
    const approved = await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<OrderReturn>()).toMatchObject({
      status: 'approved',
      pickup: { provider: 'sandbox', courier: 'Sandbox Express', trackingNumber: expect.stringMatching(/^R/) },
    });
    const stock = async () => (await t.app.inject({ url: `/api/products/${product}` })).json().countInStock;
    const before = await stock();
    const received = await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'received', restock: true });
    expect(received.json().status).toBe('received');
    // The owner found the unit fit to sell again: it is back in stock.
    expect(await stock()).toBe(before + 1);
    // COD: the way back must be said.
    const noMethod = await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'refund' });
    expect(noMethod.statusCode).toBe(409);
    expect(noMethod.json().code).toBe('REFUND_NOT_ALLOWED');
    const refunded = await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'refund', method: 'store_credit' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<OrderReturn>().status).toBe('refunded');

    const seen = (await call(buyer.token, 'GET', `/api/orders/${order._id}`)).json<Order>();
    expect(seen.refunds).toHaveLength(1);
    const refund = seen.refunds[0]!;
    expect(refund).toMatchObject({ method: 'store_credit', status: 'processed', lines: [{ product, qty: 1 }] });
    // Half the order: one of two units with half its shipping (the order's total is even by units here).
    expect(refund.amount).toBeCloseTo(seen.totalPrice / 2, 1);
    expect(refund.storeCreditAmount).toBe(refund.amount);
    expect(refund.creditNoteNumber).toMatch(/CN/);
    const credit = (await call(buyer.token, 'GET', '/api/users/store-credit')).json<StoreCreditAnswer>();
    expect(credit).toMatchObject({ balance: refund.amount, entries: [{ kind: 'refund', amount: refund.amount }] });
    const profile = (await call(buyer.token, 'GET', '/api/users/profile')).json();
    expect(profile.storeCredit).toBe(refund.amount);

    const pdf = await call(buyer.token, 'GET', `/api/orders/${order._id}/refunds/${refund._id}/credit-note`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfLines(pdf.rawPayload)).join('\n');
    expect(text).toContain(refund.creditNoteNumber!);
    expect(text).toContain('Goods returned');
    // The customer was told at each step.
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(and(like(outboxMessages.idempotencyKey, `return:${ret._id}:%`), eq(outboxMessages.channel, 'sms')));
    const texts = told.map((m) => m.text).join('\n');
    for (const step of ['return request', 'approved', 'received your return']) expect(texts).toContain(step);
  });

  it('is marked received when the courier delivers the reverse pickup to the shop, once', async () => {
    const { order, buyer, product } = await codOrder(1);
    await deliver(order._id, true);
    const ret = (
      await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
        lines: [{ product, qty: 1 }],
        reason: 'Cracked',
        photos: [PHOTO],
      })
    ).json<OrderReturn>();
    const awb = (await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'approve' })).json<OrderReturn>().pickup!
      .trackingNumber!;
    const track = (status: 'in_transit' | 'delivered') =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/courier',
        headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_COURIER_WEBHOOK_TOKEN },
        payload: sandboxTrackingPayload(awb, status, null, new Date()),
      });
    expect((await track('in_transit')).statusCode).toBe(200);
    expect((await call(buyer.token, 'GET', `/api/orders/${order._id}/returns`)).json<OrderReturn[]>()[0]!.status).toBe(
      'approved',
    );
    expect((await track('delivered')).statusCode).toBe(200);
    expect((await track('delivered')).statusCode).toBe(200);
    expect((await call(buyer.token, 'GET', `/api/orders/${order._id}/returns`)).json<OrderReturn[]>()[0]!.status).toBe(
      'received',
    );
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(like(outboxMessages.idempotencyKey, `return:${ret._id}:received%`), eq(outboxMessages.channel, 'sms')),
      );
    expect(told).toHaveLength(1);
  });

  it('reject needs a reason; more_info waits for the customer’s reply', async () => {
    const { order, buyer, product } = await codOrder(1);
    await deliver(order._id, true);
    const ret = (
      await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
        lines: [{ product, qty: 1 }],
        reason: 'Not as pictured',
        videoUrl: 'https://youtu.be/unboxing',
      })
    ).json<OrderReturn>();
    expect((await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'reject' })).statusCode).toBe(400);
    const asked = await call(admin, 'PUT', `/api/returns/${ret._id}`, {
      action: 'more_info',
      note: 'A photo of the bead, please',
    });
    expect(asked.json<OrderReturn>()).toMatchObject({ status: 'more_info', ownerNote: 'A photo of the bead, please' });
    const replied = await call(buyer.token, 'PUT', `/api/returns/${ret._id}`, {
      action: 'reply',
      note: 'Here',
      photos: [PHOTO],
    });
    expect(replied.json<OrderReturn>()).toMatchObject({ status: 'requested', customerNote: 'Here', photos: [PHOTO] });
    const rejected = await call(admin, 'PUT', `/api/returns/${ret._id}`, {
      action: 'reject',
      note: 'The bead is intact',
    });
    expect(rejected.json<OrderReturn>()).toMatchObject({ status: 'rejected', ownerNote: 'The bead is intact' });
    const list = (await call(admin, 'GET', '/api/returns?status=rejected')).json<OrderReturn[]>();
    expect(list.some((r) => r._id === ret._id)).toBe(true);
    // A rejected return frees its units again.
    const able = (await call(buyer.token, 'GET', `/api/orders/${order._id}/returnability`)).json<Returnability>();
    expect(able.lines[0]!.returnableQty).toBe(1);
  });

  it('replace takes the units from stock again and records the replacement parcel', async () => {
    const { order, buyer, product } = await codOrder(1);
    await deliver(order._id, true);
    const ret = (
      await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
        lines: [{ product, qty: 1 }],
        reason: 'Cracked',
        photos: [PHOTO],
        resolution: 'replacement',
      })
    ).json<OrderReturn>();
    await call(admin, 'PUT', `/api/returns/${ret._id}`, {
      action: 'approve',
      courier: 'DTDC',
      trackingNumber: 'D12345678',
    });
    await call(admin, 'PUT', `/api/returns/${ret._id}`, { action: 'received' });
    const stockBefore = (await t.app.inject({ url: `/api/products/${product}` })).json().countInStock;
    const replaced = await call(admin, 'PUT', `/api/returns/${ret._id}`, {
      action: 'replace',
      courier: 'DTDC',
      trackingNumber: 'D87654321',
    });
    expect(replaced.json<OrderReturn>()).toMatchObject({
      status: 'replaced',
      resolution: 'replacement',
      replacement: { courier: 'DTDC', trackingNumber: 'D87654321' },
    });
    const stockAfter = (await t.app.inject({ url: `/api/products/${product}` })).json().countInStock;
    expect(stockAfter).toBe(stockBefore - 1);
  });
});

describe('partial refunds', () => {
  it('of a prepaid order reach the gateway once each, never more than was paid, each with a credit note', async () => {
    const { order, product } = await paidOrder(3, 999);
    await deliver(order._id, false);
    const calls = gateway.refundCalls.length;
    const first = await call(admin, 'POST', `/api/orders/${order._id}/refund`, { lines: [{ product, qty: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(admin, 'POST', `/api/orders/${order._id}/refund`, { lines: [{ product, qty: 2 }] });
    expect(second.statusCode, second.body).toBe(200);
    const done = second.json<Order>();
    expect(done.refunds.map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(gateway.refundCalls.length).toBe(calls + 2);
    const paise = (n: number) => Math.round(n * 100);
    // All three units back: exactly the total, to the paisa.
    expect(done.refunds.reduce((s, r) => s + paise(r.amount), 0)).toBe(paise(done.totalPrice));
    expect(gateway.refundCalls.slice(-2).reduce((s, c) => s + c.amountPaise, 0)).toBe(paise(done.totalPrice));
    const serials = done.refunds.map((r) => r.creditNoteNumber);
    expect(new Set(serials).size).toBe(2);
    const more = await call(admin, 'POST', `/api/orders/${order._id}/refund`, { lines: [{ product, qty: 1 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('REFUND_UNITS');
    // The GST register lists each credit note, their tax adding up to the invoice's.
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(rows.reduce((s, r) => s + r.taxPaise + r.shippingTaxPaise, 0)).toBe(paise(done.taxPrice));
    const csv = await call(admin, 'GET', `/api/admin/gst-report?month=${isoMonthIST(new Date().toISOString())}`);
    const lines = csv.body.split('\n').filter((line) => serials.some((serial) => line.includes(serial!)));
    expect(lines).toHaveLength(2);
    // Total is the 13th column; each credit note is negative, and together they reverse the invoice.
    const totals = lines.map((line) => Number(line.split(',')[12]));
    expect(totals.reduce((a, b) => a + b, 0)).toBeCloseTo(-done.totalPrice, 2);
    const invoiceLine = csv.body.split('\n').find((line) => line.includes(done.invoiceNumber!))!;
    expect(Number(invoiceLine.split(',')[12])).toBeCloseTo(done.totalPrice, 2);
  });

  it('of a COD order before its cash is collected is refused; a transfer needs its reference', async () => {
    const { order, product } = await codOrder(2);
    await call(admin, 'PUT', `/api/orders/${order._id}/ship`, {
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    const unpaid = await call(admin, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'transfer',
      transferReference: 'UTR1',
    });
    expect(unpaid.statusCode).toBe(409);
    await call(admin, 'PUT', `/api/orders/${order._id}/deliver`, { cashCollected: true });
    const noRef = await call(admin, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'transfer',
    });
    expect(noRef.statusCode).toBe(409);
    const viaCard = await call(admin, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'gateway',
    });
    expect(viaCard.statusCode).toBe(409);
    const sent = await call(admin, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'transfer',
      transferReference: 'UTR 4455',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Order>().refunds[0]).toMatchObject({
      method: 'transfer',
      status: 'processed',
      transferReference: 'UTR 4455',
      storeCreditAmount: 0,
    });
  });

  it('give back their share of the coupon the order used (the owner’s offer reports count what stayed sold)', async () => {
    const code = `BACK${Date.now() % 100000}`;
    const made = await call(admin, 'POST', '/api/admin/coupons', { code, percentOff: 10 });
    expect(made.statusCode, made.body).toBe(201);
    const buyer = await make.customer(t);
    const product = await make.product(t, { stock: 50, price: 1000, category: 'gems' });
    const placed = await call(buyer.token, 'POST', '/api/orders', {
      orderItems: [{ product, qty: 2 }],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Cash on Delivery',
      couponCode: code,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const use = async () =>
      (await t.db.select().from(offerUses).where(eq(offerUses.orderId, order._id))).find((u) => u.couponId)!;
    expect((await use()).discountPaise).toBe(200_00);
    await deliver(order._id, true);
    const res = await call(admin, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'store_credit',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await use()).discountPaise).toBe(100_00);
  });

  it('are admin only', async () => {
    const { order, buyer, product } = await codOrder(1);
    expect(
      (
        await call(buyer.token, 'POST', `/api/orders/${order._id}/refund`, {
          lines: [{ product, qty: 1 }],
          method: 'store_credit',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('store credit', () => {
  it('the owner grants and takes back with a reason, never below zero', async () => {
    const buyer = await make.customer(t);
    const grant = await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, {
      amount: 250.5,
      note: 'Sorry for the delay',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json<StoreCreditAnswer>()).toMatchObject({
      balance: 250.5,
      entries: [{ kind: 'owner', amount: 250.5, note: 'Sorry for the delay' }],
    });
    const tooMuch = await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, {
      amount: -300,
      note: 'Mistake',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('STORE_CREDIT_SHORT');
    const back = await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, {
      amount: -50.5,
      note: 'Mistake',
    });
    expect(back.json<StoreCreditAnswer>().balance).toBe(200);
    expect(
      (await call(admin, 'POST', `/api/admin/users/${buyer._id}/store-credit`, { amount: 0, note: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await call(buyer.token, 'POST', `/api/admin/users/${buyer._id}/store-credit`, { amount: 10, note: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'GET', `/api/admin/users/00000000-0000-4000-8000-000000000000/store-credit`)).statusCode,
    ).toBe(404);
  });
});
