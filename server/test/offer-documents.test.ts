/**
 * Issue 26: festival offers on the documents and the owner's books. The tax invoice and the credit note
 * list each discount by its label (the sale's, the coupon's) and say when a coupon waived the shipping
 * charge; the credit note gives each line's discount back as the line carried it; the GST register has
 * the discounted taxable value; the orders CSV names the coupon; the new order's e-mail tells the saving.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { isoDateIST, isoMonthIST, type Coupon, type Order } from '@rr/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/csv.ts';
import { outboxMessages, sales } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { ADDRESS } from './factories.ts';
import { pdfLines } from './pdf-reading.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: '60000', SHOP_EMAIL: 'owner@example.in' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
});
afterAll(() => t?.close());

/** Set INVOICE_PDF_OUT to a folder to keep the rendered PDFs and look at them. */
function keep(name: string, pdf: Buffer) {
  const folder = process.env.INVOICE_PDF_OUT;
  if (folder) writeFileSync(path.join(folder, name), pdf);
}

const asAdmin = (method: 'PUT' | 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

async function coupon(fields: Record<string, unknown>): Promise<Coupon> {
  const res = await asAdmin('POST', '/api/admin/coupons', fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Coupon>();
}

/** A running sale of `percentOff` on `productId`. */
async function saleOn(productId: string, name: string, percentOff: number) {
  const now = Date.now();
  await t.db.insert(sales).values({
    name,
    percentOff,
    productIds: [productId],
    startsAt: new Date(now - 60_000),
    endsAt: new Date(now + 3_600_000),
  });
}

async function placeOrder(token: string, items: { product: string; qty: number }[], couponCode: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { orderItems: items, shippingAddress: ADDRESS, paymentMethod: 'Cash on Delivery', couponCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

async function ship(orderId: string, trackingNumber: string) {
  const res = await asAdmin('PUT', `/api/orders/${orderId}/ship`, { courier: 'India Post', trackingNumber });
  expect(res.statusCode, res.body).toBe(200);
}

async function documentLines(orderId: string, token: string, kind: 'invoice' | 'credit-note') {
  const res = await t.app.inject({ url: `/api/orders/${orderId}/${kind}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  keep(`offer-${kind}-${orderId.slice(0, 8)}.pdf`, res.rawPayload);
  return (await pdfLines(res.rawPayload)).flat();
}

/** "1,234.56" or "-1,234.56" as a number. */
const figure = (text: string) => Number(text.replaceAll(',', ''));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A line ending in `label` and its figure ("… Taxable value 2,338.56": the words may be left of it). */
const sumPattern = (label: string) => new RegExp(`(?:^| )${escaped(label)} (-?[\\d,]+\\.\\d\\d)$`);

/** The totals' figure after `label`. */
function sum(lines: readonly string[], label: string): number {
  const pattern = sumPattern(label);
  const found = lines.map((text) => pattern.exec(text)).filter((match) => match !== null);
  expect(found, label).toHaveLength(1);
  return figure(found[0]![1]!);
}

/** The table's rows: a line number, then at the end the taxable value, IGST and amount. */
function tableRows(lines: readonly string[]): string[] {
  return lines.filter((text) => /^\d+ .* -?[\d,]+\.\d\d [\d,]+\.\d\d [\d,]+\.\d\d [\d,]+\.\d\d$/.test(text));
}

interface Shop {
  buyer: make.Customer;
  order: Order;
  code: string;
}

/** A bead at ₹1,000 and a mala at ₹999 in the Diwali Sale (20% off), both at 18%, with a 10% code. */
async function orderInSaleWithCode(): Promise<Shop> {
  const gst = { gstBasisPoints: 1800, hsnCode: '14049090' };
  const bead = await make.product(t, { name: 'Five Mukhi bead', price: 1000, stock: 10, columns: gst });
  const mala = await make.product(t, { name: 'Tulsi mala', price: 999, stock: 10, category: 'mala', columns: gst });
  await saleOn(mala, 'Diwali Sale', 20);
  const { code } = await coupon({ code: 'DIWALI10', percentOff: 10 });
  const buyer = await make.customer(t, { name: 'Meera Iyer' });
  const order = await placeOrder(
    buyer.token,
    [
      { product: bead, qty: 1 },
      { product: mala, qty: 2 },
    ],
    code,
  );
  return { buyer, order, code };
}

describe('an order with a sale and a coupon', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await orderInSaleWithCode();
  });

  it('carries both discounts, each line its shares', () => {
    // ₹999 less 20% is ₹799.20 a unit: 399.60 off two. 10% of the ₹2,598.40 left is 259.84.
    expect(shop.order.coupon).toEqual({ code: 'DIWALI10', discount: 259.84 });
    expect(shop.order.discountPrice).toBeCloseTo(659.44, 2);
  });

  it('prints each discount by its label on the invoice and the credit note, figures that add up', async () => {
    const { order, buyer } = shop;
    await ship(order._id, 'EE111222333IN');
    const invoice = await documentLines(order._id, buyer.token, 'invoice');
    const all = invoice.join('\n');
    expect(sum(invoice, 'Less: Diwali Sale (20% off)')).toBe(-399.6);
    expect(sum(invoice, 'Less: Coupon DIWALI10 (10% off)')).toBe(-259.84);
    expect(all).not.toMatch(/Less: discount/);
    // Sales first, then the coupon, between the gross value and the taxable value.
    const at = (label: string) => invoice.findIndex((text) => sumPattern(label).test(text));
    const labels = ['Gross value', 'Less: Diwali Sale (20% off)', 'Less: Coupon DIWALI10 (10% off)', 'Taxable value'];
    const order_ = [...labels, 'Total tax'].map(at);
    expect(order_.every((i) => i >= 0)).toBe(true);
    expect([...order_].sort((a, b) => a - b)).toEqual(order_);
    // The Discount column stays: the bead's share of the code, the mala's sale and share.
    expect(invoice).toContain('# Description HSN/SAC Qty Unit price Discount Taxable value IGST Amount');
    const rows = tableRows(invoice);
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.includes(' 1,000.00 -100.00 900.00 '))).toBe(true);
    expect(rows.some((row) => row.includes(' 999.00 -559.44 1,438.56 '))).toBe(true);

    const gross = sum(invoice, 'Gross value');
    const taxable = sum(invoice, 'Taxable value');
    expect(gross).toBe(2998);
    expect(gross - 399.6 - 259.84).toBeCloseTo(taxable, 2);
    expect(taxable).toBe(2338.56);
    expect(taxable + sum(invoice, 'IGST')).toBeCloseTo(order.totalPrice, 2);
    expect(sum(invoice, 'Total / कुल (₹)')).toBe(order.totalPrice);
    expect(all).not.toContain('Shipping waived');

    // Cancelled after it shipped: the credit note reverses every line as the invoice had it.
    await make.creditedOrder(t, order._id);
    const credit = await documentLines(order._id, buyer.token, 'credit-note');
    const creditAll = credit.join('\n');
    expect(creditAll).toContain('CREDIT NOTE / ');
    expect(tableRows(credit)).toEqual(rows);
    expect(sum(credit, 'Less: Diwali Sale (20% off)')).toBe(-399.6);
    expect(sum(credit, 'Less: Coupon DIWALI10 (10% off)')).toBe(-259.84);
    expect(sum(credit, 'Taxable value')).toBe(taxable);
    expect(sum(credit, 'Total credit / कुल जमा (₹)')).toBe(order.totalPrice);

    // The GST register: the invoice at the discounted taxable value, the credit note its negative.
    const register = parseCsv(
      (await asAdmin('GET', `/api/admin/gst-report?month=${isoMonthIST(new Date().toISOString())}`)).body,
    );
    const seen = (await asAdmin('GET', `/api/orders/${order._id}`)).json<Order>();
    const column = register[0]!.indexOf('Taxable value');
    const row = (serial: string) => register.find((cells) => cells[1] === serial)!;
    expect(Number(row(seen.invoiceNumber!)[column])).toBe(2338.56);
    expect(Number(row(seen.creditNoteNumber!)[column])).toBe(-2338.56);
    expect(row(seen.invoiceNumber!)[register[0]!.indexOf('HSN/SAC')]).toBe('14049090 @ 18% 2338.56');
  });

  it('names the coupon in the orders CSV, after the columns sheets already read', async () => {
    const today = isoDateIST(new Date().toISOString());
    const [header, ...rows] = parseCsv(
      (await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}`)).body,
    );
    const at = header!.indexOf('Discount');
    expect(header!.slice(at, at + 4)).toEqual(['Discount', 'Total', 'Coupon', 'Coupon discount']);
    const row = rows.find((cells) => cells[0] === shop.order._id)!;
    expect(row.slice(at, at + 4)).toEqual(['659.44', shop.order.totalPrice.toFixed(2), 'DIWALI10', '259.84']);
  });

  it('tells the saving in the new order e-mail: the sale and the code', async () => {
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.idempotencyKey, `order:${shop.order._id}:order_placed%`));
    const email = mails.find((m) => m.channel === 'email' && m.kind === 'order_placed')!;
    expect(email.text).toContain('You saved ₹399.60 in the Diwali Sale (20% off).');
    expect(email.text).toContain('You saved ₹259.84 with DIWALI10.');
    expect(email.html).toContain('<p>You saved ₹259.84 with DIWALI10.</p>');
    const shopMail = mails.find((m) => m.kind === 'shop_new_order')!;
    expect(shopMail.text).toContain('Coupon DIWALI10: ₹259.84 off.');
    // The SMS is a DLT template: its words and variables stay as registered.
    const sms = mails.find((m) => m.channel === 'sms')!;
    expect(sms.text).not.toContain('saved');
    expect(sms.variables).toHaveLength(3);
  });
});

