/**
 * Issue 24: one order's GST is one figure. The quote, the payment hold, the order, the tax invoice (its
 * PDF read back), the credit note, the orders CSV and the GST register all say the same tax and total,
 * for Cash on Delivery and online orders, with and without shipping, inside and outside the seller's
 * state. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import {
  isoDateIST,
  isoMonthIST,
  toPaise,
  type CartQuote,
  type Order,
  type PaymentOrder,
  type PaymentMethod,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { pdfLines } from './pdf-reading.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

// The seller is in Uttar Pradesh (the test configuration's SELLER_STATE).
const INTRA = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };
const INTER = { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };

/** A bead at 18% (its category's) and a gem at 3% (its own rate): two rates, so the principal matters. */
async function cart(cheap: boolean) {
  const bead = await make.product(t, { stock: 20, price: cheap ? 20 : 1499, category: 'rudraksha' });
  const gem = await make.product(t, {
    stock: 20,
    price: cheap ? 35.5 : 2250.75,
    category: 'gems',
    columns: { gstBasisPoints: 300, hsnCode: '71039100' },
  });
  return [
    { product: bead, qty: 2 },
    { product: gem, qty: 1 },
  ];
}

const money = (text: string) => toPaise(Number(text.replaceAll(',', '')));

/** "Total tax" and "Total (₹)" (or "Total credit (₹)") as a PDF of the order prints them, in paise. */
async function documentFigures(orderId: string, kind: 'invoice' | 'credit-note', token: string) {
  const res = await t.app.inject({ url: `/api/orders/${orderId}/${kind}`, headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const all = (await pdfLines(res.rawPayload))[0]!.join('\n');
  return {
    tax: money(/Total tax ([\d,.]+)/.exec(all)![1]!),
    total: money(/Total (?:credit )?\/ कुल (?:जमा )?\(₹\) ([\d,.]+)/.exec(all)![1]!),
  };
}

/** A CSV of the admin's as rows of cells (the cells here hold no commas or quotes). */
async function adminCsv(url: string): Promise<string[][]> {
  const res = await t.app.inject({ url, headers: bearer(admin) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** Places the order as a customer would, and returns every figure the shop shows of it before it ships. */
async function place(method: PaymentMethod, address: typeof INTRA, orderItems: Awaited<ReturnType<typeof cart>>) {
  const buyer = await make.customer(t);
  const quote = (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems, paymentMethod: method, state: address.state },
    })
  ).json<CartQuote>();
  let hold: PaymentOrder | null = null;
  let payment: object = {};
  if (method === 'Razorpay') {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(buyer.token),
      payload: { orderItems, shippingAddress: address },
    });
    expect(started.statusCode, started.body).toBe(201);
    hold = started.json<PaymentOrder>();
    payment = await make.sandboxPayment(t, hold.orderId);
  }
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    payload: { orderItems, shippingAddress: address, paymentMethod: method, ...payment },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, quote, hold, order: placed.json<Order>() };
}

const cases = (['Cash on Delivery', 'Razorpay'] as const).flatMap((method) =>
  [true, false].flatMap((cheap) =>
    [INTRA, INTER].map((address) => ({
      method,
      cheap,
      address,
      name: `${method}, ${cheap ? 'with shipping' : 'free shipping'}, ${address === INTRA ? 'intra-state' : 'inter-state'}`,
    })),
  ),
);

describe('one GST figure for an order, on every page and document', () => {
  it.each(cases)('$name', async ({ method, cheap, address }) => {
    const orderItems = await cart(cheap);
    const { buyer, quote, hold, order } = await place(method, address, orderItems);
    const tax = toPaise(order.taxPrice);
    const total = toPaise(order.totalPrice);
    expect(toPaise(order.shippingPrice) > 0).toBe(cheap);
    // The tax includes the shipping's (taxed as the goods), and the amounts add up.
    expect(tax).toBe(
      order.orderItems.reduce((sum, item) => sum + toPaise(item.taxPrice), 0) + toPaise(order.shippingGst.taxPrice),
    );
    expect(total).toBe(toPaise(order.itemsPrice) - toPaise(order.discountPrice) + toPaise(order.shippingPrice) + tax);
    // Only the online method takes its discount (off the value before GST).
    expect(order.discountPrice > 0).toBe(method === 'Razorpay');

    // The quote and the hold said so before anything was placed.
    expect([toPaise(quote.taxPrice), toPaise(quote.totalPrice)]).toEqual([tax, total]);
    expect(toPaise(quote.gst!.cgst + quote.gst!.sgst + quote.gst!.igst)).toBe(tax);
    expect(quote.gst!.supply).toBe(address === INTRA ? 'intra-state' : 'inter-state');
    if (hold) {
      expect([toPaise(hold.taxPrice), toPaise(hold.totalPrice), hold.amount]).toEqual([tax, total, total]);
    }

    // The invoice, issued when it ships.
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/ship`,
      headers: bearer(admin),
      payload: { courier: 'Delhivery', trackingNumber: `GST${Date.now()}`.slice(0, 15) },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const { invoiceNumber } = shipped.json<Order>();
    expect(await documentFigures(order._id, 'invoice', buyer.token)).toEqual({ tax, total });

    // The credit note reverses exactly that.
    await make.creditedOrder(t, order._id);
    const { creditNoteNumber } = (
      await t.app.inject({ url: `/api/orders/${order._id}`, headers: bearer(admin) })
    ).json<Order>();
    expect(await documentFigures(order._id, 'credit-note', buyer.token)).toEqual({ tax, total });

    // The orders CSV (Tax and Total columns).
    const today = isoDateIST(new Date().toISOString());
    const exported = await adminCsv(`/api/admin/orders/export?from=${today}&to=${today}`);
    const header = exported[0]!;
    const row = exported.find((cells) => cells[0] === order._id)!;
    expect(money(row[header.indexOf('Tax')]!)).toBe(tax);
    expect(money(row[header.indexOf('Total')]!)).toBe(total);

    // The GST register: the invoice's CGST + SGST + IGST, and the credit note's, negative.
    const register = await adminCsv(`/api/admin/gst-report?month=${isoMonthIST(new Date().toISOString())}`);
    const columns = register[0]!;
    const gstOf = (serial: string) => {
      const cells = register.find((line) => line[1] === serial)!;
      const cell = (name: string) => toPaise(Number(cells[columns.indexOf(name)]));
      return { tax: cell('CGST') + cell('SGST') + cell('IGST'), total: cell('Total'), igst: cell('IGST') };
    };
    const invoiced = gstOf(invoiceNumber!);
    expect([invoiced.tax, invoiced.total]).toEqual([tax, total]);
    expect(invoiced.igst).toBe(address === INTRA ? 0 : tax);
    const credited = gstOf(creditNoteNumber!);
    expect([credited.tax, credited.total]).toEqual([-tax, -total]);
  });

  it('prices the products at their own GST rate, else their category’s', async () => {
    const [bead, gem] = await cart(false);
    const { order } = await place('Cash on Delivery', INTRA, [bead!, gem!]);
    const rates = Object.fromEntries(order.orderItems.map((item) => [item.product, item.gstPercent]));
    expect(rates).toEqual({ [bead!.product]: 18, [gem!.product]: 3 });
    // The category's rate again once the product's own is cleared.
    await t.db.update(products).set({ gstBasisPoints: null }).where(eq(products.id, gem!.product));
    const again = (await place('Cash on Delivery', INTRA, [gem!])).order;
    expect(again.orderItems[0]!.gstPercent).toBe(18);
  });
});
