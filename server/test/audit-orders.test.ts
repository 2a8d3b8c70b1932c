/**
 * Issue 29: every order-side change staff make is an audit entry, written in the change's own
 * transaction: shipping, delivery, payment, cancelling a customer's order, refunds and their retries,
 * returns opened and moved, store credit granted. Each names who (as they were), from where, and the
 * fields that changed, before and after. A refused change leaves no entry; a customer's own changes
 * (cancelling, asking for a return, replying) leave none either.
 */
import type { AuditEntry, AuditPage, Order, OrderReturn, StaffRole } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayError,
  SandboxGateway,
  type GatewayRefund,
  type RefundRequest,
} from '../src/adapters/payments/index.ts';
import { auditLog, users } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

/** The sandbox gateway, failing refunds while told to. */
class FlakyGateway extends SandboxGateway {
  failRefunds = false;
  override async refund(input: RefundRequest): Promise<GatewayRefund> {
    if (this.failRefunds) throw new GatewayError('Razorpay unreachable: connect ECONNREFUSED');
    return super.refund(input);
  }
}

let t: TestApp;
let owner: string;
const gateway = new FlakyGateway('rzp_test_sandbox');
const LUCKNOW = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };
/** Where the staff's requests come from: each entry must name it. */
const DESK = '203.0.113.29';

interface Staff {
  id: string;
  name: string;
  role: StaffRole;
  token: string;
}
const team = {} as Record<'packer' | 'accounts' | 'manager' | 'support' | 'catalog', Staff>;

/** A customer made staff of `role` and signed in again. */
async function staff(role: StaffRole, name: string): Promise<Staff> {
  const account = await make.customer(t, { name });
  await t.db.update(users).set({ role }).where(eq(users.id, account._id));
  const { token } = await signIn(t.app, { phone: account.phone, password: account.password });
  return { id: account._id, name, role, token };
}

beforeAll(async () => {
  t = await createTestApp({ payments: gateway, env: { OUTBOX_POLL_MS: '60000' } });
  owner = (await signIn(t.app, DEMO_ADMIN)).token;
  team.packer = await staff('orders', 'Pooja Packer');
  team.accounts = await staff('accounts', 'Anil Accounts');
  team.manager = await staff('manager', 'Meera Manager');
  team.support = await staff('support', 'Sunil Support');
  team.catalog = await staff('catalog', 'Kavya Catalog');
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), remoteAddress: DESK, ...(payload ? { payload } : {}) });

