/**
 * Issue 30: a sale's optional Hindi name and banner. The admin API takes and returns them, the running
 * sales and the catalog's sale badges carry them, and the quote's sale terms (kept on the order's lines)
 * carry the Hindi name, so Hindi pages and messages can say it; a sale without one says its English name.
 */
import type { CartQuote, Order, Product, RunningSale, Sale } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as make from './factories.ts';
import { ADDRESS } from './factories.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(() => t?.close());

const running = () => ({
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
});

async function createSale(fields: Record<string, unknown>): Promise<Sale> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sales',
    headers: bearer(adminToken),
    payload: { percentOff: 20, ...running(), ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Sale>();
}

const quoteOf = async (product: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems: [{ product, qty: 1 }], paymentMethod: 'Cash on Delivery' },
    })
  ).json<CartQuote>();

describe('a sale’s Hindi name and banner (issue 30)', () => {
  it('are taken, returned and changed by the admin API; absent, they are empty', async () => {
    const bead = await make.product(t, { price: 1000, category: 'mala' });
    const sale = await createSale({
      name: 'Diwali Sale',
      nameHi: ' दिवाली सेल ',
      banner: 'Diwali: 20% off',
      bannerHi: 'दिवाली: 20% की छूट',
      products: [bead],
    });
    expect(sale).toMatchObject({ name: 'Diwali Sale', nameHi: 'दिवाली सेल', bannerHi: 'दिवाली: 20% की छूट' });
    const plain = await createSale({ name: 'Plain Sale', products: [bead], isActive: false });
    expect(plain).toMatchObject({ nameHi: '', bannerHi: '' });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sales/${sale._id}`,
      headers: bearer(adminToken),
      payload: { bannerHi: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Sale>()).toMatchObject({ nameHi: 'दिवाली सेल', bannerHi: '', banner: 'Diwali: 20% off' });
    const listed = await t.app.inject({ url: '/api/admin/sales', headers: bearer(adminToken) });
    expect(listed.json<Sale[]>().find((s) => s._id === sale._id)).toMatchObject({ nameHi: 'दिवाली सेल' });

    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sales/${sale._id}`,
      headers: bearer(adminToken),
      payload: { nameHi: 'स'.repeat(61) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('are on the running sales and the product’s sale, and the quote and the order keep the Hindi name', async () => {
    const bead = await make.product(t, { price: 1000, category: 'mala' });
    const plainBead = await make.product(t, { price: 1000, category: 'mala' });
    const sale = await createSale({
      name: 'Navratri Sale',
      nameHi: 'नवरात्रि सेल',
      bannerHi: 'नवरात्रि पर 20% की छूट',
      products: [bead],
    });
    await createSale({ name: 'Plain Sale', percentOff: 10, products: [plainBead] });

    const current = (await t.app.inject({ url: '/api/sales/current' })).json<RunningSale[]>();
    expect(current.find((s) => s._id === sale._id)).toMatchObject({
      nameHi: 'नवरात्रि सेल',
      bannerHi: 'नवरात्रि पर 20% की छूट',
    });
    const product = (await t.app.inject({ url: `/api/products/${bead}` })).json<Product>();
    expect(product.sale).toMatchObject({ name: 'Navratri Sale', nameHi: 'नवरात्रि सेल' });

    expect((await quoteOf(bead)).adjustments[0]).toEqual({
      kind: 'sale',
      label: 'Navratri Sale (20% off)',
      amount: 200,
      terms: { name: 'Navratri Sale', nameHi: 'नवरात्रि सेल', percentOff: 20 },
    });
    // Without a Hindi name, the terms are as before.
    expect((await quoteOf(plainBead)).adjustments[0]?.terms).toEqual({ name: 'Plain Sale', percentOff: 10 });

    const customer = await make.customer(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(customer.token),
      payload: { orderItems: [{ product: bead, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Cash on Delivery' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const shown = await t.app.inject({
      url: `/api/orders/${placed.json<Order>()._id}`,
      headers: bearer(customer.token),
    });
    expect(shown.json<Order>().adjustments?.[0]?.terms).toEqual({
      name: 'Navratri Sale',
      nameHi: 'नवरात्रि सेल',
      percentOff: 20,
    });
  });
});
