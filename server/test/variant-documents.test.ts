/**
 * Issue 25: a variant and add-ons as the documents and messages show them. The invoice and credit note
 * name the variant on the product's line and print each add-on as its own line (its own SAC and rate)
 * with the texts the buyer filled in, Devanagari too; the GST register gives each code and rate; the new
 * order's e-mails and the orders CSV list the choices, markup as text.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { isoDateIST, isoMonthIST, type Order } from '@rr/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/csv.ts';
import { outboxMessages } from '../src/db/schema/index.ts';
import * as make from './factories.ts';
import { actualTexts, pdfLines } from './pdf-reading.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
// Seller in Uttar Pradesh (the default): Lucknow is inside it.
const LUCKNOW = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };
const WEARER = 'राम कुमार';

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

const asAdmin = (method: 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

interface Made {
  id: string;
  variants: { _id: string; name: string }[];
  addOns: { _id: string; name: string }[];
}

/** A bead in two sizes (3% GST, its own HSN) with silver capping (goods) and energisation (a service at 18%). */
async function beadWithChoices(): Promise<Made> {
  const id = await make.product(t, {
    stock: 0,
    name: 'Nepal 5 Mukhi Rudraksha',
    columns: { hsnCode: '14049090', gstBasisPoints: 300 },
  });
  const sku = `N5-${Math.random().toString(36).slice(2, 8)}`;
  const res = await asAdmin('PUT', `/api/products/${id}`, {
    variants: [
      { name: '18 mm', sku: `${sku}-18`, price: 1000, countInStock: 5, facts: { sizeMm: 18 }, isDefault: true },
      { name: '20 mm', sku: `${sku}-20`, price: 1500, countInStock: 5, facts: { sizeMm: 20 } },
    ],
    addOns: [
      { name: 'Silver capping', price: 500 },
      {
        name: 'Energisation',
        price: 251,
        service: true,
        hsnCode: '999599',
        gstPercent: 18,
        fields: [
          { name: "Wearer's name", maxLength: 60, required: true },
          { name: 'Gotra', maxLength: 40 },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const product = (await t.app.inject({ url: `/api/products/${id}` })).json<Made & { _id: string }>();
  return { id, variants: product.variants, addOns: product.addOns };
}

async function orderChoices(
  values: Record<string, string>,
): Promise<{ order: Order; bead: Made; buyer: make.Customer }> {
  const bead = await beadWithChoices();
  const buyer = await make.customer(t, { name: 'Asha Verma' });
  const [capping, energisation] = bead.addOns;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    payload: {
      orderItems: [
        {
          product: bead.id,
          qty: 2,
          variant: bead.variants[1]!._id,
          addOns: [{ _id: capping!._id }, { _id: energisation!._id, values }],
        },
      ],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json<Order>(), bead, buyer };
}

describe('invoice and credit note of a variant with add-ons', () => {
  it('names the variant and prints each add-on as its own line, with its code, rate and texts', async () => {
    const { order, buyer } = await orderChoices({ Gotra: 'Kashyap', "Wearer's name": WEARER });
    const shipped = await asAdmin('PUT', `/api/orders/${order._id}/ship`, {
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await make.creditedOrder(t, order._id);
    for (const kind of ['invoice', 'credit-note']) {
      const res = await t.app.inject({ url: `/api/orders/${order._id}/${kind}`, headers: bearer(buyer.token) });
      expect(res.statusCode).toBe(200);
      keep(`variant-${kind}.pdf`, res.rawPayload);
      const lines = (await pdfLines(res.rawPayload)).flat();
      const all = lines.join('\n');
      // The product line first, then each add-on as its own line (their order is the quote's).
      // 2 × ₹1,500 at 3%: 45.00 each half.
      expect(all).toMatch(/^1 Nepal 5 Mukhi Rudraksha — 20 14049090 2 NOS 1,500.00 3,000.00 45.00 45.00 3,090.00$/m);
      // Capping is goods: the product's HSN and rate. 2 × ₹500 at 3%.
      expect(all).toMatch(/^[23] Silver capping for Nepal 5 14049090 2 NOS 500.00 1,000.00 15.00 15.00 1,030.00$/m);
      // Energisation is a service: its SAC, the unit OTH and 18%. 2 × ₹251 = 502.00, 45.18 each half.
      expect(all).toMatch(/^[23] Energisation for Nepal 5 Mukhi 999599 2 OTH 251.00 502.00 45.18 45.18 592.36$/m);
      expect(all.match(/@ 1.5% @ 1.5%/g)).toHaveLength(2);
      expect(all.match(/@ 9% @ 9%/g)).toHaveLength(1);
      // The wrapped descriptions, without the rates printed beside them: the texts in the order the
      // add-on asks them, the name in Devanagari.
      const prose = lines.map((line) => line.replace(/\s*@ [\d.]+%/g, '')).join(' ');
      expect(prose).toMatch(/Rudraksha — 20 .* mm /);
      expect(prose).toContain(`Rudraksha — Wearer's name: ${WEARER}; Gotra: Kashyap`);
      // Devanagari is written with its text beside it (ActualText): the document's Hindi labels and the name.
      expect(actualTexts(res.rawPayload)).toContain(`${WEARER}; `);
      expect(all).not.toContain('?');
    }
    // The GST register gives each code and rate its taxable value; the credit note's negative.
    const register = parseCsv(
      (await asAdmin('GET', `/api/admin/gst-report?month=${isoMonthIST(new Date().toISOString())}`)).body,
    );
    const column = register[0]!.indexOf('HSN/SAC');
    const seen = (await asAdmin('GET', `/api/orders/${order._id}`)).json<Order>();
    const row = (serial: string) => register.find((cells) => cells[1] === serial)!;
    expect(row(seen.invoiceNumber!)[column]).toBe('14049090 @ 3% 4000.00; 999599 @ 18% 502.00');
    expect(row(seen.creditNoteNumber!)[column]).toBe('14049090 @ 3% -4000.00; 999599 @ 18% -502.00');
  });
});

describe('messages and the orders CSV', () => {
  const hostile = '<script>alert(1)</script>';

  it('lists the variant and add-ons with their texts in the new order e-mails, markup as text', async () => {
    const { order } = await orderChoices({ "Wearer's name": hostile, Gotra: 'Kashyap' });
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(and(like(outboxMessages.idempotencyKey, `order:${order._id}:%`), eq(outboxMessages.channel, 'email')));
    expect(mails.map((m) => m.kind).sort()).toEqual(['order_placed', 'shop_new_order']);
    // The add-ons in the order the order lists them.
    const addOns = order.orderItems[0]!.addOns.map((a) =>
      a.name === 'Energisation' ? `Energisation (Wearer's name: ${hostile}; Gotra: Kashyap)` : a.name,
    );
    const line = `2 × Nepal 5 Mukhi Rudraksha — 20 mm, with ${addOns.join(' and ')}`;
    for (const mail of mails) {
      expect(mail.text).toContain(line);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    }
    const sms = await t.db
      .select()
      .from(outboxMessages)
      .where(and(like(outboxMessages.idempotencyKey, `order:${order._id}:%`), eq(outboxMessages.channel, 'sms')));
    expect(sms[0]!.text).not.toContain('Energisation');
  });

  it('the orders CSV names the variant and each add-on with its texts, in one Items cell', async () => {
    const { order } = await orderChoices({ "Wearer's name": WEARER, Gotra: '=cmd()' });
    const today = isoDateIST(new Date().toISOString());
    const [header, ...rows] = parseCsv(
      (await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}`)).body,
    );
    const row = rows.find((cells) => cells[0] === order._id)!;
    const addOns = order.orderItems[0]!.addOns.map((a) =>
      a.name === 'Energisation' ? `+ Energisation (Wearer's name: ${WEARER}; Gotra: =cmd())` : `+ ${a.name}`,
    );
    expect(row[header!.indexOf('Items')]).toBe(`Nepal 5 Mukhi Rudraksha — 20 mm x 2 ${addOns.join(' ')}`);
    expect(Number(row[header!.indexOf('Total')])).toBeCloseTo(order.totalPrice, 2);
  });
});