describe('a free-shipping coupon', () => {
  it('waives the shipping charge: no shipping line, the invoice says so, the CSV gives the charge', async () => {
    const cheap = await make.product(t, {
      name: 'Rudraksha thread',
      price: 80,
      stock: 10,
      columns: { gstBasisPoints: 1800, hsnCode: '14049090' },
    });
    const { code } = await coupon({ code: 'FREESHIP', freeShipping: true });
    const buyer = await make.customer(t, { name: 'Kabir Rao' });
    const order = await placeOrder(buyer.token, [{ product: cheap, qty: 1 }], code);
    // ₹80 would pay ₹100 shipping; the code waives it (nothing off the line).
    expect(order.shippingPrice).toBe(0);
    expect(order.coupon).toEqual({ code: 'FREESHIP', discount: 100 });
    await ship(order._id, 'EE444555666IN');
    const invoice = await documentLines(order._id, buyer.token, 'invoice');
    const all = invoice.join('\n');
    expect(all).toContain('Shipping waived by coupon FREESHIP.');
    expect(all).not.toContain('Shipping and handling');
    expect(all).not.toMatch(/Less:|Gross value/);
    expect(sum(invoice, 'Total / कुल (₹)')).toBe(order.totalPrice);

    const today = isoDateIST(new Date().toISOString());
    const [header, ...rows] = parseCsv(
      (await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}`)).body,
    );
    const row = rows.find((cells) => cells[0] === order._id)!;
    expect(row[header!.indexOf('Coupon')]).toBe('FREESHIP');
    expect(row[header!.indexOf('Coupon discount')]).toBe('100.00');
    expect(row[header!.indexOf('Shipping')]).toBe('0.00');

    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.idempotencyKey, `order:${order._id}:order_placed:email`),
          eq(outboxMessages.channel, 'email'),
        ),
      );
    expect(email!.text).toContain('You saved ₹100.00 with FREESHIP.');
    expect(email!.text).not.toContain(' in the ');
  });
});
