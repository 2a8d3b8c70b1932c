/**
 * Issue 27: the Shiprocket adapter against a local fake that speaks their external API (sign-in and its
 * token, serviceability, create order, assign AWB, pickup, label, the tracking webhook's token), and
 * the shop booking through it: timeouts and 5xx are worth a retry (503), their refusals are told (422).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CourierError, CourierSignatureError, ShiprocketCourier } from '../src/adapters/courier/index.ts';
import { shipments } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  body: Record<string, unknown>;
}

type Reply = { status: number; body: unknown; delayMs?: number; raw?: Buffer };

/** A stand-in for apiv2.shiprocket.in: answers per path as the test says, records what it was asked. */
class FakeShiprocket {
  seen: Seen[] = [];
  logins = 0;
  token = 'jwt-1';
  /** Overrides per path ("POST /v1/external/orders/create/adhoc"), used once each unless `sticky`. */
  overrides = new Map<string, Reply>();
  baseUrl = '';
  private server = createServer((req, res) => this.handle(req, res));

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private defaults(key: string, seen: Seen): Reply {
    if (key === 'POST /v1/external/auth/login') {
      this.logins += 1;
      return { status: 200, body: { token: this.token } };
    }
    // The label is a file on their storage, fetched without the token.
    if (key === 'GET /labels/15151515.pdf') return { status: 200, body: null, raw: Buffer.from('%PDF-1.4 fake label') };
    if (seen.auth !== `Bearer ${this.token}`) return { status: 401, body: { message: 'Unauthenticated.' } };
    switch (key) {
      case 'GET /v1/external/courier/serviceability/':
        return {
          status: 200,
          body: {
            data: {
              available_courier_companies: [
                { courier_name: 'Delhivery Surface', cod: 0, estimated_delivery_days: '5' },
                { courier_name: 'Xpressbees', cod: 1, estimated_delivery_days: '3' },
              ],
            },
          },
        };
      case 'POST /v1/external/orders/create/adhoc':
        return { status: 200, body: { order_id: 16161616, shipment_id: 15151515, status: 'NEW', awb_code: null } };
      case 'POST /v1/external/courier/assign/awb':
        return {
          status: 200,
          body: { awb_assign_status: 1, response: { data: { awb_code: '321055706540', courier_name: 'Amazon Surface' } } },
        };
      case 'POST /v1/external/courier/generate/pickup':
        return { status: 200, body: { pickup_status: 1, response: { data: 'Pickup is confirmed' } } };
      case 'POST /v1/external/courier/generate/label':
        return { status: 200, body: { label_created: 1, label_url: `${this.baseUrl}/labels/15151515.pdf` } };
      default:
        return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
    }
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      const seen: Seen = {
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        auth: req.headers.authorization,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      };
      this.seen.push(seen);
      const key = `${req.method} ${url.pathname}`;
      const override = this.overrides.get(key);
      if (override) this.overrides.delete(key);
      const reply = override ?? this.defaults(key, seen);
      setTimeout(() => {
        if (res.destroyed) return;
        if (reply.raw) {
          res.writeHead(reply.status, { 'content-type': 'application/pdf' });
          res.end(reply.raw);
          return;
        }
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  }

  paths(): string[] {
    return this.seen.map((s) => `${s.method} ${s.path}`);
  }
}

const fake = new FakeShiprocket();
const WEBHOOK_TOKEN = 'shop-webhook-token-0123456789';
const courier = () =>
  new ShiprocketCourier({
    email: 'api@shop.example.in',
    password: 'secret',
    webhookToken: WEBHOOK_TOKEN,
    pickupLocation: 'Varanasi Store',
    baseUrl: fake.baseUrl,
    timeoutMs: 300,
  });

const PARCEL = {
  orderId: '0f1e2d3c-0000-4000-8000-000000000001',
  orderNumber: '0F1E2D3C',
  createdAt: new Date('2026-11-26T08:30:00Z'),
  pickupPincode: '221001',
  customer: { name: 'Asha Kumari Verma', phone: '9876543210', email: 'asha@example.in' },
  address: { line: '1 Example Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  items: [{ name: 'Five Mukhi', sku: 'sku-1', units: 2, sellingPricePaise: 50_000, hsnCode: '7103' }],
  paymentMethod: 'COD' as const,
  totalPaise: 118_000,
  weightGrams: 250,
  lengthCm: 12,
  breadthCm: 10,
  heightCm: 6,
};

beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen = [];
  fake.overrides.clear();
});

describe('the Shiprocket adapter', () => {
  it('signs in once and reuses the token; a 401 signs in again', async () => {
    const c = courier();
    const before = fake.logins;
    await c.serviceability({ fromPincode: '221001', toPincode: '411001', weightGrams: 500 });
    await c.serviceability({ fromPincode: '221001', toPincode: '411001', weightGrams: 1000 });
    expect(fake.logins - before).toBe(1);
    expect(fake.seen[0]!.body).toEqual({ email: 'api@shop.example.in', password: 'secret' });
    fake.token = 'jwt-2';
    await c.serviceability({ fromPincode: '221001', toPincode: '411001', weightGrams: 500 });
    expect(fake.logins - before).toBe(2);
  });

  it('maps serviceability: weight in kg, cash if any courier takes it, the days of the fastest and slowest', async () => {
    const answer = await courier().serviceability({ fromPincode: '221001', toPincode: '411001', weightGrams: 750 });
    expect(answer).toEqual({ serviceable: true, cod: true, transitDays: { min: 3, max: 5 } });
    const asked = fake.seen.find((s) => s.path === '/v1/external/courier/serviceability/')!;
    expect(Object.fromEntries(asked.query)).toMatchObject({
      pickup_postcode: '221001',
      delivery_postcode: '411001',
      weight: '0.75',
    });
    fake.overrides.set('GET /v1/external/courier/serviceability/', { status: 200, body: { data: { available_courier_companies: [] } } });
    expect(await courier().serviceability({ fromPincode: '221001', toPincode: '744101', weightGrams: 500 })).toMatchObject({
      serviceable: false,
      cod: false,
    });
  });

  it('books: create the order (our id), assign the AWB, ask for the pickup and the label', async () => {
    const booked = await courier().book(PARCEL);
    expect(booked).toEqual({
      providerOrderId: '16161616',
      providerShipmentId: '15151515',
      awb: '321055706540',
      courierName: 'Amazon Surface',
      pickupRequested: true,
      labelUrl: `${fake.baseUrl}/labels/15151515.pdf`,
    });
    expect(fake.paths().filter((p) => !p.endsWith('/auth/login'))).toEqual([
      'POST /v1/external/orders/create/adhoc',
      'POST /v1/external/courier/assign/awb',
      'POST /v1/external/courier/generate/pickup',
      'POST /v1/external/courier/generate/label',
    ]);
    const created = fake.seen.find((s) => s.path.endsWith('/create/adhoc'))!.body;
    expect(created).toMatchObject({
      order_id: PARCEL.orderId,
      order_date: '2026-11-26 14:00',
      pickup_location: 'Varanasi Store',
      billing_customer_name: 'Asha',
      billing_last_name: 'Kumari Verma',
      billing_pincode: '411001',
      payment_method: 'COD',
      sub_total: 1180,
      weight: 0.25,
      order_items: [{ name: 'Five Mukhi', units: 2, selling_price: 500, hsn: '7103' }],
    });
    expect(fake.seen.find((s) => s.path.endsWith('/assign/awb'))!.body).toEqual({ shipment_id: 15151515 });
    expect(fake.seen.find((s) => s.path.endsWith('/generate/pickup'))!.body).toEqual({ shipment_id: [15151515] });
  });

  it('a retried booking whose order already has its AWB skips the assignment', async () => {
    fake.overrides.set('POST /v1/external/orders/create/adhoc', {
      status: 200,
      body: { order_id: 16161616, shipment_id: 15151515, awb_code: '321055706540', courier_name: 'Amazon Surface' },
    });
    const booked = await courier().book(PARCEL);
    expect(booked.awb).toBe('321055706540');
    expect(fake.paths()).not.toContain('POST /v1/external/courier/assign/awb');
  });

  it('fetches the label from its URL, and makes it again when none was kept', async () => {
    const c = courier();
    const pdf = await c.label({ providerShipmentId: '15151515', labelUrl: null, awb: '321055706540' });
    expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fake.paths()).toContain('POST /v1/external/courier/generate/label');
  });

  it('a timeout and a 5xx are transient CourierErrors; a 4xx refusal carries their message', async () => {
    fake.overrides.set('POST /v1/external/orders/create/adhoc', { status: 200, body: {}, delayMs: 1_000 });
    await expect(courier().book(PARCEL)).rejects.toMatchObject({ name: 'CourierError', transient: true });
    fake.overrides.set('POST /v1/external/orders/create/adhoc', { status: 502, body: { message: 'Bad gateway' } });
    await expect(courier().book(PARCEL)).rejects.toMatchObject({ transient: true });
    fake.overrides.set('POST /v1/external/orders/create/adhoc', {
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { billing_pincode: ['The billing pincode is invalid.'] } },
    });
    const refused = await courier()
      .book(PARCEL)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(CourierError);
    expect(refused).toMatchObject({ transient: false, message: expect.stringContaining('billing pincode is invalid') });
  });

