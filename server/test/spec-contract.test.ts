/**
 * SPEC §7's calls replayed as a client written from SPEC sends them (PRODUCT.md "The contract"):
 * numbers as form text, partial bodies, no token where §7 has none. Each reply is checked for every
 * field a SPEC screen reads, with its type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { products } from '../src/db/schema/index.ts';
import { bearer, createTestApp, rateLimitedApp, uniquePhone, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
const sms = new SandboxSms();
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ sms });
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string|null';

/** Every field a SPEC screen reads is there, with its type. */
function expectFields(value: unknown, fields: Record<string, FieldType>): void {
  expect(value, 'an object').toBeTypeOf('object');
  const record = value as Record<string, unknown>;
  for (const [name, type] of Object.entries(fields)) {
    const field = record[name];
    const actual = field === null ? 'null' : Array.isArray(field) ? 'array' : typeof field;
    expect(type.split('|'), `${name} is ${actual}`).toContain(actual);
  }
}

/** SPEC §3 user info (what sign-in, registration and profile update answer). */
const USER_INFO = {
  _id: 'string',
  name: 'string',
  email: 'string',
  phone: 'string',
  isAdmin: 'boolean',
  token: 'string',
} as const;
/** SPEC §3 user of the admin lists (and GET /api/users/{id}). */
const USER = { _id: 'string', name: 'string', email: 'string', isAdmin: 'boolean' } as const;
/** What product cards and the product page read (SPEC §2, §3). */
const PRODUCT_SUMMARY = {
  _id: 'string',
  name: 'string',
  image: 'string',
  price: 'number',
  description: 'string',
  countInStock: 'number',
  rating: 'number',
  numReviews: 'number',
  category: 'string',
  brand: 'string',
} as const;
const REVIEW = { _id: 'string', name: 'string', rating: 'number', comment: 'string', createdAt: 'string' } as const;
/** SPEC §3 order, as the order page, My Orders and the admin order list read it. */
const ORDER = {
  _id: 'string',
  user: 'object',
  orderItems: 'array',
  shippingAddress: 'object',
  paymentMethod: 'string',
  itemsPrice: 'number',
  shippingPrice: 'number',
  taxPrice: 'number',
  totalPrice: 'number',
  isPaid: 'boolean',
  paidAt: 'string|null',
  isDelivered: 'boolean',
  deliveredAt: 'string|null',
  createdAt: 'string',
} as const;
const ORDER_ITEM = { name: 'string', qty: 'number', image: 'string', price: 'number', product: 'string' } as const;
const ADDRESS = { address: 'string', city: 'string', postalCode: 'string', country: 'string' } as const;

function expectOrder(order: unknown): void {
  expectFields(order, ORDER);
  const o = order as { user: unknown; orderItems: unknown[]; shippingAddress: unknown };
  expectFields(o.user, { name: 'string', email: 'string' });
  expectFields(o.shippingAddress, ADDRESS);
  expect(o.orderItems.length).toBeGreaterThan(0);
  for (const item of o.orderItems) expectFields(item, ORDER_ITEM);
}

function expectProduct(product: unknown): void {
  expectFields(product, { ...PRODUCT_SUMMARY, reviews: 'array' });
  for (const review of (product as { reviews: unknown[] }).reviews) expectFields(review, REVIEW);
}

/** A SPEC client: JSON bodies, a bearer token only where §7 has one. */
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) {
  return t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    ...(token ? { headers: bearer(token) } : {}),
  });
}

/** A customer registered as SPEC's Register screen does, then signed in by code (§7's verifyotp). */
async function specCustomer() {
  const phone = uniquePhone();
  const registered = await call('POST', '/api/users', {
    name: 'Spec Client',
    email: `spec-${phone}@example.in`,
    phone,
    password: 'spec-client-pass',
  });
  expect(registered.statusCode).toBe(201);
  expectFields(registered.json(), USER_INFO);
  return { phone, token: registered.json<{ token: string }>().token, id: registered.json<{ _id: string }>()._id };
}

