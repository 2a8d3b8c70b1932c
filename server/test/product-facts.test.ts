/**
 * Issue 14: product facts as data, extra pictures, certificate uploads, and "notify me when back in
 * stock" (told once through the outbox when stock returns, by every path that returns it).
 */
import type { Product } from '@rr/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, products, stockAlerts } from '../src/db/schema/index.ts';
import { demoProductId } from '../src/db/seed.ts';
import { bearer, createTestApp, uniquePhone, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The outbox's own worker stays out of the way (a minute between its rounds, as in fulfilment.test):
  // the alerts' messages are read here as queued, and a round between the restock and the read sent one
  // (CI, once: 'sent' where 'pending' was expected).
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload });
const read = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();

describe('product facts', () => {
  it('are saved by an update, shown on the product, and weight in ratti is derived at 0.91 ct', async () => {
    const id = await make.product(t, { category: 'gems' });
    const res = await put(id, {
      mukhi: '5',
      origin: '  Sri Lanka ',
      sizeMm: 9.5,
      weightCarats: '4.55',
      beadCount: null,
      planet: 'saturn',
      certificateLab: 'Demo Gem Testing Lab',
      certificateNumber: 'GT-1',
      certificateFile: '/certificates/x.pdf',
      images: ['/uploads/a.webp', '/uploads/b.webp'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Product>();
    expect(saved).toMatchObject({
      mukhi: 5,
      origin: 'Sri Lanka',
      sizeMm: 9.5,
      weightCarats: 4.55,
      weightRatti: 5,
      beadCount: null,
      planet: 'Saturn',
      certificateLab: 'Demo Gem Testing Lab',
      certificateNumber: 'GT-1',
      certificateFile: '/certificates/x.pdf',
      images: ['/uploads/a.webp', '/uploads/b.webp'],
    });
    expect(await read(id)).toMatchObject({ planet: 'Saturn', images: ['/uploads/a.webp', '/uploads/b.webp'] });
  });

  it('keeps facts an update leaves out, and clears those sent empty or null', async () => {
    const id = await make.product(t);
    expect((await put(id, { mukhi: 7, origin: 'Nepal', images: ['/uploads/a.webp'] })).statusCode).toBe(200);
    expect((await put(id, { name: 'Renamed bead' })).json()).toMatchObject({
      mukhi: 7,
      origin: 'Nepal',
      images: ['/uploads/a.webp'],
    });
    expect((await put(id, { mukhi: '', origin: null, images: [] })).json()).toMatchObject({
      mukhi: null,
      origin: null,
      images: [],
    });
  });

  it.each([
    [{ mukhi: 0 }, 'mukhi must be from 1 to 21'],
    [{ mukhi: 22 }, 'mukhi must be from 1 to 21'],
    [{ mukhi: 2.5 }, 'mukhi must be a whole number'],
    [{ beadCount: 1009 }, 'beadCount must be from 1 to 1008'],
    [{ sizeMm: -1 }, 'sizeMm must be more than 0'],
    [{ weightCarats: 'heavy' }, 'weightCarats must be a number'],
    [{ weightCarats: 1.234 }, 'weightCarats can have at most 2 decimals'],
    [{ planet: 'Pluto' }, 'planet must be one of'],
    [{ origin: 'x'.repeat(61) }, 'origin must be at most 60 characters'],
    [{ certificateFile: 'https://elsewhere.example/c.pdf' }, 'certificateFile must be a path on this site'],
    [{ images: '/uploads/a.webp' }, 'images must be a list'],
    [{ images: ['//elsewhere.example/a.jpg'] }, 'images must be a path on this site'],
    [{ images: Array.from({ length: 9 }, (_, i) => `/uploads/${i}.webp`) }, 'images can hold at most 8 pictures'],
    [{ images: ['/uploads/a.webp', '/uploads/a.webp'] }, 'images must not repeat a picture'],
  ])('refuses %j with a 400 naming the field, changing nothing', async (body, message) => {
    const id = await make.product(t);
    const before = await read(id);
    const res = await put(id, { ...body, name: 'Must not be saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await read(id)).toEqual(before);
  });

  it('takes eight pictures, and the product keeps its main image first', async () => {
    const id = await make.product(t);
    const eight = Array.from({ length: 8 }, (_, i) => `/uploads/p${i}.webp`);
    const res = await put(id, { images: eight });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ image: '/images/x.svg', images: eight });
  });

  it('fills the demo catalog: mukhi, origins, gems with carats, planet and a certificate, malas with beads', async () => {
    const demo = (slug: string) => read(demoProductId(slug));
    const five = await demo('nepal-5-mukhi-rudraksha');
    expect(five).toMatchObject({ mukhi: 5, origin: 'Nepal' });
    expect(five.images.length).toBeGreaterThanOrEqual(2);
    const neelam = await demo('blue-sapphire-neelam-4-ratti-unheated');
    expect(neelam).toMatchObject({ planet: 'Saturn', weightCarats: 3.64, weightRatti: 4 });
    expect(neelam.certificateFile).toMatch(/^\/images\/certificates\/.+\.svg$/);
    expect(await demo('tulsi-jaap-mala')).toMatchObject({ beadCount: 109 });
    expect(await demo('java-5-mukhi-rudraksha-small')).toMatchObject({ origin: 'Indonesia (Java)' });
    expect(await demo('red-silk-thread-silver-caps')).toMatchObject({ mukhi: null, images: [], certificateFile: null });
  });
});

/** A multipart body with one file in the field `certificate`. */
function certificateUpload(bytes: Buffer, filename = 'c.bin') {
  const boundary = '----rr-cert-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="certificate"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
const uploadCertificate = (bytes: Buffer, token = admin) => {
  const body = certificateUpload(bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/certificate',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

describe('certificate upload', () => {
  it('stores a PDF, served back as a PDF', async () => {
    const res = await uploadCertificate(PDF);
    expect(res.statusCode, res.body).toBe(201);
    const { certificateFile } = res.json<{ certificateFile: string }>();
    expect(certificateFile).toMatch(/^\/certificates\/[0-9a-f-]+\.pdf$/);
    const served = await t.app.inject({ url: certificateFile });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('stores an image of a certificate', async () => {
    const res = await uploadCertificate(PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json<{ certificateFile: string }>().certificateFile).toMatch(/\.png$/);
  });

  it('refuses other bytes whatever the name says, and a file over 5 MB', async () => {
    const html = await uploadCertificate(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ code: 'NOT_A_CERTIFICATE' });
    const big = await uploadCertificate(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'CERTIFICATE_TOO_LARGE' });
  });

  it('is for admins only', async () => {
    const customer = await make.customer(t);
    expect((await uploadCertificate(PDF, customer.token)).statusCode).toBe(403);
  });
});

const askAlert = (productId: string, options: { phone?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/stock-alert`,
    headers: options.token ? bearer(options.token) : {},
    payload: options.phone ? { phone: options.phone } : {},
  });
const alertMessages = (phoneOrEmail: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'back_in_stock'), eq(outboxMessages.recipient, phoneOrEmail)));
const alertsOf = (productId: string) => t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

describe('notify me when back in stock', () => {
  it('a guest asks by phone (any Indian format), twice is one alert, and an admin restock tells them once', async () => {
    const id = await make.product(t, { stock: 0, name: 'Alert bead for a guest' });
    const phone = uniquePhone();
    const first = await askAlert(id, { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toContain(phone.slice(-4));
    expect((await askAlert(id, { phone })).statusCode).toBe(200);
    expect(await alertsOf(id)).toHaveLength(1);

    // Still out of stock: nothing is sent.
    expect((await put(id, { countInStock: 0 })).statusCode).toBe(200);
    expect(await alertMessages(phone)).toHaveLength(0);

    expect((await put(id, { countInStock: 3 })).statusCode).toBe(200);
    const sent = await alertMessages(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', status: 'pending' });
    expect(sent[0]!.text).toContain('Alert bead for a guest is back in stock');
    expect(sent[0]!.text).toContain(`/product/${id}`);
    expect((await alertsOf(id))[0]!.notifiedAt).not.toBeNull();

    // Sold out and restocked again: the alert was told already.
    await t.db.update(products).set({ countInStock: 0 }).where(eq(products.id, id));
    expect((await put(id, { countInStock: 5 })).statusCode).toBe(200);
    expect(await alertMessages(phone)).toHaveLength(1);
  });

  it('a signed-in customer is told on their phone and by e-mail', async () => {
    const customer = await make.customer(t);
    const id = await make.product(t, { stock: 0 });
    const res = await askAlert(id, { token: customer.token, phone: uniquePhone() });
    expect(res.statusCode).toBe(200);
    expect((await alertsOf(id))[0]).toMatchObject({ phone: customer.phone, userId: customer._id });
    expect((await put(id, { countInStock: 1 })).statusCode).toBe(200);
    expect(await alertMessages(customer.phone)).toHaveLength(1);
    const mail = await alertMessages(customer.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain(`/product/${id}`);
  });

  it('a cancelled order that returns the last units tells the customers waiting', async () => {
    const buyer = await make.customer(t);
    const id = await make.product(t, { stock: 1 });
    const order = await make.codOrder(t, buyer.token, id, 1);
    expect(order.statusCode, order.body).toBe(201);
    const phone = uniquePhone();
    expect((await askAlert(id, { phone })).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.json<{ _id: string }>()._id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await alertMessages(phone)).toHaveLength(1);
  });

  it('a released checkout hold that returns the stock tells them too', async () => {
    const buyer = await make.customer(t);
    const id = await make.product(t, { stock: 1 });
    const hold = await make.paymentHold(t, buyer.token, id, 1);
    const phone = uniquePhone();
    expect((await askAlert(id, { phone })).statusCode).toBe(200);
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/payments/razorpay/order/${hold.orderId}/release`,
      headers: bearer(buyer.token),
    });
    expect(release.statusCode, release.body).toBeLessThan(300);
    expect(await alertMessages(phone)).toHaveLength(1);
  });

  it('refuses a product in stock (409), a guest without a phone, a bad phone, and unknown products', async () => {
    const inStock = await make.product(t, { stock: 2 });
    expect((await askAlert(inStock, { phone: uniquePhone() })).json()).toMatchObject({ code: 'PRODUCT_IN_STOCK' });
    const id = await make.product(t, { stock: 0 });
    const none = await askAlert(id);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'PHONE_REQUIRED' });
    const bad = await askAlert(id, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('phone must be a 10-digit Indian mobile number');
    expect((await askAlert('not-an-id', { phone: uniquePhone() })).statusCode).toBe(404);
    const draft = await make.product(t, { stock: 0, isDraft: true });
    expect((await askAlert(draft, { phone: uniquePhone() })).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(stockAlerts)
        .where(like(stockAlerts.productUrl, `%${id}`)),
    ).toHaveLength(0);
  });

  it('a stale token is refused as anywhere (401), not taken as a guest', async () => {
    const id = await make.product(t, { stock: 0 });
    const res = await askAlert(id, { token: 'not-a-token', phone: uniquePhone() });
    expect(res.statusCode).toBe(401);
  });
});
