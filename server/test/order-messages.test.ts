/**
 * Issue 29: the support desk sees an order's messages (its own news, its returns' news) with masked
 * recipients, and sends one again: a copy to the same recipient, queued as a new outbox row, recorded
 * in the audit log. Another order's message, a bad id and a role without the permission are refused
 * and change nothing.
 */
import type { AuditPage, Order, OrderMessage, OrderReturn, StaffRole } from '@rr/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, users } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let owner: string;
const team = {} as Record<'support' | 'packer' | 'catalog', { id: string; token: string }>;

async function staff(role: StaffRole) {
  const account = await make.customer(t, { name: `Staff ${role}` });
  await t.db.update(users).set({ role }).where(eq(users.id, account._id));
  return { id: account._id, token: (await signIn(t.app, { phone: account.phone, password: account.password })).token };
}

beforeAll(async () => {
  // The worker waits a minute between rounds: every message stays pending where the test looks.
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  owner = (await signIn(t.app, DEMO_ADMIN)).token;
  team.support = await staff('support');
  team.packer = await staff('orders');
  team.catalog = await staff('catalog');
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function placed() {
  const buyer = await make.customer(t, { name: 'Asha Verma' });
  const product = await make.product(t, { stock: 20, price: 500 });
  const res = await make.codOrder(t, buyer.token, product, 2);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), buyer, product };
}

const list = (token: string, orderId: string) => call(token, 'GET', `/api/orders/${orderId}/messages`);
const resend = (token: string, orderId: string, messageId: string) =>
  call(token, 'POST', `/api/orders/${orderId}/messages/${messageId}/resend`);