/** The record's history, oldest first (the owner reads it). */
async function history(entity: 'order' | 'return' | 'user', id: string): Promise<AuditEntry[]> {
  const res = await call(owner, 'GET', `/api/admin/audit?entity=${entity}&id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>().entries.reverse();
}

/** The entry's who and where, as staff member `s` from the desk. */
const by = (s: Staff) => ({ actor: { _id: s.id, name: s.name, role: s.role }, address: DESK });

async function codOrder(qty = 2) {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 50, price: 1000, category: 'gems' });
  const res = await make.codOrder(t, buyer.token, product, qty, LUCKNOW);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), buyer, product };
}

async function paidOrder(qty = 2) {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 50, price: 1000, category: 'gems' });
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

const SHIPMENT = { courier: 'India Post', trackingNumber: 'EE123456789IN' };

/** Shipped and delivered by the owner (cash collected for COD): in the return window. */
async function delivered(orderId: string, cod: boolean) {
  expect((await call(owner, 'PUT', `/api/orders/${orderId}/ship`, SHIPMENT)).statusCode).toBe(200);
  const res = await call(owner, 'PUT', `/api/orders/${orderId}/deliver`, cod ? { cashCollected: true } : undefined);
  expect(res.statusCode, res.body).toBe(200);
}

const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('order changes by staff', () => {
  it('ship: the courier and AWB before and after; the same shipment again records nothing, a correction its change', async () => {
    const { order } = await codOrder();
    const res = await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, SHIPMENT);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await history('order', order._id);
    expect(entry).toMatchObject({
      ...by(team.packer),
      action: 'order.ship',
      entity: 'order',
      entityId: order._id,
      before: { isShipped: false, shippedAt: null, courier: null, trackingNumber: null },
      after: { isShipped: true, shippedAt: isoTime, ...SHIPMENT },
    });
    expect(Object.keys(entry!.after!).sort()).toEqual(['courier', 'isShipped', 'shippedAt', 'trackingNumber']);

    await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, SHIPMENT);
    expect(await history('order', order._id)).toHaveLength(1);
    await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, { ...SHIPMENT, trackingNumber: 'EE999' });
    const entries = await history('order', order._id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      action: 'order.ship',
      before: { trackingNumber: SHIPMENT.trackingNumber },
      after: { trackingNumber: 'EE999' },
    });
    expect(Object.keys(entries[1]!.after!)).toEqual(['trackingNumber']);
  });

  it('ship by booking the courier service is recorded too', async () => {
    const { order } = await codOrder();
    const res = await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await history('order', order._id);
    expect(entry).toMatchObject({
      ...by(team.packer),
      action: 'order.ship',
      after: { isShipped: true, courier: res.json<Order>().shipment!.courier },
    });
  });

  it('deliver with the cash collected, and pay: delivery and payment before and after', async () => {
    const { order } = await codOrder();
    await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, SHIPMENT);
    const res = await call(team.packer.token, 'PUT', `/api/orders/${order._id}/deliver`, { cashCollected: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await history('order', order._id))[1]).toMatchObject({
      ...by(team.packer),
      action: 'order.deliver',
      before: { isDelivered: false, deliveredAt: null, isPaid: false, paidAt: null },
      after: { isDelivered: true, deliveredAt: isoTime, isPaid: true, paidAt: isoTime },
    });

    const other = await codOrder();
    const paid = await call(team.accounts.token, 'PUT', `/api/orders/${other.order._id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [entry] = await history('order', other.order._id);
    expect(entry).toMatchObject({
      ...by(team.accounts),
      action: 'order.pay',
      before: { isPaid: false, paidAt: null },
      after: { isPaid: true, paidAt: isoTime },
    });
    expect(Object.keys(entry!.after!).sort()).toEqual(['isPaid', 'paidAt']);
  });

  it('a refused change leaves no entry: shipping or paying a cancelled order, delivering twice', async () => {
    const { order } = await codOrder();
    expect((await call(team.manager.token, 'PUT', `/api/orders/${order._id}/cancel`)).statusCode).toBe(200);
    const before = await history('order', order._id);
    expect(before.map((e) => e.action)).toEqual(['order.cancel']);
    const ship = await call(team.packer.token, 'PUT', `/api/orders/${order._id}/ship`, SHIPMENT);
    expect(ship.json().code).toBe('ORDER_CANCELLED');
    const pay = await call(team.accounts.token, 'PUT', `/api/orders/${order._id}/pay`);
    expect(pay.json().code).toBe('ORDER_CANCELLED');
    // A role without the permission is refused before anything is read.
    expect((await call(team.support.token, 'PUT', `/api/orders/${order._id}/cancel`)).statusCode).toBe(403);

    const done = await codOrder();
    await delivered(done.order._id, true);
    const count = (await history('order', done.order._id)).length;
    expect((await call(team.packer.token, 'PUT', `/api/orders/${done.order._id}/deliver`)).statusCode).toBe(400);
    expect(await history('order', order._id)).toEqual(before);
    expect(await history('order', done.order._id)).toHaveLength(count);
  });

  it('cancel by staff is recorded with the refund it asks for; the customer cancelling their own is not', async () => {
    const { order } = await paidOrder(1);
    const res = await call(team.manager.token, 'PUT', `/api/orders/${order._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await history('order', order._id);
    expect(entry).toMatchObject({
      ...by(team.manager),
      action: 'order.cancel',
      before: { isCancelled: false, cancelledAt: null, refundStatus: null, refundAmount: null },
      after: { isCancelled: true, cancelledAt: isoTime, refundStatus: 'pending', refundAmount: order.totalPrice },
    });

    const own = await codOrder(1);
    expect((await call(own.buyer.token, 'PUT', `/api/orders/${own.order._id}/cancel`)).statusCode).toBe(200);
    expect(await history('order', own.order._id)).toEqual([]);
  });
});

describe('refunds by staff', () => {
  it('a partial refund: what was refunded before and after, the amount, the way and the units', async () => {
    const { order } = await codOrder(2);
    await delivered(order._id, true);
    const line = { product: order.orderItems[0]!.product, qty: 1 };
    const res = await call(team.accounts.token, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [line],
      method: 'store_credit',
    });
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json<Order>().refunds![0]!;
    const entry = (await history('order', order._id)).at(-1);
    expect(entry).toMatchObject({
      ...by(team.accounts),
      action: 'order.refund',
      before: { refunded: 0 },
      after: {
        refunded: refund.amount,
        refundId: refund._id,
        amount: refund.amount,
        method: 'store_credit',
        gatewayAmount: 0,
        storeCreditAmount: refund.amount,
        lines: [{ lineNo: 0, qty: 1 }],
      },
    });
    const second = await call(team.accounts.token, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [line],
      method: 'store_credit',
    });
    expect((await history('order', order._id)).at(-1)).toMatchObject({
      before: { refunded: refund.amount },
      after: { refunded: second.json<Order>().refunds!.reduce((sum, r) => sum + r.amount, 0) },
    });
    // More units than are left: refused, no entry.
    const entries = (await history('order', order._id)).length;
    const refused = await call(team.accounts.token, 'POST', `/api/orders/${order._id}/refund`, {
      lines: [line],
      method: 'store_credit',
    });
    expect(refused.statusCode).toBe(409);
    expect(await history('order', order._id)).toHaveLength(entries);
  });

  it('retrying a cancelled order’s failed refund, and a failed partial refund, records order.refund_retry', async () => {
    const { order } = await paidOrder(1);
    gateway.failRefunds = true;
    await call(team.manager.token, 'PUT', `/api/orders/${order._id}/cancel`);
    gateway.failRefunds = false;
    const retried = await call(team.accounts.token, 'POST', `/api/orders/${order._id}/refund`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await history('order', order._id)).map((e) => e.action)).toEqual(['order.cancel', 'order.refund_retry']);
    expect((await history('order', order._id))[1]).toMatchObject({
      ...by(team.accounts),
      before: { refundStatus: 'failed' },
      after: { refundStatus: 'pending' },
    });
    // Nothing failed now: refused, no entry.
    expect((await call(team.accounts.token, 'POST', `/api/orders/${order._id}/refund`)).statusCode).toBe(409);
    expect(await history('order', order._id)).toHaveLength(2);

    const partial = await paidOrder(2);
    await delivered(partial.order._id, false);
    gateway.failRefunds = true;
    const made = await call(team.accounts.token, 'POST', `/api/orders/${partial.order._id}/refund`, {
      lines: [{ product: partial.order.orderItems[0]!.product, qty: 1 }],
    });
    gateway.failRefunds = false;
    const refund = made.json<Order>().refunds![0]!;
    expect(refund.status).toBe('failed');
    const url = `/api/orders/${partial.order._id}/refunds/${refund._id}/retry`;
    expect((await call(team.accounts.token, 'PUT', url)).statusCode).toBe(200);
    expect((await history('order', partial.order._id)).at(-1)).toMatchObject({
      ...by(team.accounts),
      action: 'order.refund_retry',
      before: { refundId: refund._id, status: 'failed', attempt: 1 },
      after: { refundId: refund._id, status: 'pending', attempt: 1, error: null },
    });
  });

  it('store credit granted: the balance before and after with the reason; a take-back below zero leaves none', async () => {
    const buyer = await make.customer(t);
    const url = `/api/admin/users/${buyer._id}/store-credit`;
    const res = await call(team.accounts.token, 'POST', url, { amount: 150.5, note: 'Sorry for the late parcel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await history('user', buyer._id)).toMatchObject([
      {
        ...by(team.accounts),
        action: 'user.store_credit',
        entity: 'user',
        entityId: buyer._id,
        before: { storeCredit: 0 },
        after: { storeCredit: 150.5, amount: 150.5, note: 'Sorry for the late parcel' },
      },
    ]);
    const short = await call(team.accounts.token, 'POST', url, { amount: -200, note: 'Too much' });
    expect(short.statusCode).toBe(409);
    expect(await history('user', buyer._id)).toHaveLength(1);
  });
});

describe('returns by staff', () => {
  // The customer sent their photo on WhatsApp; support attaches it.
  const ask = (product: string) => ({
    lines: [{ product, qty: 1 }],
    reason: 'Asked by phone: the bead is cracked',
    photos: ['/uploads/whatsapp-crack.jpg'],
  });

  it('support opens a return for the customer who asked by phone: the customer’s return, recorded as return.open', async () => {
    const { order, buyer, product } = await codOrder(2);
    await delivered(order._id, true);
    const res = await call(team.support.token, 'POST', `/api/orders/${order._id}/returns`, ask(product));
    expect(res.statusCode, res.body).toBe(201);
    const opened = res.json<OrderReturn>();
    expect(opened).toMatchObject({ order: order._id, status: 'requested', resolution: 'refund' });
    // The customer sees it as theirs and may answer it.
    const theirs = await call(buyer.token, 'GET', `/api/orders/${order._id}/returns`);
    expect(theirs.json<OrderReturn[]>().map((r) => r._id)).toEqual([opened._id]);
    expect(await history('return', opened._id)).toMatchObject([
      {
        ...by(team.support),
        action: 'return.open',
        entity: 'return',
        entityId: opened._id,
        before: null,
        after: {
          order: order._id,
          status: 'requested',
          resolution: 'refund',
          lines: [{ lineNo: 0, qty: 1 }],
          reason: 'Asked by phone: the bead is cracked',
        },
      },
    ]);
  });

  it('staff without returns.open are refused (403); the customer’s own request is unchanged and not recorded', async () => {
    const { order, buyer, product } = await codOrder(2);
    await delivered(order._id, true);
    for (const s of [team.packer, team.catalog, team.accounts]) {
      const res = await call(s.token, 'POST', `/api/orders/${order._id}/returns`, ask(product));
      expect(res.statusCode, `${s.role}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('ROLE_FORBIDS');
    }
    const stranger = await make.customer(t);
    expect((await call(stranger.token, 'POST', `/api/orders/${order._id}/returns`, ask(product))).statusCode).toBe(404);
    const own = await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, ask(product));
    expect(own.statusCode, own.body).toBe(201);
    expect(await history('return', own.json<OrderReturn>()._id)).toEqual([]);
    // Outside the window for staff too: 409, nothing recorded.
    const undelivered = await codOrder(1);
    const early = await call(
      team.support.token,
      'POST',
      `/api/orders/${undelivered.order._id}/returns`,
      ask(undelivered.product),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RETURN_NOT_ALLOWED');
  });

  it('moves by staff are return.<action> with the fields they changed; the customer’s reply is not recorded', async () => {
    const { order, buyer, product } = await codOrder(2);
    await delivered(order._id, true);
    const ret = (await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, ask(product))).json<OrderReturn>();
    const move = (s: string, body: object) => call(s, 'PUT', `/api/returns/${ret._id}`, body);

    expect(
      (await move(team.support.token, { action: 'more_info', note: 'A photo of the crack, please' })).statusCode,
    ).toBe(200);
    expect(
      (await move(buyer.token, { action: 'reply', note: 'Sent', photos: ['/uploads/crack.jpg'] })).statusCode,
    ).toBe(200);
    const approve = await move(team.manager.token, { action: 'approve', courier: 'Delhivery', trackingNumber: 'DL42' });
    expect(approve.statusCode, approve.body).toBe(200);
    // A move the state does not allow: refused, no entry.
    expect((await move(team.manager.token, { action: 'approve' })).statusCode).toBe(409);
    expect((await move(team.packer.token, { action: 'received' })).statusCode).toBe(200);
    const credit = await move(team.accounts.token, { action: 'credit' });
    expect(credit.statusCode, credit.body).toBe(200);

    const entries = await history('return', ret._id);
    expect(entries.map((e) => e.action)).toEqual([
      'return.more_info',
      'return.approve',
      'return.received',
      'return.credit',
    ]);
    expect(entries[0]).toMatchObject({
      ...by(team.support),
      before: { status: 'requested', ownerNote: null },
      after: { status: 'more_info', ownerNote: 'A photo of the crack, please' },
    });
    expect(entries[1]).toMatchObject({
      ...by(team.manager),
      before: { status: 'requested', pickupCourier: null, pickupAwb: null },
      after: { status: 'approved', pickupCourier: 'Delhivery', pickupAwb: 'DL42' },
    });
    expect(entries[2]).toMatchObject({
      ...by(team.packer),
      before: { status: 'approved' },
      after: { status: 'received' },
    });
    expect(entries[3]).toMatchObject({
      ...by(team.accounts),
      before: { status: 'received', refundId: null, closedAt: null },
      after: { status: 'credited', refundId: credit.json<OrderReturn>().refund, closedAt: isoTime },
    });
  });
});

describe('the log', () => {
  it('stays one intact chain after all of the above, and every entry names its staff member', async () => {
    const verify = await call(owner, 'GET', '/api/admin/audit/verify');
    expect(verify.json()).toMatchObject({ intact: true });
    const rows = await t.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.every((r) => r.actorId !== null && r.address === DESK)).toBe(true);
  });
});