describe('SPEC §7 accounts', () => {
  it('registers, signs in by password and by code (asked for by resendOTP or by login), reads and updates the profile', async () => {
    const customer = await specCustomer();

    const byPassword = await call('POST', '/api/users/loginviapassword', {
      phone: customer.phone,
      password: 'spec-client-pass',
    });
    expect(byPassword.statusCode).toBe(200);
    expectFields(byPassword.json(), USER_INFO);

    const resent = await call('POST', '/api/users/resendOTP', { phone: customer.phone });
    expect(resent.statusCode).toBe(200);
    expectFields(resent.json(), { message: 'string' });
    const code = sms.outbox(customer.phone)[0]!.code;
    const verified = await call('POST', '/api/users/verifyotp', { phone: customer.phone, otp: code });
    expect(verified.statusCode).toBe(200);
    expectFields(verified.json(), USER_INFO);
    const codeToken = verified.json<{ token: string }>().token;

    // GET /api/users/{id} with id 'profile'.
    const profile = await call('GET', '/api/users/profile', undefined, codeToken);
    expect(profile.statusCode).toBe(200);
    expectFields(profile.json(), { name: 'string', email: 'string', phone: 'string' });

    // SPEC's profile form: id, name, email, phone and password (blank keeps it; a new one, just after a code sign-in).
    const shown = profile.json<{ _id: string; name: string; email: string; phone: string }>();
    const form = { id: shown._id, name: shown.name, email: shown.email, phone: shown.phone };
    const kept = await call('PUT', '/api/users/profile', { ...form, password: '' }, codeToken);
    expect(kept.statusCode).toBe(200);
    expectFields(kept.json(), USER_INFO);
    const changed = await call('PUT', '/api/users/profile', { ...form, password: 'spec-client-new' }, codeToken);
    expect(changed.statusCode).toBe(200);
    expectFields(changed.json(), USER_INFO);
    expect(
      (await call('POST', '/api/users/loginviapassword', { phone: customer.phone, password: 'spec-client-new' }))
        .statusCode,
    ).toBe(200);
  });

  it('sends a code for POST /api/users/login {phone}, the original client’s way to ask for one', async () => {
    const customer = await specCustomer();
    const asked = await call('POST', '/api/users/login', { phone: customer.phone });
    expect(asked.statusCode).toBe(200);
    expectFields(asked.json(), { message: 'string' });
    const code = sms.outbox(customer.phone)[0]?.code;
    expect(code).toMatch(/^\d{4}$/);
    const verified = await call('POST', '/api/users/verifyotp', { phone: customer.phone, otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ _id: customer.id, phone: customer.phone });
  });

  it('gives POST /api/users/login the same replies and per-phone limits as resendOTP', async () => {
    const customer = await specCustomer();
    const first = await call('POST', '/api/users/login', { phone: customer.phone });
    // The once-a-minute limit counts codes asked for either way.
    const again = await call('POST', '/api/users/resendOTP', { phone: customer.phone });
    expect(again.statusCode).toBe(429);
    const thenLogin = await call('POST', '/api/users/login', { phone: customer.phone });
    expect(thenLogin.statusCode).toBe(429);
    expect(thenLogin.json().message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    const other = await specCustomer();
    const resent = await call('POST', '/api/users/resendOTP', { phone: other.phone });
    expect(first.json().message).toBe(resent.json().message.replace(other.phone.slice(-4), customer.phone.slice(-4)));
    for (const [body, message] of [
      [{}, 'phone'],
      [{ phone: '12345' }, 'phone must be a 10-digit Indian mobile number'],
      [{ phone: 9876543210 }, 'phone must be text'],
    ] as const) {
      const res = await call('POST', '/api/users/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await call('POST', '/api/users/login', { phone: uniquePhone() });
    expect(unknown.statusCode).toBe(404);
  });

  it('shares one per-address limit between resendOTP and login', async () => {
    const limited = await rateLimitedApp({ sms });
    const from = (url: string, phone: string) =>
      limited.app.inject({ method: 'POST', url, payload: { phone }, remoteAddress: '10.77.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await from(i % 2 ? '/api/users/login' : '/api/users/resendOTP', uniquePhone())).statusCode);
    }
    // Unknown phones (404) still count; the 21st request from the address, by either path, is refused.
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await from('/api/users/login', uniquePhone())).statusCode).toBe(429);
  });

  it('answers the admin user calls with SPEC’s user fields', async () => {
    const customer = await specCustomer();
    const list = await call('GET', '/api/users', undefined, adminToken);
    expect(list.statusCode).toBe(200);
    const users = list.json<unknown[]>();
    expect(Array.isArray(users)).toBe(true);
    for (const user of users) expectFields(user, USER);
    const one = await call('GET', `/api/users/${customer.id}`, undefined, adminToken);
    expectFields(one.json(), USER);
    const updated = await call(
      'PUT',
      `/api/users/${customer.id}`,
      { _id: customer.id, name: 'Spec Renamed', email: `renamed-${customer.phone}@example.in`, isAdmin: false },
      adminToken,
    );
    expect(updated.statusCode).toBe(200);
    expectFields(updated.json(), USER);
    expect(updated.json()).toMatchObject({ name: 'Spec Renamed', isAdmin: false });
    expect((await call('DELETE', `/api/users/${customer.id}`, undefined, adminToken)).statusCode).toBe(200);
  });
});

describe('SPEC §7 catalog', () => {
  it('lists products with the blank and odd query values a SPEC client sends', async () => {
    for (const query of [
      '?keyword=&category=&pageNumber=',
      '?keyword=&category=&pageNumber=1&limit=10',
      '?keyword=mukhi&category=&pageNumber=2',
      '?keyword=&category=gems&pageNumber=1',
    ]) {
      const res = await call('GET', `/api/products${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json<{ products: unknown[] }>();
      expectFields(body, { products: 'array', page: 'number', pages: 'number' });
      expect(body.products.length, query).toBeGreaterThan(0);
      for (const product of body.products) expectFields(product, PRODUCT_SUMMARY);
    }
    // The original home page sends its page number as the category: no such category, an empty page.
    const odd = await call('GET', '/api/products?keyword=&category=2&pageNumber=');
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual({ products: [], page: 1, pages: 1 });
  });

  it('answers GET /api/products/top with the top-rated published products', async () => {
    // A draft is never among them, whatever its numbers say.
    const [draft] = await t.db
      .insert(products)
      .values({
        name: 'Test top draft',
        image: '/images/placeholder-product.svg',
        category: 'gems',
        pricePaise: 100,
        countInStock: 0,
        isDraft: true,
        rating: 5,
        numReviews: 999,
      })
      .returning({ id: products.id });
    const res = await call('GET', '/api/products/top');
    expect(res.statusCode).toBe(200);
    const top = res.json<Array<{ _id: string; rating: number; numReviews: number }>>();
    expect(top.length).toBeGreaterThanOrEqual(3);
    expect(top.length).toBeLessThanOrEqual(5);
    for (const product of top) expectFields(product, PRODUCT_SUMMARY);
    expect(top.map((p) => p._id)).not.toContain(draft!.id);
    for (let i = 1; i < top.length; i++) {
      const [a, b] = [top[i - 1]!, top[i]!];
      expect(a.rating > b.rating || (a.rating === b.rating && a.numReviews >= b.numReviews)).toBe(true);
    }
    const best = (await call('GET', '/api/products?limit=48')).json<{ products: Array<{ rating: number }> }>();
    expect(top[0]!.rating).toBe(Math.max(...best.products.map((p) => p.rating)));
  });

  it('creates, opens without a token, edits with SPEC’s body, reviews and deletes a product', async () => {
    const created = await call('POST', '/api/products', {}, adminToken);
    expect(created.statusCode).toBe(201);
    expectProduct(created.json());
    const id = created.json<{ _id: string }>()._id;

    // SPEC's edit screen reads the new product without a token.
    const opened = await call('GET', `/api/products/${id}`);
    expect(opened.statusCode).toBe(200);
    expectProduct(opened.json());

    // An MRP set by our own admin screen survives SPEC's form, which has no MRP field.
    const ours = await call('PUT', `/api/products/${id}`, { price: 400, mrp: 600 }, adminToken);
    expect(ours.statusCode).toBe(200);
    const specForm = {
      _id: id,
      name: 'Test Spec Bead',
      price: '499',
      image: '/images/placeholder-product.svg',
      brand: 'Spec',
      category: 'rudraksha',
      description: 'Edited by a SPEC client',
      countInStock: '12',
    };
    const edited = await call('PUT', `/api/products/${id}`, specForm, adminToken);
    expect(edited.statusCode).toBe(200);
    expectProduct(edited.json());
    expect(edited.json()).toMatchObject({ name: 'Test Spec Bead', price: 499, countInStock: 12, mrp: 600 });
    // The image field left as it was is not sent.
    const { image: _, ...withoutImage } = specForm;
    const again = await call('PUT', `/api/products/${id}`, { ...withoutImage, price: 450 }, adminToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ price: 450, mrp: 600, image: '/images/placeholder-product.svg' });

    const customer = await specCustomer();
    const reviewed = await call(
      'POST',
      `/api/products/${id}/reviews`,
      { rating: '4', comment: 'Nice' },
      customer.token,
    );
    expect(reviewed.statusCode).toBe(201);
    const product = (await call('GET', `/api/products/${id}`)).json<{ reviews: Array<{ rating: number }> }>();
    expectProduct(product);
    expect(product.reviews[0]!.rating).toBe(4);

    expect((await call('DELETE', `/api/products/${id}`, undefined, adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${id}`)).statusCode).toBe(404);
  });

  it('keeps a draft opened by id unlisted, not orderable and not reviewable', async () => {
    const id = (await call('POST', '/api/products', {}, adminToken)).json<{ _id: string }>()._id;
    expect((await call('GET', `/api/products/${id}`)).json()).toMatchObject({ isDraft: true });
    const listed = (await call('GET', '/api/products?keyword=New%20product&limit=48')).json<{
      products: Array<{ _id: string }>;
    }>();
    expect(listed.products.map((p) => p._id)).not.toContain(id);
    const customer = await specCustomer();
    expect(
      (await call('POST', `/api/products/${id}/reviews`, { rating: 5, comment: 'x' }, customer.token)).statusCode,
    ).toBe(404);
    const order = await call(
      'POST',
      '/api/orders',
      {
        orderItems: [{ product: id, qty: 1 }],
        shippingAddress: { address: '1 Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
        paymentMethod: 'Cash on Delivery',
      },
      customer.token,
    );
    expect(order.statusCode).toBe(400);
  });
});

describe('SPEC §7 orders', () => {
  it('places an order from SPEC’s body, and answers it in the order, my-orders, all-orders and deliver calls', async () => {
    const customer = await specCustomer();
    const listed = (await call('GET', '/api/products?keyword=&category=rudraksha&pageNumber=1')).json<{
      products: Array<{ _id: string; name: string; image: string; price: number; countInStock: number }>;
    }>();
    const item = listed.products.find((p) => p.countInStock >= 2)!;
    // SPEC's place-order body: the cart lines as the browser keeps them (qty from the ?qty= query, so
    // text), the address with the country forced to India, and the client's own amounts (ignored).
    const placed = await call(
      'POST',
      '/api/orders',
      {
        orderItems: [
          {
            product: item._id,
            name: item.name,
            image: item.image,
            price: item.price,
            countInStock: item.countInStock,
            qty: '2',
          },
        ],
        shippingAddress: {
          address: '12 MG Road',
          city: 'Pune',
          postalCode: '411001',
          state: 'Maharashtra',
          country: 'India',
        },
        paymentMethod: 'Cash on Delivery',
        itemsPrice: 1,
        shippingPrice: 0,
        taxPrice: 0,
        totalPrice: 1,
      },
      customer.token,
    );
    expect(placed.statusCode).toBe(201);
    expectOrder(placed.json());
    const order = placed.json<{ _id: string; totalPrice: number; orderItems: Array<{ qty: number }> }>();
    expect(order.orderItems[0]!.qty).toBe(2);
    expect(order.totalPrice).toBeGreaterThan(1);

    const one = await call('GET', `/api/orders/${order._id}`, undefined, customer.token);
    expect(one.statusCode).toBe(200);
    expectOrder(one.json());

    const mine = await call('GET', '/api/orders/myorders', undefined, customer.token);
    expect(mine.json<unknown[]>()).toHaveLength(1);
    expectOrder(mine.json<unknown[]>()[0]);

    const all = await call('GET', '/api/orders', undefined, adminToken);
    expect(all.statusCode).toBe(200);
    const orders = all.json<Array<{ _id: string }>>();
    expect(Array.isArray(orders)).toBe(true);
    expect(orders[0]!._id).toBe(order._id);
    for (const o of orders) expectOrder(o);

    const delivered = await call('PUT', `/api/orders/${order._id}/deliver`, {}, adminToken);
    expect(delivered.statusCode).toBe(200);
    expectOrder(delivered.json());
    expect(delivered.json()).toMatchObject({ isDelivered: true, deliveredAt: expect.any(String) });
  });

  it('publishes the calls added for SPEC clients in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(doc.paths['/api/products/top']).toHaveProperty('get');
    expect(doc.paths['/api/users/login']).toHaveProperty('post');
  });

  it('answers GET /api/config/razorpay with the merchant key id as text', async () => {
    const res = await call('GET', '/api/config/razorpay');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});

describe('protected routes authenticate before they validate', () => {
  /** Every operation the OpenAPI document marks as needing a bearer token. */
  async function protectedOperations() {
    type Operation = { security?: Array<Record<string, unknown>>; tags?: string[] };
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Partial<Record<string, Operation>>>;
    }>();
    const operations: Array<{ method: string; url: string; admin: boolean }> = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
        const op = item?.[method];
        if (!op?.security?.some((s) => 'bearerAuth' in s)) continue;
        // A token is optional where the document also allows none (`{}`), as for a back-in-stock alert.
        if (op.security.some((s) => Object.keys(s).length === 0)) continue;
        // Invalid path parameters too: they must not be looked at before the caller is known.
        operations.push({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, 'not-an-id'),
          admin: op.tags?.includes('admin') ?? false,
        });
      }
    }
    return operations;
  }

  const invalid = { orderItems: 'nope', rating: 'x', price: 'x', name: 7, email: 7, phone: 7, password: 7 };

  it('answers a visitor’s invalid request 401 on every protected route', async () => {
    const operations = await protectedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const op of operations) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: `${op.url}?pageNumber=abc&limit=-1`,
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: invalid }),
      });
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
      expect(res.json(), `${op.method} ${op.url}`).toEqual({ message: 'Not authorized, no token', code: 'NO_TOKEN' });
    }
  });

  it('answers a customer’s invalid request to an admin route 403', async () => {
    const customer = await specCustomer();
    for (const op of (await protectedOperations()).filter((o) => o.admin)) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: `${op.url}?pageNumber=abc`,
        headers: bearer(customer.token),
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: invalid }),
      });
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
    }
  });

  it('still answers a signed-in caller’s invalid body 400 naming the field', async () => {
    const customer = await specCustomer();
    const res = await call(
      'POST',
      '/api/orders',
      { orderItems: [{ product: 'x', qty: 'two' }], shippingAddress: {}, paymentMethod: 'Cash on Delivery' },
      customer.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('qty must be a whole number');
  });
});
