/**
 * Issue 28: an order answers its partial refunds in rupees, each part as well as the whole (a sum of
 * two paise columns once came out as paise plus rupees: ₹45,081 of goods in a ₹531 refund).
 */
import type { Order } from '@rr/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const VARANASI = { address: '12 Godowlia', city: 'Varanasi', postalCode: '221001', state: 'Uttar Pradesh' };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

it("answers a refund's goods, shipping and GST in rupees that add up to its amount", async () => {
  const buyer = await make.customer(t);
  const product = await make.product(t, { stock: 10, price: 450, category: 'gems' });
  const placed = await make.codOrder(t, buyer.token, product, 2, VARANASI);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<Order>()._id;
  expect(
    (await call('PUT', `/api/orders/${id}/ship`, { courier: 'India Post', trackingNumber: 'EE1IN' })).statusCode,
  ).toBe(200);
  expect((await call('PUT', `/api/orders/${id}/deliver`, { cashCollected: true })).statusCode).toBe(200);

  const res = await call('POST', `/api/orders/${id}/refund`, {
    lines: [{ product, qty: 1 }],
    method: 'store_credit',
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json<Order>();
  const refund = order.refunds[0]!;
  expect(refund.amount).toBeGreaterThan(0);
  expect(refund.amount).toBeLessThan(order.totalPrice);
  expect(refund.itemsAmount + refund.shippingAmount).toBeCloseTo(refund.amount, 2);
  expect(refund.taxPrice).toBeLessThan(refund.amount);
  expect(refund.itemsAmount).toBeLessThanOrEqual(refund.amount);
});
