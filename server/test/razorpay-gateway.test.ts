import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentOrder } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, RazorpayGateway } from '../src/adapters/payments/index.ts';
import { products } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

/** A local stand-in for Razorpay's orders API: records requests, answers as told. */
let fake: Server;
let baseUrl: string;
const received: Array<{
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}> = [];
let answer: (body: Record<string, unknown>) => { status: number; body: unknown } = (body) => ({
  status: 200,
  body: {
    id: 'order_Fake0000000001',
    entity: 'order',
    amount: body.amount,
    currency: body.currency,
    receipt: body.receipt,
    status: 'created',
  },
});

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = answer(body);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('RazorpayGateway', () => {
  it('creates an order with basic auth, the amount in paise, INR and a receipt', async () => {
    received.length = 0;
    const gateway = new RazorpayGateway({ keyId: 'rzp_test_key', keySecret: 'secret_1', baseUrl });
    const order = await gateway.createOrder({ amountPaise: 216000, receipt: 'hold-1', notes: { hold: 'hold-1' } });
    expect(order).toEqual({ id: 'order_Fake0000000001', amount: 216000, currency: 'INR', receipt: 'hold-1' });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/orders' });
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_key:secret_1').toString('base64')}`);
    expect(received[0]!.body).toEqual({
      amount: 216000,
      currency: 'INR',
      receipt: 'hold-1',
      notes: { hold: 'hold-1' },
    });
  });

  it('reports a refusal as GatewayError', async () => {
    answer = () => ({
      status: 401,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } },
    });
    const gateway = new RazorpayGateway({ keyId: 'k', keySecret: 'wrong', baseUrl });
    const created = gateway.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    await expect(created).rejects.toBeInstanceOf(GatewayError);
    await expect(created).rejects.toThrow(/\(401\): Authentication failed/);
  });

  it('refuses an order whose amount differs from the one asked for', async () => {
    answer = (body) => ({ status: 200, body: { id: 'order_X', amount: Number(body.amount) + 1, currency: 'INR' } });
    const gateway = new RazorpayGateway({ keyId: 'k', keySecret: 's', baseUrl });
    await expect(gateway.createOrder({ amountPaise: 500, receipt: 'r', notes: {} })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

describe('the app configured with Razorpay keys', () => {
  let t: TestApp;
  let customer: make.Customer;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_live1',
        RAZORPAY_KEY_SECRET: 'secret_live',
        RAZORPAY_WEBHOOK_SECRET: 'whsec',
        RAZORPAY_BASE_URL: baseUrl,
      },
    });
    customer = await make.customer(t);
  });
  afterAll(async () => t?.close());

  it('creates the gateway order through Razorpay’s API', async () => {
    received.length = 0;
    answer = (body) => ({
      status: 200,
      body: { id: 'order_Live000000001', amount: body.amount, currency: 'INR', receipt: body.receipt },
    });
    const id = await make.product(t, { stock: 3, price: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(customer.token),
      payload: {
        orderItems: [{ product: id, qty: 1 }],
        shippingAddress: { address: 'a', city: 'b', postalCode: '110001', state: 'Delhi' },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<PaymentOrder>()).toMatchObject({
      keyId: 'rzp_test_live1',
      orderId: 'order_Live000000001',
      amount: 53_100,
    });
    expect(received[0]!.body.amount).toBe(53_100); // 500 - 10%, + 18% of the 450 left
  });

  it('gives the stock back and answers 502 when Razorpay fails', async () => {
    answer = () => ({ status: 500, body: { error: { description: 'Server error' } } });
    const id = await make.product(t, { stock: 2, price: 500 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(customer.token),
      payload: {
        orderItems: [{ product: id, qty: 2 }],
        shippingAddress: { address: 'a', city: 'b', postalCode: '110001', state: 'Delhi' },
      },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Online payment is not available just now/);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row!.countInStock).toBe(2);
  });

  it('sends the browser to Razorpay’s checkout script, allows it in the CSP, and has no sandbox', async () => {
    const script = await t.app.inject({ url: '/api/payments/checkout.js' });
    expect(script.statusCode).toBe(302);
    expect(script.headers.location).toBe('https://checkout.razorpay.com/v1/checkout.js');
    expect(script.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
    expect((await t.app.inject({ url: '/api/config/razorpay' })).body).toBe('rzp_test_live1');
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { razorpay_order_id: 'order_x' },
    });
    expect(sandbox.statusCode).toBe(404);
  });
});
