/**
 * Issue 28: a delivered order's customer is asked, REVIEW_REQUEST_DAYS later, to review what they bought:
 * one message a channel, written with the delivery and sent only when due, written once however often
 * the delivery is told, and linking to each product's review form.
 */
import { REVIEW_REQUEST_DAYS, shortOrderNumber, type Order } from '@rr/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COURIER_WEBHOOK_TOKEN, sandboxTrackingPayload } from '../src/adapters/courier/index.ts';
import { outboxMessages, users } from '../src/db/schema/index.ts';
import { claimDueMessage } from '../src/modules/messages/outbox.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const asAdmin = (method: 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

/** A Cash on Delivery order of these products (one unit each) by a new customer, opted in to WhatsApp. */
async function order(productIds: string[], { whatsapp = true } = {}) {
  const buyer = await make.customer(t, { name: 'Meera Iyer' });
  if (whatsapp) await t.db.update(users).set({ whatsappOptInAt: new Date() }).where(eq(users.id, buyer._id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    payload: {
      orderItems: productIds.map((product) => ({ product, qty: 1 })),
      shippingAddress: make.ADDRESS,
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { placed: res.json<Order>(), buyer };
}

const requestsFor = (orderId: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, 'review_request'),
        sql`${outboxMessages.idempotencyKey} like ${`review_request:${orderId}:%`}`,
      ),
    );

const link = (productId: string) => `${t.config.publicUrl}/product/${productId}?review=1#write-review`;

describe('review requests', () => {
  it('a hand delivery writes one request a channel, due REVIEW_REQUEST_DAYS later, linking to the review form', async () => {
    const rudraksha = await make.product(t, { name: 'Nepal Five Mukhi Rudraksha Bead of 22 mm' });
    const mala = await make.product(t, { name: 'Tulsi Japa Mala of 108 Beads with Guru Bead' });
    const { placed, buyer } = await order([rudraksha, mala]);
    const before = Date.now();
    const res = await asAdmin('PUT', `/api/orders/${placed._id}/deliver`);
    expect(res.statusCode, res.body).toBe(200);
    const deliveredAt = new Date(res.json<Order>().deliveredAt!).getTime();
    expect(deliveredAt).toBeGreaterThanOrEqual(before - 1000);

    const messages = await requestsFor(placed._id);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    for (const m of messages) {
      expect(m.status).toBe('pending');
      expect(Math.abs(m.nextAttemptAt.getTime() - (deliveredAt + REVIEW_REQUEST_DAYS * DAY_MS))).toBeLessThan(2000);
    }
    const number = shortOrderNumber(placed._id);
    // The SMS and WhatsApp ask about the order's first line; the e-mail about every product.
    const first = placed.orderItems[0]!.product === mala ? mala : rudraksha;
    const firstName = placed.orderItems[0]!.name;
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.recipient).toBe(buyer.phone);
    // DLT: the product's name clipped to 30 characters, the order number, the first product's link.
    expect(sms.variables).toEqual([`${firstName.slice(0, 29)}…`, number, link(first)]);
    expect(sms.text).toContain(link(first));
    const whatsapp = messages.find((m) => m.channel === 'whatsapp')!;
    expect(whatsapp.template).toBe('rr_review_request');
    expect(whatsapp.variables).toEqual(['Meera', firstName, number, link(first)]);
    // The e-mail asks for each product, each with its own link.
    const email = messages.find((m) => m.channel === 'email')!;
    expect(email.recipient).toBe(buyer.email);
    expect(email.text).toContain(`Nepal Five Mukhi Rudraksha Bead of 22 mm: ${link(rudraksha)}`);
    expect(email.text).toContain(`Tulsi Japa Mala of 108 Beads with Guru Bead: ${link(mala)}`);
    expect(email.html).toContain(`<a href="${link(mala)}">Write a review</a>`);
  });

  it('is not sent before it is due: the worker claims it only once its time has come', async () => {
    const { placed } = await order([await make.product(t)]);
    await asAdmin('PUT', `/api/orders/${placed._id}/deliver`);
    // Everything else is out of the way: what is left pending is not due for days.
    await t.db.update(outboxMessages).set({ status: 'sent' }).where(ne(outboxMessages.kind, 'review_request'));
    expect(await claimDueMessage(t.db, 30_000)).toBeNull();
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(sql`${outboxMessages.idempotencyKey} = ${`review_request:${placed._id}:sms`}`);
    expect(await claimDueMessage(t.db, 30_000)).toMatchObject({ kind: 'review_request', channel: 'sms' });
  });

  it('delivering twice asks once; no e-mail for a customer who switched order e-mails off, no WhatsApp without opt-in', async () => {
    const { placed, buyer } = await order([await make.product(t)], { whatsapp: false });
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(buyer.token),
      payload: { orderEmails: false },
    });
    expect((await asAdmin('PUT', `/api/orders/${placed._id}/deliver`)).statusCode).toBe(200);
    expect((await asAdmin('PUT', `/api/orders/${placed._id}/deliver`)).json()).toMatchObject({
      code: 'ORDER_DELIVERED',
    });
    expect((await requestsFor(placed._id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it("a courier's delivered event, replayed, asks once, due from the time the courier delivered", async () => {
    const { placed } = await order([await make.product(t)]);
    const shipped = await asAdmin('PUT', `/api/orders/${placed._id}/ship`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const awb = shipped.json<Order>().shipment!.trackingNumber;
    const at = new Date(Date.now() - DAY_MS);
    const delivered = JSON.stringify(sandboxTrackingPayload(awb, 'delivered', null, at));
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/shiprocket',
        headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_COURIER_WEBHOOK_TOKEN },
        payload: delivered,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const messages = await requestsFor(placed._id);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    // The tracking time is kept to the second.
    for (const m of messages)
      expect(Math.abs(m.nextAttemptAt.getTime() - (at.getTime() + REVIEW_REQUEST_DAYS * DAY_MS))).toBeLessThan(2000);
  });

  it('leaves out products the customer has reviewed already, and asks nothing when all are', async () => {
    const reviewedOne = await make.product(t, { name: 'Red Coral' });
    const other = await make.product(t, { name: 'Pearl' });
    const { placed, buyer } = await order([reviewedOne, other]);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${reviewedOne}/reviews`,
      headers: bearer(buyer.token),
      payload: { rating: 5, comment: 'Lovely colour.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    await asAdmin('PUT', `/api/orders/${placed._id}/deliver`);
    const messages = await requestsFor(placed._id);
    expect(messages.find((m) => m.channel === 'sms')!.variables).toEqual([
      'Pearl',
      shortOrderNumber(placed._id),
      link(other),
    ]);
    expect(messages.find((m) => m.channel === 'email')!.text).not.toContain(reviewedOne);

    const { placed: second, buyer: again } = await order([reviewedOne]);
    await t.app.inject({
      method: 'POST',
      url: `/api/products/${reviewedOne}/reviews`,
      headers: bearer(again.token),
      payload: { rating: 4, comment: 'Good.' },
    });
    await asAdmin('PUT', `/api/orders/${second._id}/deliver`);
    expect(await requestsFor(second._id)).toEqual([]);
  });
});
