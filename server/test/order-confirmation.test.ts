import { ORDER_CONFIRM_MINUTES, order as orderSchema, type Order } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmations, orderStateCounts, orders, products, stockLedger, users } from '../src/db/schema/index.ts';
import { cancelUnconfirmedOrders } from '../src/modules/checkout/index.ts';
import { ledgerDisagreements } from '../src/modules/stock/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const unproven = () => make.customer(t, {}, { phoneProven: false });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;

/** The latest code the sandbox SMS sent to this phone. */
async function codeSentTo(phone: string): Promise<{ code: string; text: string } | undefined> {
  const res = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return res
    .json<{ messages: Array<{ code: string; text: string; kind: string }> }>()
    .messages.find((m) => m.kind === 'otp');
}
const toShipIds = async () =>
  (await t.app.inject({ url: '/api/orders?status=to_ship&limit=100', headers: bearer(adminToken) }))
    .json<Order[]>()
    .map((o) => o._id);
const awaitingCount = async () =>
  (await t.db.select().from(orderStateCounts).where(eq(orderStateCounts.state, 'awaiting')))[0]!.n;

describe('a Cash on Delivery order from an unproven phone', () => {
  it('waits for the code sent by SMS, out of the packing list, and answers the SPEC order shape', async () => {
    const buyer = await unproven();
    const bead = await make.product(t, { stock: 10 });
    const before = await awaitingCount();
    const res = await make.codOrder(t, buyer.token, bead, 2);
    expect(res.statusCode).toBe(201);
    const placed = orderSchema.parse(res.json());
    const waitMs = new Date(placed.confirmBy!).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan((ORDER_CONFIRM_MINUTES - 1) * 60_000);
    expect(waitMs).toBeLessThanOrEqual(ORDER_CONFIRM_MINUTES * 60_000);
    expect(placed).toMatchObject({ status: 'placed', isCancelled: false, isPaid: false });
    expect(await stockOf(bead)).toBe(8);
    expect((await codeSentTo(buyer.phone))?.text).toMatch(/confirm your Cash on Delivery order/);

    expect(await toShipIds()).not.toContain(placed._id);
    expect(await awaitingCount()).toBe(before + 1);
    const mine = (await t.app.inject({ url: `/api/orders/${placed._id}`, headers: bearer(buyer.token) })).json<Order>();
    expect(mine.confirmBy).toBe(placed.confirmBy);
  });

  it('is confirmed by the right code, which proves the phone; a wrong code uses up a try', async () => {
    const buyer = await unproven();
    const bead = await make.product(t, { stock: 10 });
    const placed = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    const { code } = (await codeSentTo(buyer.phone))!;

    const wrong = await post(`/api/orders/${placed._id}/confirm`, buyer.token, {
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });
    const [tried] = await t.db.select().from(orderConfirmations).where(eq(orderConfirmations.orderId, placed._id));
    expect(tried!.attempts).toBe(1);

    const someoneElse = await make.customer(t);
    expect((await post(`/api/orders/${placed._id}/confirm`, someoneElse.token, { code })).statusCode).toBe(404);

    const right = await post(`/api/orders/${placed._id}/confirm`, buyer.token, { code });
    expect(right.statusCode).toBe(200);
    expect(right.json<Order>().confirmBy).toBeNull();
    expect(await toShipIds()).toContain(placed._id);
    const [account] = await t.db.select().from(users).where(eq(users.id, buyer._id));
    expect(account!.phoneVerifiedAt).not.toBeNull();
    // The same code again finds the order confirmed, and answers it.
    expect((await post(`/api/orders/${placed._id}/confirm`, buyer.token, { code })).statusCode).toBe(200);

    // A proven phone's next order is as before: no wait, no code.
    const next = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    expect(next.confirmBy).toBeNull();
    expect(await toShipIds()).toContain(next._id);
  });

  it('is confirmed by an admin who ships it (the shop checked with the customer), and then never cancels itself', async () => {
    const buyer = await unproven();
    const bead = await make.product(t, { stock: 5 });
    const placed = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed._id}/ship`,
      headers: bearer(adminToken),
      payload: { courier: 'Delhivery', trackingNumber: '1234567890123' },
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<Order>()).toMatchObject({ confirmBy: null, status: 'shipped' });
    // Its code is no longer asked for (the hashed code row stays, unread, and goes with the order).
    expect((await t.db.select().from(orders).where(eq(orders.id, placed._id)))[0]!.confirmBy).toBeNull();
    await cancelUnconfirmedOrders(t.db, new Date(Date.now() + (ORDER_CONFIRM_MINUTES + 1) * 60_000));
    expect((await t.db.select().from(orders).where(eq(orders.id, placed._id)))[0]!.isCancelled).toBe(false);
    expect(await stockOf(bead)).toBe(4);
  });

  it('takes no order from a proven customer into the wait', async () => {
    const buyer = await make.customer(t);
    const bead = await make.product(t, { stock: 4 });
    const placed = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    expect(placed.confirmBy).toBeNull();
    expect(await codeSentTo(buyer.phone)).toBeUndefined();
    expect(await toShipIds()).toContain(placed._id);
  });

  it('cancels itself after 30 minutes, its stock back through the ledger, and then takes no code', async () => {
    const buyer = await unproven();
    const bead = await make.product(t, { stock: 6 });
    const placed = (await make.codOrder(t, buyer.token, bead, 3)).json<Order>();
    const { code } = (await codeSentTo(buyer.phone))!;
    expect(await stockOf(bead)).toBe(3);

    const cancelled = async () => (await t.db.select().from(orders).where(eq(orders.id, placed._id)))[0]!.isCancelled;
    await cancelUnconfirmedOrders(t.db, new Date(Date.now() + (ORDER_CONFIRM_MINUTES - 1) * 60_000));
    expect(await cancelled()).toBe(false);
    expect(await stockOf(bead)).toBe(3);
    expect(
      await cancelUnconfirmedOrders(t.db, new Date(Date.now() + (ORDER_CONFIRM_MINUTES + 1) * 60_000)),
    ).toBeGreaterThan(0);
    expect(await cancelled()).toBe(true);
    expect(await stockOf(bead)).toBe(6);
    const returned = await t.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, bead), eq(stockLedger.reference, placed._id)));
    expect(returned.map((e) => [e.reason, e.before, e.after])).toContainEqual(['unconfirmed', 3, 6]);
    expect(await ledgerDisagreements(t.db)).toEqual([]);

    const late = await post(`/api/orders/${placed._id}/confirm`, buyer.token, { code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ORDER_CANCELLED', message: expect.stringMatching(/not confirmed/) });
    expect(await stockOf(bead)).toBe(6);
  });

  it('sends a new code at most once a minute and a few times an order; the old code stops working', async () => {
    const buyer = await unproven();
    const bead = await make.product(t, { stock: 10 });
    const placed = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    const first = (await codeSentTo(buyer.phone))!.code;
    const soon = await post(`/api/orders/${placed._id}/confirmation-code`, buyer.token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('CODE_RESEND_WAIT');

    const aMinuteAgo = new Date(Date.now() - 61_000);
    await t.db.update(orderConfirmations).set({ sentAt: aMinuteAgo }).where(eq(orderConfirmations.orderId, placed._id));
    expect((await post(`/api/orders/${placed._id}/confirmation-code`, buyer.token)).statusCode).toBe(200);
    const second = (await codeSentTo(buyer.phone))!.code;
    if (second !== first) {
      const stale = await post(`/api/orders/${placed._id}/confirm`, buyer.token, { code: first });
      expect(stale.json().code).toBe('WRONG_CODE');
    }

    await t.db
      .update(orderConfirmations)
      .set({ sentAt: aMinuteAgo, sends: 5 })
      .where(eq(orderConfirmations.orderId, placed._id));
    const spent = await post(`/api/orders/${placed._id}/confirmation-code`, buyer.token);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().code).toBe('CODE_HOURLY_LIMIT');
    expect((await post(`/api/orders/${placed._id}/confirm`, buyer.token, { code: second })).statusCode).toBe(200);
    const again = await post(`/api/orders/${placed._id}/confirmation-code`, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_AWAITING');
  });
});

describe('the share of a product unconfirmed orders may hold', () => {
  it('is at most half of its stock; proven customers still buy the rest', async () => {
    const bead = await make.product(t, { stock: 10 });
    expect((await make.codOrder(t, (await unproven()).token, bead, 3)).statusCode).toBe(201);
    expect((await make.codOrder(t, (await unproven()).token, bead, 2)).statusCode).toBe(201);
    const over = await make.codOrder(t, (await unproven()).token, bead, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'UNCONFIRMED_SHARE', message: expect.stringMatching(/confirmed/) });
    expect(await stockOf(bead)).toBe(5);
    expect((await make.codOrder(t, (await make.customer(t)).token, bead, 5)).statusCode).toBe(201);
    expect(await stockOf(bead)).toBe(0);
  });

  it("sends the refusal's figures and the product's names for a Hindi page: how many are left to order, or none", async () => {
    const name = `Neelam ${Math.random()}`;
    const bead = await make.product(t, { name, stock: 10, columns: { nameHi: 'नीलम' } });
    expect((await make.codOrder(t, (await unproven()).token, bead, 3)).statusCode).toBe(201);
    const some = await make.codOrder(t, (await unproven()).token, bead, 4);
    expect(some.statusCode).toBe(409);
    expect(some.json()).toEqual({
      code: 'UNCONFIRMED_SHARE',
      message: `Only 2 of ${name} can be ordered with Cash on Delivery before your phone is confirmed. Please order fewer, or pay online.`,
      details: { reason: 'onlyRoom', count: 2, product: name, productHi: 'नीलम' },
    });
    expect((await make.codOrder(t, (await unproven()).token, bead, 2)).statusCode).toBe(201);
    const none = await make.codOrder(t, (await unproven()).token, bead, 1);
    expect(none.json().details).toEqual({ reason: 'noRoom', count: 0, product: name, productHi: 'नीलम' });
    const plain = await make.product(t, { stock: 2 });
    const plainNone = await make.codOrder(t, (await unproven()).token, plain, 2);
    expect(plainNone.json().details).not.toHaveProperty('productHi');
  });

  it('holds when unproven customers order at the same moment', async () => {
    const bead = await make.product(t, { stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => unproven()));
    const replies = await Promise.all(buyers.map((b) => make.codOrder(t, b.token, bead, 2)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await stockOf(bead)).toBe(6);
  });
});
