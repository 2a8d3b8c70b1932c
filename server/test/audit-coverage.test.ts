/**
 * Issue 29: every staff change is in the audit log (decision 0044). The route table is walked as the
 * authorisation matrix walks it: every route that changes data (POST, PUT, PATCH, DELETE) has a case
 * here, or is exempt with its reason (public and customer routes, webhooks, development outboxes). A
 * case makes a real change as a staff member and then finds the new entry with the expected action,
 * actor and record (docs: /work/helpers/audit-actions.md). A new staff route without a case fails.
 */
import type { Order, StaffRole } from '@rr/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayError,
  SandboxGateway,
  type GatewayRefund,
  type RefundRequest,
} from '../src/adapters/payments/index.ts';
import { auditLog, users } from '../src/db/schema/index.ts';
import { bearer, createTestApp, signIn, DEMO_ADMIN, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

/** The sandbox gateway, failing refunds while told to: for the retries. */
class FailingGateway extends SandboxGateway {
  failRefunds = false;
  override async refund(input: RefundRequest): Promise<GatewayRefund> {
    if (this.failRefunds) throw new GatewayError('Razorpay unreachable: connect ECONNREFUSED');
    return super.refund(input);
  }
}

const gateway = new FailingGateway('rzp_test_sandbox');
let t: TestApp;
/** The demo owner, who prepares what a case needs (its own entries are not looked at). */
let setup: string;
let staff: Record<StaffRole, make.Customer>;
let routes: string[];

interface Case {
  /** Who makes the change: the role the change is that role's job, as a rule. */
  as: StaffRole;
  /** Makes what the change needs; the request, and the record the entry must name. */
  prepare: () => Promise<{ request: InjectOptions; entityId?: string }>;
  action: string;
  /** The record's id when the answer gives it (a created record): read from the answer. */
  entityIdOf?: (res: LightMyRequestResponse) => string;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'coverage-boundary';
const multipart = (field: string, filename: string, type: string, bytes: Buffer) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
});

const asSetup = async (method: InjectOptions['method'], url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: bearer(setup), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};
const idOf = (res: LightMyRequestResponse) => res.json<{ _id: string }>()._id;

/** A Cash on Delivery order of a new customer's (each its own, under the open-order limit). */
async function codOrder(): Promise<string> {
  const buyer = await make.customer(t);
  const res = await make.codOrder(t, buyer.token, await make.product(t, { stock: 20, category: 'gems' }));
  expect(res.statusCode, res.body).toBe(201);
  return idOf(res);
}
const shipped = async (id?: string) => {
  const order = id ?? (await codOrder());
  await asSetup('PUT', `/api/orders/${order}/ship`, { courier: 'India Post', trackingNumber: 'EE123456789IN' });
  return order;
};
const delivered = async () => {
  const order = await shipped();
  await asSetup('PUT', `/api/orders/${order}/deliver`, { cashCollected: true });
  return order;
};
const productOf = async (orderId: string) =>
  (await asSetup('GET', `/api/orders/${orderId}`)).json<Order>().orderItems[0]!.product;

