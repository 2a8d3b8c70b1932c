/**
 * Issue 27: parcels booked with the courier aggregator (the sandbox here) by PUT /api/orders/{id}/ship
 * without a body, their labels, and tracking events that move orders: each stored once, late ones kept
 * but not applied, delivered marks Cash on Delivery paid, returned to origin puts stock back with a
 * credit note, each customer message written once.
 */
import { parseDocumentSerial, type Order } from '@rr/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_COURIER_WEBHOOK_TOKEN,
  formatTrackingTime,
  sandboxTrackingPayload,
} from '../src/adapters/courier/index.ts';
import { outboxMessages, orders, products, shipmentEvents } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

const asAdmin = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

async function codOrder(stock = 5, qty = 1): Promise<{ order: Order; productId: string }> {
  const buyer = await make.customer(t, { name: 'Asha Verma' });
  const productId = await make.product(t, { stock, price: 1000, category: 'gems' });
  const res = await make.codOrder(t, buyer.token, productId, qty);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), productId };
}

async function booked(stock = 5, qty = 1) {
  const placed = await codOrder(stock, qty);
  const res = await asAdmin('PUT', `/api/orders/${placed.order._id}/ship`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...placed, order: res.json<Order>() };
}

const webhook = (body: unknown, token = SANDBOX_COURIER_WEBHOOK_TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shiprocket',
    headers: { 'content-type': 'application/json', 'x-api-key': token },
    payload: JSON.stringify(body),
  });

const messagesAbout = (orderId: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(like(outboxMessages.idempotencyKey, `order:${orderId}:%`), eq(outboxMessages.kind, kind as never)));

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;

