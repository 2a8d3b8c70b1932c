import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../src/adapters/sms/index.ts';
import { webhookSignature } from '../src/adapters/payments/index.ts';
import { otpCodes, products } from '../src/db/schema/index.ts';
import { DEMO_ADMIN, bearer, createTestApp, registerCustomer, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const sms = new SandboxSms();
let ipN = 0;
const ip = () => `10.77.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const address = { address: '7 Example Marg', city: 'Haridwar', postalCode: '249401', state: 'Uttarakhand' };
beforeAll(async () => { t = await createTestApp({ sms, env: { LOG_LEVEL: 'error' } }); });
afterAll(async () => { await t?.close(); });

async function productWith(countInStock: number, priceRupees = 1000) {
  const [row] = await t.db.insert(products).values({ name: `P ${Math.random()}`, image: '/images/x.svg', category: 'gems', pricePaise: priceRupees * 100, countInStock }).returning({ id: products.id });
  return row!.id;
}
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;

describe('review', () => {
  it.skip('A: per-phone login limit bypass via query string', async () => {
    const c = await registerCustomer(t.app);
    const plain: number[] = [], varied: number[] = [];
    for (let i = 0; i < 12; i++) plain.push((await t.app.inject({ method: 'POST', url: '/api/users/loginviapassword', payload: { phone: c.phone, password: 'wrong' }, remoteAddress: ip() })).statusCode);
    const c2 = await registerCustomer(t.app);
    for (let i = 0; i < 12; i++) varied.push((await t.app.inject({ method: 'POST', url: `/api/users/loginviapassword?x=${i}`, payload: { phone: c2.phone, password: 'wrong' }, remoteAddress: ip() })).statusCode);
    console.log('A plain', plain.join(','), '\nA varied', varied.join(','));
  });

  it('C: product deleted while hold pending -> paid order fails', async () => {
    const c = await registerCustomer(t.app);
    const admin = await signIn(t.app, DEMO_ADMIN);
    const pid = await productWith(3);
    const start = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/order', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 1 }], shippingAddress: address }, remoteAddress: ip() });
    const po = start.json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${pid}`, headers: bearer(admin.token), remoteAddress: ip() });
    const pay = (await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: po.orderId }, remoteAddress: ip() })).json();
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 1 }], shippingAddress: address, paymentMethod: 'Razorpay', ...pay }, remoteAddress: ip() });
    const body = JSON.stringify({ event: 'order.paid', payload: { payment: { entity: { id: pay.razorpay_payment_id, order_id: po.orderId, amount: po.amount, status: 'captured' } } } });
    const wh = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(t.config.payments.webhookSecret, body), 'x-razorpay-event-id': 'evt_del1' } });
    console.log('C start', start.statusCode, 'delete', del.statusCode, 'placed', placed.statusCode, placed.body, 'webhook', wh.statusCode, wh.body);
  });

  it.skip('D: hoarding and merged-line qty above MAX_LINE_QTY', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const pid = await productWith(5000);
    const lines = Array.from({ length: 5 }, () => ({ product: pid, qty: 1000 }));
    const hold = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/order', headers: bearer(c.token), payload: { orderItems: lines, shippingAddress: address }, remoteAddress: ip() });
    const o = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(other.token), payload: { orderItems: [{ product: pid, qty: 1 }], shippingAddress: address, paymentMethod: 'Cash on Delivery' }, remoteAddress: ip() });
    console.log('D hold', hold.statusCode, 'amount', hold.json().amount, 'stock', await stockOf(pid), 'other buyer', o.statusCode, o.body);
  });

  it.skip('E: amounts above int4 -> 500', async () => {
    const c = await registerCustomer(t.app);
    const pid = await productWith(100, 1_000_000);
    const o = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 22 }], shippingAddress: address, paymentMethod: 'Cash on Delivery' }, remoteAddress: ip() });
    const h = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/order', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 22 }], shippingAddress: address }, remoteAddress: ip() });
    console.log('E COD', o.statusCode, o.body, 'online', h.statusCode, h.body, 'stock', await stockOf(pid));
  });

  it.skip('F: old token survives password change', async () => {
    const c = await registerCustomer(t.app);
    const ch = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(c.token), payload: { password: 'brand-new-pass-9' }, remoteAddress: ip() });
    const old = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(c.token) });
    console.log('F change', ch.statusCode, 'old token', old.statusCode);
  });

  it.skip('G: stale admin edit restores sold stock', async () => {
    const c = await registerCustomer(t.app);
    const admin = await signIn(t.app, DEMO_ADMIN);
    const pid = await productWith(5);
    const form = (await t.app.inject({ method: 'GET', url: `/api/products/${pid}` })).json();
    const o = await t.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 5 }], shippingAddress: address, paymentMethod: 'Cash on Delivery' }, remoteAddress: ip() });
    const put = await t.app.inject({ method: 'PUT', url: `/api/products/${pid}`, headers: bearer(admin.token), payload: { name: form.name, price: form.price, mrp: null, image: form.image, brand: 'b', category: 'gems', description: 'edited text', countInStock: form.countInStock } });
    console.log('G order', o.statusCode, 'put', put.statusCode, 'stock after', await stockOf(pid));
  });

  it.skip('H: concurrent resendOTP', async () => {
    const c = await registerCustomer(t.app);
    const res = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone: c.phone }, remoteAddress: ip() })));
    const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, c.phone));
    console.log('H statuses', res.map((r) => r.statusCode).join(','), 'codes stored', rows.length, 'sms sent', sms.outbox(c.phone).length);
  });

  it('I0: raw fk', async () => { try { await t.db.execute(sql`insert into orders (user_id, customer_name, customer_email, customer_phone, address, city, postal_code, state, payment_method, items_paise, shipping_paise, tax_paise, total_paise) values (gen_random_uuid(), 'a','b','c','d','e','f','g','h',1,1,1,1)`); console.log('I0 inserted'); } catch (e) { console.log('I0 error', (e as Error).message); } });
  it('I: user deleted while hold pending -> webhook fails', async () => {
    const c = await registerCustomer(t.app);
    const admin = await signIn(t.app, DEMO_ADMIN);
    const pid = await productWith(3);
    const po = (await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/order', headers: bearer(c.token), payload: { orderItems: [{ product: pid, qty: 1 }], shippingAddress: address }, remoteAddress: ip() })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${c._id}`, headers: bearer(admin.token) });
    const pay = (await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: po.orderId }, remoteAddress: ip() })).json();
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: pay.razorpay_payment_id, order_id: po.orderId, amount: po.amount } } } });
    const wh = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(t.config.payments.webhookSecret, body), 'x-razorpay-event-id': 'evt_del2' } });
    const { users, orders, paymentHolds } = await import('../src/db/schema/index.ts'); const u = await t.db.select().from(users).where(eq(users.id, c._id)); const h = await t.db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, po.orderId)); const os = h[0]?.orderId ? await t.db.select().from(orders).where(eq(orders.id, h[0].orderId)) : []; console.log('I ids', c._id, h[0]?.customer.id, 'order created', os[0]?.createdAt, 'now', new Date()); console.log('I user rows', u.length, 'hold', JSON.stringify(h[0]?.customer), h[0]?.status, 'order userId', os[0]?.userId);
    console.log('I delete user', del.statusCode, 'webhook', wh.statusCode, wh.body);
  });
});

describe('trust proxy', () => {
  let p: TestApp;
  beforeAll(async () => { p = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true' } }); });
  afterAll(async () => { await p?.close(); });
  it.skip('B: spoofed leftmost X-Forwarded-For evades per-address limit', async () => {
    const same: number[] = [], spoofed: number[] = [];
    for (let i = 0; i < 12; i++) same.push((await p.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: `a${i}@example.in` }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode);
    for (let i = 0; i < 12; i++) spoofed.push((await p.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: `b${i}@example.in` }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.10` } })).statusCode);
    console.log('B same', same.join(','), '\nB spoofed', spoofed.join(','));
  });
});