/** An order paid online by a new customer. */
async function paidOrder(): Promise<string> {
  const buyer = await make.customer(t);
  const { payment } = await make.paidHold(t, buyer.token, await make.product(t, { stock: 20, category: 'gems' }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    payload: {
      orderItems: [{ product: 'ignored', qty: 1 }],
      shippingAddress: make.ADDRESS,
      paymentMethod: 'Razorpay',
      ...payment,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return idOf(res);
}

/** Runs `work` with the gateway refusing refunds. */
async function whileRefundsFail<T>(work: () => Promise<T>): Promise<T> {
  gateway.failRefunds = true;
  try {
    return await work();
  } finally {
    gateway.failRefunds = false;
  }
}

/** A delivered order of a customer's with an open return (asked for by the customer). */
async function openReturn(): Promise<{ orderId: string; returnId: string }> {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 20, category: 'gems' });
  const placed = await make.codOrder(t, buyer.token, product);
  const orderId = idOf(placed);
  await shipped(orderId);
  await asSetup('PUT', `/api/orders/${orderId}/deliver`, { cashCollected: true });
  const opened = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers: bearer(buyer.token),
    payload: { lines: [{ product, qty: 1 }], reason: 'Cracked', photos: ['/uploads/coverage.png'] },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { orderId, returnId: idOf(opened) };
}

const productBody = {
  name: 'Coverage Bead',
  price: 100,
  mrp: 500,
  image: '/images/placeholder-product.svg',
  brand: 'Test',
  category: 'rudraksha',
  description: 'A bead for the audit coverage.',
  countInStock: 5,
};

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

const request = (method: InjectOptions['method'], url: string, payload?: object | string | Buffer) =>
  ({ method, url, ...(payload === undefined ? {} : { payload }) }) as InjectOptions;

/** One case per staff route that changes data (a second case of a route after a space, in brackets). */
const CASES: Record<string, Case> = {
  // Catalog
  'POST /api/products': {
    as: 'catalog',
    action: 'product.create',
    prepare: async () => ({ request: request('POST', '/api/products') }),
    entityIdOf: idOf,
  },
  'PUT /api/products/:id': {
    as: 'catalog',
    action: 'product.update',
    prepare: async () => {
      const id = await make.product(t);
      return { request: request('PUT', `/api/products/${id}`, productBody), entityId: id };
    },
  },
  'DELETE /api/products/:id': {
    as: 'catalog',
    action: 'product.delete',
    prepare: async () => {
      const id = await make.product(t);
      return { request: request('DELETE', `/api/products/${id}`), entityId: id };
    },
  },
  'PUT /api/categories/:slug': {
    as: 'catalog',
    action: 'category.update',
    prepare: async () => {
      const categories = (await asSetup('GET', '/api/categories')).json<Array<{ slug: string; hsnCode: string }>>();
      const mala = categories.find((c) => c.slug === 'mala')!;
      const hsnCode = mala.hsnCode === '7117' ? '7116' : '7117';
      return { request: request('PUT', '/api/categories/mala', { hsnCode }), entityId: 'mala' };
    },
  },
  'POST /api/admin/search-synonyms': {
    as: 'catalog',
    action: 'synonym.create',
    prepare: async () => ({
      request: request('POST', '/api/admin/search-synonyms', { term: `term ${unique()}`, canonical: 'ruby' }),
    }),
    entityIdOf: idOf,
  },
  'DELETE /api/admin/search-synonyms/:id': {
    as: 'catalog',
    action: 'synonym.delete',
    prepare: async () => {
      const id = idOf(
        await asSetup('POST', '/api/admin/search-synonyms', { term: `gone ${unique()}`, canonical: 'ruby' }),
      );
      return { request: request('DELETE', `/api/admin/search-synonyms/${id}`), entityId: id };
    },
  },
  'POST /api/upload': {
    as: 'catalog',
    action: 'upload.image',
    prepare: async () => ({
      request: { method: 'POST', url: '/api/upload', ...multipart('image', 'a.png', 'image/png', PNG) },
    }),
    entityIdOf: (res) => res.json<{ image: string }>().image,
  },
  'POST /api/upload/certificate': {
    as: 'catalog',
    action: 'upload.certificate',
    prepare: async () => ({
      request: {
        method: 'POST',
        url: '/api/upload/certificate',
        ...multipart('certificate', 'c.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')),
      },
    }),
    entityIdOf: (res) => res.json<{ certificateFile: string }>().certificateFile,
  },
  'POST /api/admin/catalog/import': {
    as: 'catalog',
    action: 'catalog_import.apply',
    prepare: async () => {
      const id = await make.product(t, { stock: 3 });
      const csv = `id,stock\r\n${id},7`;
      const preview = await t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/import/preview',
        headers: { ...bearer(setup), 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const plan = preview.json<{ plan: string }>().plan;
      return {
        request: {
          method: 'POST',
          url: `/api/admin/catalog/import?plan=${plan}`,
          headers: { 'content-type': 'text/csv' },
          payload: csv,
        },
        entityId: plan,
      };
    },
  },

  // Offers
  'POST /api/admin/coupons': {
    as: 'manager',
    action: 'coupon.create',
    prepare: async () => ({
      request: request('POST', '/api/admin/coupons', { code: `AUDIT${unique()}`.toUpperCase(), percentOff: 10 }),
    }),
    entityIdOf: idOf,
  },
  'PUT /api/admin/coupons/:id': {
    as: 'manager',
    action: 'coupon.update',
    prepare: async () => {
      const id = idOf(
        await asSetup('POST', '/api/admin/coupons', { code: `AU${unique()}`.toUpperCase(), percentOff: 5 }),
      );
      return { request: request('PUT', `/api/admin/coupons/${id}`, { percentOff: 12 }), entityId: id };
    },
  },
  'DELETE /api/admin/coupons/:id': {
    as: 'manager',
    action: 'coupon.delete',
    prepare: async () => {
      const id = idOf(
        await asSetup('POST', '/api/admin/coupons', { code: `AD${unique()}`.toUpperCase(), amountOff: 5 }),
      );
      return { request: request('DELETE', `/api/admin/coupons/${id}`), entityId: id };
    },
  },
  'POST /api/admin/sales': {
    as: 'manager',
    action: 'sale.create',
    prepare: async () => ({ request: request('POST', '/api/admin/sales', pastSale()) }),
    entityIdOf: idOf,
  },
  'PUT /api/admin/sales/:id': {
    as: 'manager',
    action: 'sale.update',
    prepare: async () => {
      const id = idOf(await asSetup('POST', '/api/admin/sales', pastSale()));
      return { request: request('PUT', `/api/admin/sales/${id}`, { percentOff: 12 }), entityId: id };
    },
  },
  'DELETE /api/admin/sales/:id': {
    as: 'manager',
    action: 'sale.delete',
    prepare: async () => {
      const id = idOf(await asSetup('POST', '/api/admin/sales', pastSale()));
      return { request: request('DELETE', `/api/admin/sales/${id}`), entityId: id };
    },
  },

  // Settings (the owner's)
  'PUT /api/admin/settings/low-stock': {
    as: 'owner',
    action: 'settings.low_stock',
    prepare: async () => ({
      request: request('PUT', '/api/admin/settings/low-stock', { lowStockThreshold: 3 + (serial++ % 5) }),
      entityId: 'low-stock',
    }),
  },
  'PUT /api/admin/shipping': {
    as: 'owner',
    action: 'settings.shipping',
    prepare: async () => ({
      request: request('PUT', '/api/admin/shipping', { cutoffTime: `1${serial++ % 9}:00` }),
      entityId: 'shipping',
    }),
  },

  // Orders
  'PUT /api/orders/:id/ship': {
    as: 'orders',
    action: 'order.ship',
    prepare: async () => {
      const id = await codOrder();
      const payload = { courier: 'Delhivery', trackingNumber: '1234567890123' };
      return { request: request('PUT', `/api/orders/${id}/ship`, payload), entityId: id };
    },
  },
  'PUT /api/orders/:id/deliver': {
    as: 'orders',
    action: 'order.deliver',
    prepare: async () => {
      const id = await shipped();
      return { request: request('PUT', `/api/orders/${id}/deliver`, { cashCollected: true }), entityId: id };
    },
  },
  'PUT /api/orders/:id/pay': {
    as: 'accounts',
    action: 'order.pay',
    prepare: async () => {
      const id = await shipped();
      return { request: request('PUT', `/api/orders/${id}/pay`), entityId: id };
    },
  },
  'PUT /api/orders/:id/cancel': {
    as: 'manager',
    action: 'order.cancel',
    prepare: async () => {
      const id = await codOrder();
      return { request: request('PUT', `/api/orders/${id}/cancel`), entityId: id };
    },
  },
  'POST /api/orders/:id/refund (lines of a delivered order)': {
    as: 'accounts',
    action: 'order.refund',
    prepare: async () => {
      const id = await delivered();
      const payload = { lines: [{ product: await productOf(id), qty: 1 }], method: 'store_credit' };
      return { request: request('POST', `/api/orders/${id}/refund`, payload), entityId: id };
    },
  },
  'POST /api/orders/:id/refund (the retry of a failed refund)': {
    as: 'accounts',
    action: 'order.refund_retry',
    prepare: async () => {
      const id = await paidOrder();
      const cancelled = await whileRefundsFail(() => asSetup('PUT', `/api/orders/${id}/cancel`));
      expect(cancelled.json<Order>().refund).toMatchObject({ status: 'failed' });
      return { request: request('POST', `/api/orders/${id}/refund`), entityId: id };
    },
  },
  'PUT /api/orders/:id/refunds/:refundId/retry': {
    as: 'accounts',
    action: 'order.refund_retry',
    prepare: async () => {
      const id = await paidOrder();
      await shipped(id);
      await asSetup('PUT', `/api/orders/${id}/deliver`);
      const payload = { lines: [{ product: await productOf(id), qty: 1 }], method: 'gateway' };
      const refunded = await whileRefundsFail(() => asSetup('POST', `/api/orders/${id}/refund`, payload));
      const refund = refunded.json<Order>().refunds[0]!;
      expect(refund).toMatchObject({ status: 'failed' });
      return { request: request('PUT', `/api/orders/${id}/refunds/${refund._id}/retry`), entityId: id };
    },
  },

  'POST /api/orders/:id/messages/:messageId/resend': {
    as: 'support',
    action: 'order.message_resend',
    prepare: async () => {
      const id = await codOrder();
      const [message] = (await asSetup('GET', `/api/orders/${id}/messages`)).json<Array<{ _id: string }>>();
      return { request: request('POST', `/api/orders/${id}/messages/${message!._id}/resend`), entityId: id };
    },
  },

  // Returns
  'POST /api/orders/:id/returns (opened by staff for the customer)': {
    as: 'support',
    action: 'return.open',
    prepare: async () => {
      const id = await delivered();
      const payload = {
        lines: [{ product: await productOf(id), qty: 1 }],
        reason: 'Asked by phone',
        photos: ['/uploads/coverage.png'],
      };
      return { request: request('POST', `/api/orders/${id}/returns`, payload) };
    },
    entityIdOf: idOf,
  },
  'PUT /api/returns/:id': {
    as: 'support',
    action: 'return.more_info',
    prepare: async () => {
      const { returnId } = await openReturn();
      const payload = { action: 'more_info', note: 'A photo of the crack, please' };
      return { request: request('PUT', `/api/returns/${returnId}`, payload), entityId: returnId };
    },
  },

  // Users and the team
  'POST /api/admin/users/:id/store-credit': {
    as: 'accounts',
    action: 'user.store_credit',
    prepare: async () => {
      const customer = await make.customer(t);
      const payload = { amount: 10, note: 'Goodwill' };
      return {
        request: request('POST', `/api/admin/users/${customer._id}/store-credit`, payload),
        entityId: customer._id,
      };
    },
  },
  'PUT /api/users/:id (name and e-mail)': {
    as: 'support',
    action: 'user.update',
    prepare: async () => {
      const customer = await make.customer(t);
      const payload = { name: 'Renamed By Support', email: `renamed-${unique()}@example.in` };
      return { request: request('PUT', `/api/users/${customer._id}`, payload), entityId: customer._id };
    },
  },
  'PUT /api/users/:id (role)': {
    as: 'owner',
    action: 'user.role',
    prepare: async () => {
      const customer = await make.customer(t);
      return { request: request('PUT', `/api/users/${customer._id}`, { role: 'catalog' }), entityId: customer._id };
    },
  },
  'DELETE /api/users/:id': {
    as: 'owner',
    action: 'user.delete',
    prepare: async () => {
      const customer = await make.customer(t);
      return { request: request('DELETE', `/api/users/${customer._id}`), entityId: customer._id };
    },
  },
  'DELETE /api/users/:id/sessions': {
    as: 'owner',
    action: 'user.sessions_end',
    prepare: async () => {
      const customer = await make.customer(t);
      return { request: request('DELETE', `/api/users/${customer._id}/sessions`), entityId: customer._id };
    },
  },
};

/** Ended long ago, so no other answer changes. */
function pastSale() {
  return {
    name: `Audit Sale ${unique()}`,
    percentOff: 10,
    categories: ['mala'],
    startsAt: '2021-01-01',
    endsAt: '2021-01-02',
  };
}

/** Routes that change data without a staff permission: not staff changes, so not in the log. */
const EXEMPT: Record<string, string> = {
  'POST /api/users': 'registering: the customer’s own account',
  'POST /api/users/loginviapassword': 'signing in',
  'POST /api/users/resendOTP': 'asking for a sign-in code',
  'POST /api/users/login': 'asking for a sign-in code (the original client’s way)',
  'POST /api/users/verifyotp': 'signing in with a code',
  'PUT /api/users/profile': 'the signed-in user’s own password and message choices',
  'POST /api/users/wishlist': 'the customer’s own wishlist',
  'PUT /api/users/wishlist': 'the customer’s own wishlist',
  'DELETE /api/users/wishlist/:productId': 'the customer’s own wishlist',
  'POST /api/users/addresses': 'the customer’s own saved addresses',
  'PUT /api/users/addresses/:id': 'the customer’s own saved addresses',
  'DELETE /api/users/addresses/:id': 'the customer’s own saved addresses',
  'POST /api/products/:id/reviews': 'a customer’s review',
  'POST /api/upload/review-photo': 'a customer’s photo for a review',
  'POST /api/products/:id/stock-alert': 'a visitor’s back-in-stock alert',
  'POST /api/newsletter': 'a visitor’s newsletter sign-up',
  'POST /api/orders': 'placing an order (the customer’s)',
  'POST /api/orders/quote': 'a price quote: changes nothing',
  'POST /api/orders/:id/confirm': 'the customer confirms their own order',
  'POST /api/orders/:id/confirmation-code': 'the customer asks for their order’s code',
  'POST /api/payments/razorpay/order': 'a customer starts paying online',
  'POST /api/payments/razorpay/order/:orderId/release': 'a customer gives their unpaid hold back',
  'POST /api/payments/razorpay/webhook': 'the gateway’s webhook: the shop itself, not staff',
  'POST /api/payments/sandbox/pay': 'the sandbox gateway’s payment dialog (development)',
  'POST /api/webhooks/shiprocket': 'the courier’s webhook: the shop itself, not staff',
  'POST /api/webhooks/courier': 'the courier’s webhook: the shop itself, not staff',
  'POST /api/webhooks/whatsapp': 'WhatsApp’s webhook: the shop itself, not staff',
  'POST /api/dev/whatsapp/reply': 'a development stand-in for a customer’s WhatsApp reply',
  'POST /api/dev/courier/events': 'a development stand-in for the courier’s events',
  'POST /api/admin/catalog/import/preview': 'plans an import from a file: changes nothing',
};

/** `METHOD /pattern` of every route, read from the router's radix tree (as the matrix reads it). */
function registeredRoutes(tree: string): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    prefixes.length = node[1]!.length / 4;
    prefixes.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) found.push(`${method} ${prefixes.join('')}`);
  }
  return found;
}