describe('booking a parcel', () => {
  it('PUT ship with no body books with the sandbox: AWB, label link, invoice, tracking booked, customer told once', async () => {
    const { order } = await booked();
    expect(order).toMatchObject({
      status: 'shipped',
      shipment: {
        courier: 'Sandbox Express',
        trackingNumber: expect.stringMatching(/^SBX\d{10}$/),
        provider: 'sandbox',
        label: `/api/orders/${order._id}/label`,
      },
      tracking: { status: 'booked', events: [] },
    });
    expect(parseDocumentSerial(order.invoiceNumber!)).toMatchObject({ kind: 'invoice' });
    // Booking again answers the same parcel and tells nobody twice.
    const again = await asAdmin('PUT', `/api/orders/${order._id}/ship`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Order>().shipment?.trackingNumber).toBe(order.shipment!.trackingNumber);
    expect((await messagesAbout(order._id, 'order_shipped')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('refuses cancelled orders and Cash on Delivery orders still awaiting confirmation (409)', async () => {
    const { order } = await codOrder();
    expect((await asAdmin('PUT', `/api/orders/${order._id}/cancel`)).statusCode).toBe(200);
    const cancelled = await asAdmin('PUT', `/api/orders/${order._id}/ship`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'ORDER_CANCELLED' });

    const waiting = await codOrder();
    await t.db
      .update(orders)
      .set({ confirmBy: new Date(Date.now() + 600_000) })
      .where(eq(orders.id, waiting.order._id));
    const refused = await asAdmin('PUT', `/api/orders/${waiting.order._id}/ship`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_AWAITING_CONFIRMATION' });
  });

  it('GET label draws a PDF for a booked parcel; 404 NO_LABEL before booking', async () => {
    const { order } = await booked();
    const res = await asAdmin('GET', `/api/orders/${order._id}/label`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { order: unbooked } = await codOrder();
    const none = await asAdmin('GET', `/api/orders/${unbooked._id}/label`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_LABEL' });
  });
});

describe('tracking events', () => {
  it('a call without the token, or with another, is refused with 401 and moves nothing', async () => {
    const { order } = await booked();
    const body = sandboxTrackingPayload(order.shipment!.trackingNumber, 'delivered', null, new Date());
    expect((await webhook(body, 'wrong-token-wrong-token')).statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'POST', url: '/api/webhooks/shiprocket', payload: body });
    expect(bare.statusCode).toBe(401);
    expect((await orderRow(order._id)).isDelivered).toBe(false);
  });

  it('an AWB the shop never booked gets a 200 and is ignored', async () => {
    const res = await webhook(sandboxTrackingPayload('SBX0000000001', 'in_transit', null, new Date()));
    expect(res.statusCode).toBe(200);
  });

  it('a replayed event is stored and applied once; out for delivery is told once', async () => {
    const { order } = await booked();
    const body = sandboxTrackingPayload(order.shipment!.trackingNumber, 'out_for_delivery', 'Varanasi hub', new Date());
    for (let i = 0; i < 3; i++) expect((await webhook(body)).statusCode).toBe(200);
    const events = await t.db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, order._id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'out_for_delivery', applied: true });
    const seen = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: bearer(admin) })).json<Order>();
    expect(seen.tracking).toMatchObject({ status: 'out_for_delivery', label: 'Out for delivery' });
    expect((await messagesAbout(order._id, 'order_out_for_delivery')).map((m) => m.channel).sort()).toEqual([
      'email',
      'sms',
    ]);
  });

  it('an event older than the last applied one is kept with applied = false and moves nothing', async () => {
    const { order } = await booked();
    const awb = order.shipment!.trackingNumber;
    const now = Date.now();
    await webhook(sandboxTrackingPayload(awb, 'out_for_delivery', null, new Date(now - 60_000)));
    await webhook(sandboxTrackingPayload(awb, 'in_transit', 'Lucknow hub', new Date(now - 3_600_000)));
    const events = await t.db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, order._id));
    expect(events.map((e) => [e.status, e.applied]).sort()).toEqual([
      ['in_transit', false],
      ['out_for_delivery', true],
    ]);
    expect((await orderRow(order._id)).trackingStatus).toBe('out_for_delivery');
    // A lower rank with a later time is late news too (the courier's clock is not to be trusted).
    await webhook({ ...sandboxTrackingPayload(awb, 'in_transit', null, new Date(now)), current_status: 'SHIPPED' });
    expect((await orderRow(order._id)).trackingStatus).toBe('out_for_delivery');
  });

  it('a failed delivery records the reason and tells it; delivered marks a COD order delivered and paid', async () => {
    const { order } = await booked();
    const awb = order.shipment!.trackingNumber;
    const now = Date.now();
    await webhook(sandboxTrackingPayload(awb, 'delivery_failed', 'Customer not available', new Date(now - 60_000)));
    expect(await orderRow(order._id)).toMatchObject({
      trackingStatus: 'delivery_failed',
      trackingNote: 'Customer not available',
    });
    const failed = await messagesAbout(order._id, 'order_delivery_failed');
    expect(failed.find((m) => m.channel === 'sms')!.text).toContain('Customer not available');
    const delivered = sandboxTrackingPayload(awb, 'delivered', null, new Date(now));
    await webhook(delivered);
    await webhook(delivered);
    expect(await orderRow(order._id)).toMatchObject({ isDelivered: true, isPaid: true, trackingStatus: 'delivered' });
    expect(await messagesAbout(order._id, 'order_delivered')).toHaveLength(2);
  });

  it('returned to origin puts the stock back, cancels with a credit note, and tells the customer once', async () => {
    const { order, productId } = await booked(5, 2);
    expect(await stockOf(productId)).toBe(3);
    const body = sandboxTrackingPayload(order.shipment!.trackingNumber, 'returned', null, new Date());
    await webhook(body);
    await webhook(body);
    expect(await stockOf(productId)).toBe(5);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ isCancelled: true, trackingStatus: 'returned' });
    expect(parseDocumentSerial(row.creditNoteNumber!)).toMatchObject({ kind: 'credit-note' });
    expect((await messagesAbout(order._id, 'order_returned')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    // Nothing moves a returned parcel again.
    await webhook(sandboxTrackingPayload(order.shipment!.trackingNumber, 'delivered', null, new Date(Date.now() + 1000)));
    expect((await orderRow(order._id)).isDelivered).toBe(false);
  });

  it('the dev route sends a sandbox event through the webhook', async () => {
    const { order } = await booked();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/courier/events',
      payload: { orderId: order._id, status: 'in_transit', note: 'Kanpur hub' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'applied', payload: { awb: order.shipment!.trackingNumber } });
    expect(await orderRow(order._id)).toMatchObject({ trackingStatus: 'in_transit', trackingNote: 'Kanpur hub' });
    expect(formatTrackingTime(new Date('2026-11-26T06:30:00Z'))).toBe('26 11 2026 12:00:00');
  });
});