const outboxCount = async () => (await t.db.select({ n: count() }).from(outboxMessages))[0]!.n;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('an order’s messages', () => {
  it('lists the order’s own and its returns’ messages, newest first, recipients masked, none of other orders', async () => {
    const { order, buyer, product } = await placed();
    await placed();
    await call(owner, 'PUT', `/api/orders/${order._id}/ship`, { courier: 'India Post', trackingNumber: 'EE1IN' });
    await call(owner, 'PUT', `/api/orders/${order._id}/deliver`, { cashCollected: true });
    const ret = await call(buyer.token, 'POST', `/api/orders/${order._id}/returns`, {
      lines: [{ product, qty: 1 }],
      reason: 'Cracked',
      photos: ['/uploads/crack.jpg'],
    });
    expect(ret.statusCode, ret.body).toBe(201);

    const res = await list(team.support.token, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const messages = res.json<OrderMessage[]>();
    const kinds = new Set(messages.map((m) => m.kind));
    // The review request waits days after the delivery; it is the order's too.
    expect(kinds).toEqual(
      new Set(['order_placed', 'order_shipped', 'order_delivered', 'review_request', 'return_update']),
    );
    const times = messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const sms = messages.find((m) => m.kind === 'order_shipped' && m.channel === 'sms')!;
    expect(sms).toMatchObject({
      recipient: `XXXXXX${buyer.phone.slice(-4)}`,
      subject: '',
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
    const email = messages.find((m) => m.kind === 'order_shipped' && m.channel === 'email')!;
    expect(email.recipient).toBe(`c***@example.in`);
    expect(JSON.stringify(messages)).not.toContain(buyer.phone);
    expect(JSON.stringify(messages)).not.toContain(buyer.email);
    const stored = await t.db.select().from(outboxMessages);
    const ids = new Set(messages.map((m) => m._id));
    const ofThisOrder = stored.filter(
      (m) => m.idempotencyKey.includes(order._id) || m.idempotencyKey.includes(ret.json<OrderReturn>()._id),
    );
    expect(ofThisOrder.every((m) => ids.has(m.id))).toBe(true);
    expect(ids.size).toBe(ofThisOrder.length);
  });

  it('is read by every role that reads orders, and refused to customers and the catalog role', async () => {
    const { order, buyer } = await placed();
    expect((await list(team.packer.token, order._id)).statusCode).toBe(200);
    expect((await list(owner, order._id)).statusCode).toBe(200);
    const own = await list(buyer.token, order._id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('NOT_ADMIN');
    const catalog = await list(team.catalog.token, order._id);
    expect(catalog.statusCode).toBe(403);
    expect(catalog.json().code).toBe('ROLE_FORBIDS');
    expect((await t.app.inject({ url: `/api/orders/${order._id}/messages` })).statusCode).toBe(401);
  });

  it('answers 404 for a bad or unknown order id', async () => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await list(team.support.token, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('ORDER_NOT_FOUND');
    }
  });
});

describe('resending a message', () => {
  it('queues a copy to the same recipient (201 with the copy) and records order.message_resend', async () => {
    const { order, buyer } = await placed();
    const messages = (await list(team.support.token, order._id)).json<OrderMessage[]>();
    const original = messages.find((m) => m.channel === 'sms')!;
    const res = await resend(team.support.token, order._id, original._id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<OrderMessage>();
    expect(copy).toMatchObject({
      kind: original.kind,
      channel: 'sms',
      recipient: original.recipient,
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
    expect(copy._id).not.toBe(original._id);
    const [was] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, original._id));
    const [now] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, copy._id));
    expect(now).toMatchObject({
      recipient: buyer.phone,
      text: was!.text,
      html: was!.html,
      subject: was!.subject,
      template: was!.template,
      variables: was!.variables,
    });
    expect(now!.idempotencyKey.startsWith(`${was!.idempotencyKey}:resend:`)).toBe(true);
    // The copy is the order's too, and a copy of the copy keeps one suffix.
    const after = (await list(team.support.token, order._id)).json<OrderMessage[]>();
    expect(after.map((m) => m._id)).toContain(copy._id);
    expect(after).toHaveLength(messages.length + 1);
    const again = await resend(team.support.token, order._id, copy._id);
    const [twice] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, again.json<OrderMessage>()._id));
    expect(twice!.idempotencyKey.match(/:resend:/g)).toHaveLength(1);

    const audit = await call(owner, 'GET', `/api/admin/audit?entity=order&id=${order._id}`);
    const [newest, first] = audit.json<AuditPage>().entries;
    expect(first).toMatchObject({
      actor: { _id: team.support.id, role: 'support' },
      action: 'order.message_resend',
      entity: 'order',
      entityId: order._id,
      before: null,
      after: {
        message: copy._id,
        resendOf: original._id,
        kind: original.kind,
        channel: 'sms',
        recipient: original.recipient,
      },
    });
    expect(newest).toMatchObject({ action: 'order.message_resend', after: { resendOf: copy._id } });
  });

  it('refuses another order’s message, bad ids, and roles without the messages permission, changing nothing', async () => {
    const { order, buyer } = await placed();
    const other = await placed();
    const theirs = (await list(team.support.token, other.order._id)).json<OrderMessage[]>()[0]!;
    const mine = (await list(team.support.token, order._id)).json<OrderMessage[]>()[0]!;
    const messagesBefore = await outboxCount();
    const entriesBefore = await auditCount();

    const cross = await resend(team.support.token, order._id, theirs._id);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().code).toBe('MESSAGE_NOT_FOUND');
    const badMessage = await resend(team.support.token, order._id, 'nope');
    expect(badMessage.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    expect((await resend(team.support.token, order._id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const badOrder = await resend(team.support.token, 'nope', mine._id);
    expect(badOrder.statusCode).toBe(404);
    expect(badOrder.json().code).toBe('ORDER_NOT_FOUND');

    const packer = await resend(team.packer.token, order._id, mine._id);
    expect(packer.statusCode).toBe(403);
    expect(packer.json().code).toBe('ROLE_FORBIDS');
    expect((await resend(team.catalog.token, order._id, mine._id)).statusCode).toBe(403);
    const customer = await resend(buyer.token, order._id, mine._id);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().code).toBe('NOT_ADMIN');

    expect(await outboxCount()).toBe(messagesBefore);
    expect(await auditCount()).toBe(entriesBefore);
  });
});