const routeOf = (key: string) => key.replace(/ \(.*\)$/, '');
const CHANGING = /^(POST|PUT|PATCH|DELETE) /;

beforeAll(async () => {
  t = await createTestApp({ payments: gateway, env: { OUTBOX_POLL_MS: '60000' } });
  setup = (await signIn(t.app, DEMO_ADMIN)).token;
  const roles: StaffRole[] = ['owner', 'manager', 'catalog', 'orders', 'accounts', 'support'];
  const accounts = await Promise.all(roles.map(() => make.customer(t)));
  await Promise.all(roles.map((role, i) => t.db.update(users).set({ role }).where(eq(users.id, accounts[i]!._id))));
  staff = Object.fromEntries(roles.map((role, i) => [role, accounts[i]!])) as Record<StaffRole, make.Customer>;
  routes = registeredRoutes(t.app.printRoutes()).filter((route) => CHANGING.test(route));
});
afterAll(async () => {
  await t?.close();
});

describe('audit coverage', () => {
  it('has a case or an exemption for every route that changes data, and a route for each', () => {
    expect(routes.length).toBeGreaterThan(30);
    const covered = new Set([...Object.keys(CASES).map(routeOf), ...Object.keys(EXEMPT)]);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(CASES))('%s', async (_key, c) => {
    const { request: req, entityId } = await c.prepare();
    const [last] = await t.db.select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const actor = staff[c.as];
    const res = await t.app.inject({ ...req, headers: { ...(req.headers as object), ...bearer(actor.token) } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const expectedId = entityId ?? c.entityIdOf!(res);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.seq, last?.seq ?? 0), eq(auditLog.action, c.action)));
    expect(entries.map((e) => ({ actor: e.actorId, role: e.actorRole, entityId: e.entityId }))).toContainEqual({
      actor: actor._id,
      role: c.as,
      entityId: expectedId,
    });
  });
});