  it('reads the tracking webhook only with the configured token', () => {
    const body = {
      awb: '321055706540',
      current_status: 'UNDELIVERED',
      shipment_status_id: 21,
      current_timestamp: '23 05 2023 11:43:52',
      scans: [{ date: '2023-05-23 11:40:00', activity: 'Consignee refused to accept', location: 'Pune' }],
    };
    expect(() => courier().trackingEvents({ 'x-api-key': 'not-the-token' }, body)).toThrow(CourierSignatureError);
    expect(() => courier().trackingEvents({}, body)).toThrow(CourierSignatureError);
    expect(courier().trackingEvents({ 'x-api-key': WEBHOOK_TOKEN }, body)).toEqual([
      {
        awb: '321055706540',
        eventKey: 'shiprocket:321055706540:UNDELIVERED:23 05 2023 11:43:52',
        status: 'delivery_failed',
        note: 'Consignee refused to accept',
        occurredAt: new Date('2023-05-23T06:13:52Z'),
      },
    ]);
    // RTO on its way back and pickup steps move nothing; RTO delivered is "returned".
    const statusOf = (current_status: string) =>
      courier().trackingEvents({ 'x-api-key': WEBHOOK_TOKEN }, { ...body, current_status })[0]?.status ?? null;
    expect(statusOf('RTO IN TRANSIT')).toBeNull();
    expect(statusOf('PICKUP SCHEDULED')).toBeNull();
    expect(statusOf('RTO DELIVERED')).toBe('returned');
    expect(statusOf('OUT FOR DELIVERY')).toBe('out_for_delivery');
    expect(statusOf('Delivered')).toBe('delivered');
  });
});

