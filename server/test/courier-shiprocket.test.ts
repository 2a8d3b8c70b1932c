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
import {
  CourierError,
  CourierSignatureError,
  SandboxCourier,
  ShiprocketCourier,
  createCourier,
} from '../src/adapters/courier/index.ts';
import { OfflinePincodeDirectory } from '../src/adapters/pincode/offline-directory.ts';
import { loadConfig } from '../src/config.ts';
import { shipments } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { DEMO_ADMIN, LIVE_ENV, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  body: Record<string, unknown>;
}

type Reply = { status: number; body: unknown; delayMs?: number; raw?: Buffer };

/** A return order the fake holds (issue 28). */
interface FakeReturn {
  id: number;
  channelOrderId: string;
  shipmentId: number;
  awb: string;
  status: string;
}

const TAKEN = { message: 'Oops! Invalid Data.', errors: { order_id: ['The order id has already been taken.'] } };

/** A stand-in for apiv2.shiprocket.in: answers per path as the test says, records what it was asked. */
class FakeShiprocket {
  seen: Seen[] = [];
  logins = 0;
  token = 'jwt-1';
  /** Overrides per path ("POST /v1/external/orders/create/adhoc"), used once each unless `sticky`. */
  overrides = new Map<string, Reply>();
  baseUrl = '';
  /** Return orders by our order id: a second create with the same id is refused, as theirs is. */
  returns = new Map<string, FakeReturn>();
  /** Whether the return's AWB answer names the courier's pickup date. */
  reversePickupDated = true;
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
    if (key === 'POST /v1/external/courier/assign/awb' && seen.body.is_return === 1)
      return this.assignReturn(seen.body);
    switch (key) {
      case 'GET /v1/external/settings/company/pickup':
        return { status: 200, body: { data: { shipping_address: PICKUP_LOCATIONS } } };
      case 'POST /v1/external/orders/create/return':
        return this.createReturn(seen.body);
      case 'GET /v1/external/orders/processing/return':
        return this.listReturns(seen.query);
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
          body: {
            awb_assign_status: 1,
            response: { data: { awb_code: '321055706540', courier_name: 'Amazon Surface' } },
          },
        };
      case 'POST /v1/external/courier/generate/pickup':
        return { status: 200, body: { pickup_status: 1, response: { data: 'Pickup is confirmed' } } };
      case 'POST /v1/external/courier/generate/label':
        return { status: 200, body: { label_created: 1, label_url: `${this.baseUrl}/labels/15151515.pdf` } };
      default:
        return { status: 404, body: { message: '404 Not Found', status_code: 404 } };
    }
  }

  /** Adds a return order as an earlier try (or the owner) made it. */
  addReturn(channelOrderId: string, fields: Partial<FakeReturn> = {}): FakeReturn {
    const n = this.returns.size;
    const made = { id: 17171717 + n, channelOrderId, shipmentId: 18181818 + n, awb: '', status: 'RETURN PENDING' };
    this.returns.set(channelOrderId, { ...made, ...fields });
    return this.returns.get(channelOrderId)!;
  }

  private createReturn(body: Record<string, unknown>): Reply {
    if (this.returns.has(String(body.order_id))) return { status: 422, body: { ...TAKEN, status_code: 422 } };
    const made = this.addReturn(String(body.order_id));
    return {
      status: 200,
      body: { order_id: made.id, shipment_id: made.shipmentId, status: made.status, status_code: 21 },
    };
  }

  /** Newest first, `per_page` a page, with their pagination block. */
  private listReturns(query: URLSearchParams): Reply {
    const all = [...this.returns.values()].reverse();
    const perPage = Number(query.get('per_page') ?? 15);
    const page = Number(query.get('page') ?? 1);
    const data = all.slice((page - 1) * perPage, page * perPage).map((r) => ({
      id: r.id,
      channel_order_id: r.channelOrderId,
      status: r.status,
      payment_method: 'prepaid',
      shipment_id: r.shipmentId,
      shipments: [{ courier: r.awb ? 'Delhivery Reverse' : '', awb: r.awb, weight: '0.18' }],
    }));
    const pagination = { total: all.length, per_page: perPage, current_page: page };
    return {
      status: 200,
      body: { data, meta: { pagination: { ...pagination, total_pages: Math.ceil(all.length / perPage) } } },
    };
  }

  private assignReturn(body: Record<string, unknown>): Reply {
    const found = [...this.returns.values()].find((r) => r.shipmentId === body.shipment_id);
    if (!found) return { status: 422, body: { message: 'Invalid shipment id.' } };
    if (found.awb) return { status: 400, body: { message: 'AWB is already assigned.' } };
    found.awb = `77${found.shipmentId}`;
    const data = {
      awb_code: found.awb,
      courier_name: 'Delhivery Reverse',
      shipment_id: found.shipmentId,
      ...(this.reversePickupDated ? { pickup_scheduled_date: '2026-11-28 10:00:00' } : {}),
    };
    return { status: 200, body: { awb_assign_status: 1, response: { data } } };
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

/** Their pickup locations: the shop's ("Varanasi Store", the configured one) and another. */
const PICKUP_LOCATIONS = [
  {
    id: 4984499,
    pickup_location: 'Delhi Office',
    name: 'Rudraksha Ratna Delhi',
    address: '4 Office Lane',
    address_2: '',
    city: 'New Delhi',
    state: 'Delhi',
    country: 'India',
    pin_code: '110001',
    phone: '9811100000',
    email: 'delhi@shop.example.in',
  },
  {
    id: 4984500,
    pickup_location: 'Varanasi Store',
    name: 'Rudraksha Ratna',
    address: '12 Vishwanath Gali',
    address_2: 'Godowlia',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    country: 'India',
    pin_code: '221001',
    phone: '9415000000',
    email: 'store@shop.example.in',
  },
];

const fake = new FakeShiprocket();
const WEBHOOK_TOKEN = 'shop-webhook-token-0123456789';
// Each call's time limit: room for a loaded CI machine (a booking is several calls; 300 ms each once
// failed there), and short only where a test waits for it to pass (their delayed answer takes 1 s).
const courier = (timeoutMs = 5_000) =>
  new ShiprocketCourier({
    email: 'api@shop.example.in',
    password: 'secret',
    webhookToken: WEBHOOK_TOKEN,
    pickupLocation: 'Varanasi Store',
    baseUrl: fake.baseUrl,
    timeoutMs,
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
  fake.returns.clear();
  fake.reversePickupDated = true;
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
    fake.overrides.set('GET /v1/external/courier/serviceability/', {
      status: 200,
      body: { data: { available_courier_companies: [] } },
    });
    expect(
      await courier().serviceability({ fromPincode: '221001', toPincode: '744101', weightGrams: 500 }),
    ).toMatchObject({
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
    const pdf = await c.label({ providerShipmentId: '15151515', labelUrl: null });
    expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fake.paths()).toContain('POST /v1/external/courier/generate/label');
  });

  it('a timeout and a 5xx are transient CourierErrors; a 4xx refusal carries their message', async () => {
    fake.overrides.set('POST /v1/external/orders/create/adhoc', { status: 200, body: {}, delayMs: 1_000 });
    await expect(courier(300).book(PARCEL)).rejects.toMatchObject({ name: 'CourierError', transient: true });
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

/** Issue 28: one unit of the order back, and an add-on without an HSN code. */
const RETURN = {
  returnId: '9a8b7c6d-0000-4000-8000-000000000002',
  orderNumber: '0F1E2D3C',
  createdAt: new Date('2026-11-27T05:00:00Z'),
  shopPincode: '221001',
  customer: PARCEL.customer,
  address: PARCEL.address,
  items: [
    { name: 'Five Mukhi', sku: 'sku-1', units: 1, sellingPricePaise: 50_000, hsnCode: '7103' },
    { name: 'Silver cap', sku: 'sku-2', units: 1, sellingPricePaise: 12_050, hsnCode: null },
  ],
  totalPaise: 62_050,
  weightGrams: 180,
  lengthCm: 10,
  breadthCm: 8,
  heightCm: 5,
  reason: 'The bead is cracked',
};
const RETURN_ORDER_ID = 'R-0F1E2D3C-9A8B7C6D';
const BOOKED_RETURN = {
  providerOrderId: '17171717',
  providerShipmentId: '18181818',
  awb: '7718181818',
  courierName: 'Delhivery Reverse',
  labelUrl: null,
  pickupRequested: true,
};
const withoutLogin = () => fake.paths().filter((p) => !p.endsWith('/auth/login'));

describe('reverse pickups through Shiprocket (issue 28)', () => {
  it("a return order collects from the customer's address and goes to the shop's pickup location", async () => {
    expect(await courier().bookReturn(RETURN)).toEqual(BOOKED_RETURN);
    expect(withoutLogin()).toEqual([
      'GET /v1/external/settings/company/pickup',
      'POST /v1/external/orders/create/return',
      'POST /v1/external/courier/assign/awb',
    ]);
    expect(fake.seen.find((s) => s.path.endsWith('/create/return'))!.body).toEqual({
      order_id: RETURN_ORDER_ID,
      order_date: '2026-11-27 10:30',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Kumari Verma',
      pickup_address: '1 Example Road',
      pickup_city: 'Pune',
      pickup_state: 'Maharashtra',
      pickup_country: 'India',
      pickup_pincode: '411001',
      pickup_email: 'asha@example.in',
      pickup_phone: '9876543210',
      shipping_customer_name: 'Rudraksha Ratna',
      shipping_address: '12 Vishwanath Gali',
      shipping_address_2: 'Godowlia',
      shipping_city: 'Varanasi',
      shipping_state: 'Uttar Pradesh',
      shipping_country: 'India',
      shipping_pincode: '221001',
      shipping_phone: '9415000000',
      shipping_email: 'store@shop.example.in',
      order_items: [
        { name: 'Five Mukhi', sku: 'sku-1', units: 1, selling_price: 500, hsn: '7103' },
        { name: 'Silver cap', sku: 'sku-2', units: 1, selling_price: 120.5 },
      ],
      payment_method: 'Prepaid',
      sub_total: 620.5,
      length: 10,
      breadth: 8,
      height: 5,
      weight: 0.18,
    });
  });

  it('assigns the AWB as a return; asks for the pickup only when the answer names no pickup date', async () => {
    const c = courier();
    await c.bookReturn(RETURN);
    expect(fake.seen.find((s) => s.path.endsWith('/assign/awb'))!.body).toEqual({
      shipment_id: 18181818,
      is_return: 1,
    });
    expect(fake.paths()).not.toContain('POST /v1/external/courier/generate/pickup');
    fake.reversePickupDated = false;
    const second = await c.bookReturn({ ...RETURN, returnId: '11112222-0000-4000-8000-000000000003' });
    expect(second).toMatchObject({ providerShipmentId: '18181819', pickupRequested: true });
    expect(fake.seen.find((s) => s.path.endsWith('/generate/pickup'))!.body).toEqual({ shipment_id: [18181819] });
    // The pickup location's address is read once for both.
    expect(fake.paths().filter((p) => p.endsWith('/settings/company/pickup'))).toHaveLength(1);
  });

  it('a repeat answers the same parcel: the return order is found again, no second order or AWB', async () => {
    const first = await courier().bookReturn(RETURN);
    fake.seen = [];
    // A refusal saying the pickup is booked already still means a pickup is coming.
    fake.overrides.set('POST /v1/external/courier/generate/pickup', {
      status: 400,
      body: { message: 'Already in Pickup Queue.' },
    });
    expect(await courier().bookReturn(RETURN)).toEqual(first);
    expect(withoutLogin()).toEqual([
      'GET /v1/external/settings/company/pickup',
      'POST /v1/external/orders/create/return',
      'GET /v1/external/orders/processing/return',
      'POST /v1/external/courier/generate/pickup',
    ]);
    expect(fake.returns.size).toBe(1);
  });

  it('a retry after the AWB failed finds its return order (past the first page) and assigns the AWB once', async () => {
    fake.overrides.set('POST /v1/external/courier/assign/awb', { status: 503, body: { message: 'down' } });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({ name: 'CourierError', transient: true });
    for (let n = 0; n < 60; n += 1) fake.addReturn(`R-OTHER-${n}`, { awb: `99${n}` });
    fake.seen = [];
    expect(await courier().bookReturn(RETURN)).toEqual(BOOKED_RETURN);
    expect(fake.seen.filter((s) => s.path.endsWith('/processing/return')).map((s) => s.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(fake.paths().filter((p) => p.endsWith('/assign/awb'))).toHaveLength(1);
    expect(fake.returns.get(RETURN_ORDER_ID)!.awb).toBe('7718181818');
  });

  it('a timeout and a 5xx are transient CourierErrors; a refusal carries their words', async () => {
    fake.overrides.set('POST /v1/external/orders/create/return', { status: 200, body: {}, delayMs: 1_000 });
    await expect(courier(300).bookReturn(RETURN)).rejects.toMatchObject({ name: 'CourierError', transient: true });
    fake.overrides.set('POST /v1/external/orders/create/return', { status: 502, body: { message: 'Bad gateway' } });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({ name: 'CourierError', transient: true });
    fake.overrides.set('POST /v1/external/orders/create/return', {
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { pickup_pincode: ['The pickup pincode is invalid.'] } },
    });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({
      name: 'CourierError',
      transient: false,
      message: expect.stringContaining('The pickup pincode is invalid.'),
    });
    fake.overrides.set('POST /v1/external/courier/assign/awb', {
      status: 400,
      body: { message: 'No courier serviceable for reverse pickup from 411001.' },
    });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({
      transient: false,
      message: expect.stringContaining('No courier serviceable for reverse pickup'),
    });
    expect(fake.returns.size).toBe(1);
  });

  it('refuses without the configured pickup location, and a return order cancelled in their panel', async () => {
    fake.overrides.set('GET /v1/external/settings/company/pickup', {
      status: 200,
      body: { data: { shipping_address: [PICKUP_LOCATIONS[0]] } },
    });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({
      transient: false,
      message: expect.stringContaining('no pickup location named "Varanasi Store"'),
    });
    expect(fake.paths()).not.toContain('POST /v1/external/orders/create/return');
    fake.addReturn(RETURN_ORDER_ID, { status: 'CANCELED' });
    await expect(courier().bookReturn(RETURN)).rejects.toMatchObject({
      transient: false,
      message: expect.stringContaining('was cancelled in its panel'),
    });
    expect(fake.paths()).not.toContain('POST /v1/external/courier/assign/awb');
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

describe('configuration', () => {
  const SHIPROCKET = {
    SHIPROCKET_EMAIL: 'api@shop.example.in',
    SHIPROCKET_PASSWORD: 'secret',
    SHIPROCKET_WEBHOOK_TOKEN: 'a-webhook-token-of-16+',
  };
  const pincodes = new OfflinePincodeDirectory();

  it('Shiprocket needs its user, password and webhook token together', () => {
    expect(() => loadConfig({ SHIPROCKET_EMAIL: 'api@shop.example.in' })).toThrow(/Shiprocket needs SHIPROCKET_EMAIL/);
    const config = loadConfig(SHIPROCKET);
    expect(config.courier).toMatchObject({
      provider: 'shiprocket',
      pickupLocation: 'Primary',
      baseUrl: 'https://apiv2.shiprocket.in',
    });
    expect(createCourier(config.courier, pincodes)).toBeInstanceOf(ShiprocketCourier);
  });

  it('the sandbox outside production; in production without Shiprocket, none (courier and AWB by hand)', () => {
    expect(createCourier(loadConfig({}).courier, pincodes)).toBeInstanceOf(SandboxCourier);
    const production = loadConfig({ NODE_ENV: 'production', ...LIVE_ENV });
    expect(production.courier).toEqual({ provider: 'none' });
    expect(createCourier(production.courier, pincodes)).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', ...LIVE_ENV, ...SHIPROCKET }).courier.provider).toBe('shiprocket');
  });

  it('an app without a courier refuses to book and has no tracking webhook', async () => {
    const t = await createTestApp({ courier: null });
    try {
      const admin = (await signIn(t.app, DEMO_ADMIN)).token;
      const buyer = await make.customer(t);
      const placed = await make.codOrder(t, buyer.token, await make.product(t, { stock: 5, category: 'gems' }));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.json<Order>()._id}/ship`,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COURIER_NOT_CONFIGURED' });
      const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/courier', payload: {} });
      expect(hook.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