describe('booking through the shop with Shiprocket', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ courier: courier(), env: { OUTBOX_POLL_MS: '60000' } });
    admin = (await signIn(t.app, DEMO_ADMIN)).token;
  });
  afterAll(() => t?.close());

  async function codOrder(): Promise<Order> {
    const buyer = await make.customer(t);
    const res = await make.codOrder(t, buyer.token, await make.product(t, { stock: 5, category: 'gems' }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Order>();
  }
  const ship = (id: string) => t.app.inject({ method: 'PUT', url: `/api/orders/${id}/ship`, headers: bearer(admin) });

  it('a courier that does not answer is a 503 COURIER_UNAVAILABLE and the order stays unshipped', async () => {
    const order = await codOrder();
    fake.overrides.set('POST /v1/external/orders/create/adhoc', { status: 503, body: { message: 'down' } });
    const res = await ship(order._id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'COURIER_UNAVAILABLE',
      message: 'The courier service did not answer. Try again, or enter the courier and AWB by hand.',
    });
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, order._id))).toHaveLength(0);
  });

  it('a refusal is a 422 with their reason; a booking records the AWB, the label link and the label PDF', async () => {
    const order = await codOrder();
    fake.overrides.set('POST /v1/external/orders/create/adhoc', {
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { billing_phone: ['The billing phone is invalid.'] } },
    });
    const refused = await ship(order._id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('billing phone is invalid');
    const res = await ship(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().shipment).toMatchObject({
      courier: 'Amazon Surface',
      trackingNumber: '321055706540',
      provider: 'shiprocket',
      label: `/api/orders/${order._id}/label`,
    });
    const label = await t.app.inject({ url: `/api/orders/${order._id}/label`, headers: bearer(admin) });
    expect(label.statusCode).toBe(200);
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/courier',
      headers: { 'content-type': 'application/json', 'x-api-key': 'guess' },
      payload: JSON.stringify({ awb: '321055706540', current_status: 'DELIVERED' }),
    });
    expect(hook.statusCode).toBe(401);
  });
});
