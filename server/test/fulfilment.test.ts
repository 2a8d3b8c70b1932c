/**
 * Running the business (issue 12): ship with a tracking number, hand delivery and cash collected, GST tax
 * invoices and credit notes (serials, CGST/SGST or IGST, PDFs), refunds of paid online orders through
 * the gateway (once, retried, by webhook), the messages each step writes, the GST register and the
 * admin list's filters.
 */
import { isoMonthIST, parseDocumentSerial, type Order } from '@rr/core';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayError,
  SandboxGateway,
  webhookSignature,
  type GatewayRefund,
  type RefundRequest,
} from '../src/adapters/payments/index.ts';
import { outboxMessages, orders } from '../src/db/schema/index.ts';
import { sweepPendingRefunds } from '../src/modules/fulfilment/index.ts';
import { DOCUMENT_LABELS } from '../src/modules/fulfilment/document-labels.ts';
import { scriptRuns } from '../src/modules/fulfilment/pdf-text.ts';
import * as make from './factories.ts';
import { actualTexts, pdfFonts, pdfLines } from './pdf-reading.ts';
import { DEMO_ADMIN, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * Issue 30: the invoice's bilingual headings as pdf.js reads them back: Devanagari glyphs in the order
 * they are drawn (ि before its consonant, the reph after), not the order they are typed.
 */
const BILLED_TO = 'BILLED TO / िबल प्र ाप्तकतार्';
const PARTIES_HEADINGS = `${BILLED_TO} SHIPPED TO / िडलीवरी का पता`;
const LABEL_RUNS = Object.values(DOCUMENT_LABELS).flatMap((label) =>
  scriptRuns(label)
    .filter((run) => run.devanagari)
    .map((run) => run.text),
);

/** The sandbox gateway, counting refunds and failing them while told to. */
class CountingGateway extends SandboxGateway {
  refundCalls: RefundRequest[] = [];
  failRefunds = false;
  override async refund(input: RefundRequest): Promise<GatewayRefund> {
    this.refundCalls.push(input);
    if (this.failRefunds) throw new GatewayError('Razorpay unreachable: connect ECONNREFUSED');
    return super.refund(input);
  }
}

let t: TestApp;
let admin: string;
let other: make.Customer;
const gateway = new CountingGateway('rzp_test_sandbox');
// Seller in Uttar Pradesh (the default); Pune is in Maharashtra, Lucknow in Uttar Pradesh.
const PUNE = { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };
const LUCKNOW = { address: '2 Hazratganj', city: 'Lucknow', postalCode: '226001', state: 'Uttar Pradesh' };

beforeAll(async () => {
  // The per-customer limits have their own tests; here every order has its own buyer.
  t = await createTestApp({ payments: gateway, env: { OUTBOX_POLL_MS: '60000' } });
  admin = (await signIn(t.app, DEMO_ADMIN)).token;
  other = await make.customer(t);
});
afterAll(() => t?.close());

/** A product of the test's own with plenty of stock (the factory's, in the gems category). */
const product = (price = 1000) => make.product(t, { stock: 50, price, category: 'gems' });

type Placed = Order & { buyer: make.Customer };

/** A Cash on Delivery order of a new customer named Asha Verma. */
async function codOrder(address: object = PUNE, qty = 1): Promise<Placed> {
  const buyer = await make.customer(t, { name: 'Asha Verma' });
  const res = await make.codOrder(t, buyer.token, await product(), qty, address);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<Order>(), buyer };
}

async function paidOrder(): Promise<Order> {
  const customer = await make.customer(t);
  const { payment } = await make.paidHold(t, customer.token, await product(), 1, LUCKNOW);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(customer.token),
    payload: {
      orderItems: [{ product: 'ignored', qty: 1 }],
      shippingAddress: LUCKNOW,
      paymentMethod: 'Razorpay',
      ...payment,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const asAdmin = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
const ship = (id: string, courier = 'India Post', trackingNumber = 'EE123456789IN') =>
  asAdmin('PUT', `/api/orders/${id}/ship`, { courier, trackingNumber });
const messagesAbout = (orderId: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(like(outboxMessages.idempotencyKey, `order:${orderId}:%`), eq(outboxMessages.kind, kind as never)));

describe('dispatch', () => {
  it('ships an order with a courier and AWB: tracking link, invoice serial, and the customer is told', async () => {
    const placed = await codOrder();
    expect(placed).toMatchObject({ status: 'placed', isShipped: false, shipment: null, invoiceNumber: null });
    const res = await ship(placed._id, 'india post', ' ee 123456789 in ');
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json<Order>();
    expect(shipped).toMatchObject({
      status: 'shipped',
      isShipped: true,
      shipment: {
        courier: 'india post',
        trackingNumber: 'EE123456789IN',
        trackingUrl: expect.stringContaining('EE123456789IN'),
      },
    });
    expect(shipped.shippedAt).not.toBeNull();
    expect(parseDocumentSerial(shipped.invoiceNumber!)).toMatchObject({ kind: 'invoice' });
    const seen = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: bearer(placed.buyer.token) });
    expect(seen.json<Order>().shipment?.trackingNumber).toBe('EE123456789IN');
    const told = await messagesAbout(placed._id, 'order_shipped');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    // Placing it told the customer, and the shop when it has an address.
    expect((await messagesAbout(placed._id, 'order_placed')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.find((m) => m.channel === 'email')!.text).toContain(`/order/${placed._id}`);
  });

  it('a customer who switched order e-mails off in the profile gets the SMS only', async () => {
    const placed = await codOrder();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(placed.buyer.token),
      payload: { orderEmails: false },
    });
    expect(off.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/users/profile', headers: bearer(placed.buyer.token) });
    expect(profile.json()).toMatchObject({ orderEmails: false });
    await ship(placed._id);
    expect((await messagesAbout(placed._id, 'order_shipped')).map((m) => m.channel)).toEqual(['sms']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(placed.buyer.token),
      payload: { orderEmails: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/orderEmails must be true or false/);
    // A refused password change leaves the setting as it was (the fuzz test found it written first).
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(placed.buyer.token),
      payload: { orderEmails: true, password: 'new-password-1', currentPassword: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(400);
    const after = await t.app.inject({ url: '/api/users/profile', headers: bearer(placed.buyer.token) });
    expect(after.json()).toMatchObject({ orderEmails: false });
  });

  it('a courier the shop does not know is kept as typed, without a link', async () => {
    const placed = await codOrder();
    const res = await ship(placed._id, 'Shree Maruti Courier', 'SMC-0098765');
    expect(res.json<Order>().shipment).toEqual({
      courier: 'Shree Maruti Courier',
      trackingNumber: 'SMC-0098765',
      trackingUrl: null,
      provider: null,
      label: null,
    });
  });

  it('correcting a mistyped AWB keeps the invoice and tells the customer the new number once', async () => {
    const placed = await codOrder();
    const first = (await ship(placed._id, 'Delhivery', '1111111111')).json<Order>();
    const again = (await ship(placed._id, 'Delhivery', '2222222222')).json<Order>();
    expect(again.invoiceNumber).toBe(first.invoiceNumber);
    expect(again.shipment?.trackingNumber).toBe('2222222222');
    await ship(placed._id, 'Delhivery', '2222222222');
    // Corrected before the outbox sent the first news: the customer reads only the right number.
    const told = await messagesAbout(placed._id, 'order_shipped');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of told) {
      expect(m.text).toContain('2222222222');
      expect(m.text).not.toContain('1111111111');
    }
  });

  it('corrections of a shipment already told reach the customer at most once a minute, with the latest number', async () => {
    const placed = await codOrder();
    await ship(placed._id, 'Delhivery', '1111111111');
    await t.app.outbox.drain();
    for (const awb of ['2222222222', '3333333333', '4444444444']) await ship(placed._id, 'Delhivery', awb);
    const byChannel = async () => {
      const rows = await messagesAbout(placed._id, 'order_shipped');
      rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return { sms: rows.filter((m) => m.channel === 'sms'), email: rows.filter((m) => m.channel === 'email') };
    };
    for (const [first, correction, ...more] of Object.values(await byChannel())) {
      expect(more).toEqual([]);
      expect(first).toMatchObject({ status: 'sent' });
      expect(first!.text).toContain('1111111111');
      expect(correction).toMatchObject({ status: 'pending' });
      expect(correction!.text).toContain('4444444444');
      expect(correction!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(first!.sentAt!.getTime() + 60_000);
    }
    // Not before its minute is up.
    await t.app.outbox.drain();
    expect((await byChannel()).sms[1]).toMatchObject({ status: 'pending' });

    // A minute later: it goes out, and the next correction waits a minute after it.
    await t.db.execute(sql`update outbox_messages
      set sent_at = sent_at - interval '61 seconds', next_attempt_at = next_attempt_at - interval '61 seconds'
      where idempotency_key like ${`order:${placed._id}:%`}`);
    await t.app.outbox.drain();
    await ship(placed._id, 'Delhivery', '5555555555');
    for (const [, correction, next, ...more] of Object.values(await byChannel())) {
      expect(more).toEqual([]);
      expect(correction).toMatchObject({ status: 'sent' });
      expect(next).toMatchObject({ status: 'pending' });
      expect(next!.text).toContain('5555555555');
      expect(next!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(correction!.sentAt!.getTime() + 60_000);
    }
  });

  it('a correction after shipment news the outbox gave up on goes out at once', async () => {
    const placed = await codOrder();
    await ship(placed._id, 'Delhivery', '1111111111');
    await t.db.execute(sql`update outbox_messages
      set status = 'failed', attempts = 10, next_attempt_at = now() + interval '1 hour'
      where idempotency_key like ${`order:${placed._id}:order_shipped:%`}`);
    await ship(placed._id, 'Delhivery', '2222222222');
    const corrections = (await messagesAbout(placed._id, 'order_shipped')).filter((m) => m.status === 'pending');
    expect(corrections.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of corrections) {
      expect(m.text).toContain('2222222222');
      expect(m.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it.each([
    [{ courier: 'India Post', trackingNumber: 'ab' }, /^trackingNumber must be 4 to 30 letters, digits or hyphens$/],
    [{ courier: 'India Post', trackingNumber: 'EE1234<script>' }, /^trackingNumber must be 4 to 30/],
    [{ courier: '', trackingNumber: 'EE123456789IN' }, /^courier is required$/],
    [{ courier: 'x'.repeat(61), trackingNumber: 'EE123456789IN' }, /^courier must be at most 60 characters$/],
    [{ trackingNumber: 'EE123456789IN' }, /courier/],
    [
      { courier: 'India Post\nTrack at http://evil.example', trackingNumber: 'EE123456789IN' },
      /^courier must be one line of plain text$/,
    ],
    [{ courier: 'Blue\tDart', trackingNumber: 'EE123456789IN' }, /^courier must be one line of plain text$/],
    [{ courier: 'Blue\u2028Dart', trackingNumber: 'EE123456789IN' }, /^courier must be one line of plain text$/],
    [{ courier: 'Blue\u202EDart', trackingNumber: 'EE123456789IN' }, /^courier must be one line of plain text$/],
    [{ courier: '<b>Blue Dart</b>', trackingNumber: 'EE123456789IN' }, /^courier must be one line of plain text$/],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const placed = await codOrder();
    const res = await asAdmin('PUT', `/api/orders/${placed._id}/ship`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row).toMatchObject({ isShipped: false, invoiceNumber: null, courier: null });
  });

  it('does not ship a cancelled or a delivered order', async () => {
    const cancelled = await codOrder();
    await asAdmin('PUT', `/api/orders/${cancelled._id}/cancel`);
    expect((await ship(cancelled._id)).json()).toMatchObject({ message: 'A cancelled order cannot be shipped.' });
    const delivered = await codOrder();
    await asAdmin('PUT', `/api/orders/${delivered._id}/deliver`);
    const res = await ship(delivered._id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This order is already delivered.');
  });

  it('gives concurrent shipments consecutive invoice numbers, no gaps, no duplicates', async () => {
    const placed = await Promise.all(Array.from({ length: 12 }, () => codOrder()));
    const shipped = await Promise.all(placed.map((o, i) => ship(o._id, 'DTDC', `D${String(i).padStart(8, '0')}`)));
    const sequences = shipped
      .map((r) => parseDocumentSerial(r.json<Order>().invoiceNumber!)!.sequence)
      .sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(12);
    expect(sequences.at(-1)! - sequences[0]!).toBe(11);
  });
});

describe('delivery and cash', () => {
  it('hand-delivers a never-shipped order, invoices it, and collects the cash at the door', async () => {
    const placed = await codOrder();
    const res = await asAdmin('PUT', `/api/orders/${placed._id}/deliver`, { cashCollected: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'delivered', isShipped: false, isPaid: true, isDelivered: true });
    expect(res.json<Order>().invoiceNumber).toMatch(/^RR\//);
    expect(await messagesAbout(placed._id, 'order_delivered')).toHaveLength(2);
  });

  it('delivers without a body as SPEC clients do, and marks the cash later', async () => {
    const placed = await codOrder();
    expect((await asAdmin('PUT', `/api/orders/${placed._id}/deliver`)).json<Order>().isPaid).toBe(false);
    expect((await asAdmin('PUT', `/api/orders/${placed._id}/pay`)).json<Order>().isPaid).toBe(true);
  });

  it('refuses cash collection on an online order', async () => {
    const paid = await paidOrder();
    const res = await asAdmin('PUT', `/api/orders/${paid._id}/deliver`, { cashCollected: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only a Cash on Delivery order is marked paid by hand.');
    expect((await t.db.select().from(orders).where(eq(orders.id, paid._id)))[0]!.isDelivered).toBe(false);
  });
});

describe('tax invoices and credit notes', () => {
  it('serves the invoice PDF to the owner and admins once shipped, 409 before, 404 to others', async () => {
    const placed = await codOrder();
    const early = await t.app.inject({ url: `/api/orders/${placed._id}/invoice`, headers: bearer(placed.buyer.token) });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The tax invoice is issued when the order ships.');
    await ship(placed._id);
    for (const token of [placed.buyer.token, admin]) {
      const res = await t.app.inject({ url: `/api/orders/${placed._id}/invoice`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const stranger = await t.app.inject({ url: `/api/orders/${placed._id}/invoice`, headers: bearer(other.token) });
    expect(stranger.statusCode).toBe(404);
  });

  it('gives a credited order a credit note of its own series; an order cancelled before dispatch has none', async () => {
    const placed = await codOrder();
    await ship(placed._id);
    await make.creditedOrder(t, placed._id);
    const credited = (await asAdmin('GET', `/api/orders/${placed._id}`)).json<Order>();
    expect(parseDocumentSerial(credited.creditNoteNumber!)).toMatchObject({ kind: 'credit-note' });
    const pdf = await t.app.inject({
      url: `/api/orders/${placed._id}/credit-note`,
      headers: bearer(placed.buyer.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const never = await codOrder();
    await asAdmin('PUT', `/api/orders/${never._id}/cancel`);
    expect((await asAdmin('GET', `/api/orders/${never._id}/credit-note`)).statusCode).toBe(409);
    expect((await asAdmin('GET', `/api/orders/${never._id}`)).json<Order>().creditNoteNumber).toBeNull();
  });

  // Issue 24: "Billed to" was the recipient; it is the buyer, and a business buyer's GSTIN makes it B2B.
  it('bills the customer (with a GSTIN: B2B) and ships to the recipient with phone, on the invoice and credit note', async () => {
    const gift = { ...PUNE, name: 'Ravi Kulkarni', phone: '98220 12345' };
    const placed = await codOrder({ ...gift, gstin: '09abcde1234f1zy', businessName: 'Verma Gems' });
    const plain = await codOrder({ ...gift, name: 'Meena Joshi' });
    for (const order of [placed, plain]) expect((await ship(order._id)).statusCode).toBe(200);
    await make.creditedOrder(t, placed._id);
    const read = async (id: string, kind: string, token: string, leftOf?: number) => {
      const res = await t.app.inject({ url: `/api/orders/${id}/${kind}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return (await pdfLines(res.rawPayload, leftOf))[0]!.join('\n');
    };
    for (const kind of ['invoice', 'credit-note']) {
      const all = await read(placed._id, kind, placed.buyer.token);
      expect(all).toContain(`${PARTIES_HEADINGS}\nVerma Gems Ravi Kulkarni`);
      // Left of the middle: the buyer only (the business, its GSTIN and state, who ordered, their phone).
      expect(await read(placed._id, kind, placed.buyer.token, 300)).toContain(
        `${BILLED_TO}\nVerma Gems\nGSTIN: 09ABCDE1234F1ZY\nState: Uttar Pradesh, Code: 09\nAsha Verma\nPhone: ${placed.buyer.phone}\n`,
      );
      // Right of it: the recipient, with the phone the courier calls, and the address.
      expect(all).toMatch(/Ravi Kulkarni\n.*Phone: 9822012345\n/);
      expect(all).toContain('1 Example Road');
      expect(all).toContain('Invoice type: B2B: the buyer is registered under GST');
      expect(all).toMatch(/^1 .+ 1 NOS [\d,.]+ /m);
    }
    const b2c = await read(plain._id, 'invoice', plain.buyer.token);
    expect(b2c).toContain(`${PARTIES_HEADINGS}\nAsha Verma Meena Joshi`);
    expect(b2c).toContain(`Phone: ${plain.buyer.phone} Phone: 9822012345`);
    expect(b2c).not.toMatch(/B2B|GSTIN: 09/);
    // The month register names the same buyer.
    const register = (await asAdmin('GET', `/api/admin/gst-report?month=${isoMonthIST(new Date().toISOString())}`))
      .body;
    const buyerOf = (serial: string) =>
      register
        .split('\r\n')
        .find((line) => line.includes(serial))!
        .split(',')[4];
    const [b2b, b2cRow] = await Promise.all(
      [placed, plain].map(async (o) => (await asAdmin('GET', `/api/orders/${o._id}`)).json<Order>()),
    );
    expect(buyerOf(b2b!.invoiceNumber!)).toBe('Verma Gems');
    expect(buyerOf(b2b!.creditNoteNumber!)).toBe('Verma Gems');
    expect(buyerOf(b2cRow!.invoiceNumber!)).toBe('Asha Verma');
  });

  it('prints a recipient and address in Devanagari on the invoice and its credit note, in an embedded font', async () => {
    const recipient = 'श्री कृष्ण त्रिपाठी';
    const address = { address: 'फ्लैट 402, क्षत्रिय भवन, गोमती नगर', city: 'लखनऊ', postalCode: '226010' };
    const placed = await codOrder({ ...LUCKNOW, ...address, name: recipient });
    expect((await ship(placed._id)).statusCode).toBe(200);
    await make.creditedOrder(t, placed._id);
    for (const kind of ['invoice', 'credit-note']) {
      const res = await t.app.inject({ url: `/api/orders/${placed._id}/${kind}`, headers: bearer(placed.buyer.token) });
      expect(res.statusCode).toBe(200);
      const pdf = res.rawPayload;
      expect(pdfFonts(pdf).map(({ name, embedded }) => `${name.replace(/^[A-Z]{6}\+/, '')} ${embedded}`)).toEqual([
        'NotoSans-Bold true',
        'NotoSans-Regular true',
      ]);
      // As copied from the PDF: the name and each Devanagari part of the address, in logical order.
      // (less the Hindi of the document's bilingual headings, issue 30)
      expect(actualTexts(pdf).filter((piece) => !LABEL_RUNS.includes(piece))).toEqual([
        recipient,
        'फ्लैट 402, क्षत्रिय भवन, गोमती नगर',
        'लखनऊ - 226010',
      ]);
      const text = (await pdfLines(pdf))
        .flat()
        .filter((line) => !/^[A-Za-z ]+ \/ /.test(line))
        .join('\n');
      expect(text).not.toContain('?');
      const devanagari = (value: string) => [...value].filter((char) => /\p{Script=Devanagari}/u.test(char)).sort();
      expect(devanagari(text)).toEqual(devanagari(recipient + address.address + address.city));
    }
  });

  it('the month register splits CGST and SGST inside Uttar Pradesh and charges IGST outside, adding up to the orders', async () => {
    const inside = await codOrder(LUCKNOW, 3);
    const outside = await codOrder(PUNE, 2);
    const [a, b] = [(await ship(inside._id)).json<Order>(), (await ship(outside._id)).json<Order>()];
    const month = isoMonthIST(new Date().toISOString());
    const res = await asAdmin('GET', `/api/admin/gst-report?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Document,Number,Date,Order,Buyer,Buyer state,State code,Supply,Taxable value,CGST,SGST,IGST,Total,Buyer GSTIN,HSN/SAC',
    );
    const row = (serial: string) => lines.find((l) => l.includes(serial))!.split(',');
    const intra = row(a.invoiceNumber!);
    expect(intra.slice(5, 8)).toEqual(['Uttar Pradesh', '09', 'Intra-state']);
    expect(Number(intra[9]) + Number(intra[10])).toBeCloseTo(a.taxPrice, 2);
    expect(Number(intra[11])).toBe(0);
    expect(Number(intra[12])).toBeCloseTo(a.totalPrice, 2);
    const inter = row(b.invoiceNumber!);
    expect(inter.slice(5, 8)).toEqual(['Maharashtra', '27', 'Inter-state']);
    expect([Number(inter[9]), Number(inter[10])]).toEqual([0, 0]);
    expect(Number(inter[11])).toBeCloseTo(b.taxPrice, 2);
    expect(Number(inter[12])).toBeCloseTo(b.totalPrice, 2);
  });

  it('refuses a month that is not one', async () => {
    const res = await asAdmin('GET', '/api/admin/gst-report?month=2026-13');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/month must look like 2026-11/);
  });
});

describe('refunds', () => {
  it('cancelling a paid online order refunds the amount paid, once, and tells the customer', async () => {
    const paid = await paidOrder();
    const before = gateway.refundCalls.length;
    const res = await asAdmin('PUT', `/api/orders/${paid._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().refund).toMatchObject({ status: 'processed', amount: paid.totalPrice, error: null });
    expect(res.json<Order>().refund!.refundId).toMatch(/^rfnd_/);
    expect(gateway.refundCalls.slice(before)).toEqual([
      expect.objectContaining({ paymentId: paid.razorpayPaymentId, amountPaise: Math.round(paid.totalPrice * 100) }),
    ]);
    expect((await asAdmin('PUT', `/api/orders/${paid._id}/cancel`)).statusCode).toBe(400);
    expect(gateway.refundCalls.length).toBe(before + 1);
    expect((await messagesAbout(paid._id, 'order_refunded')).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  // Issue 23: a dispatched order was cancelled and refunded at once, with the parcel still with the courier.
  it('refuses to cancel a shipped order (409): no refund, no stock back, no message; deliver and pay still work', async () => {
    const paid = await paidOrder();
    expect((await ship(paid._id)).statusCode).toBe(200);
    const productId = paid.orderItems[0]!.product;
    const stockBefore = (await asAdmin('GET', `/api/products/${productId}`)).json<{ countInStock: number }>();
    const before = gateway.refundCalls.length;
    const res = await asAdmin('PUT', `/api/orders/${paid._id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_SHIPPED',
      message: expect.stringContaining('handed to the courier and can no longer be cancelled'),
    });
    expect(gateway.refundCalls.length).toBe(before);
    expect((await asAdmin('GET', `/api/orders/${paid._id}`)).json<Order>()).toMatchObject({
      isCancelled: false,
      refund: null,
    });
    expect((await asAdmin('GET', `/api/products/${productId}`)).json()).toMatchObject(stockBefore);
    expect(await messagesAbout(paid._id, 'order_cancelled')).toEqual([]);

    const cod = await codOrder();
    await ship(cod._id);
    expect((await asAdmin('PUT', `/api/orders/${cod._id}/cancel`)).statusCode).toBe(409);
    expect(
      (await asAdmin('PUT', `/api/orders/${cod._id}/deliver`, { cashCollected: true })).json<Order>(),
    ).toMatchObject({ isDelivered: true, isPaid: true, isCancelled: false });
  });

  it('concurrent cancels make one refund', async () => {
    const paid = await paidOrder();
    const before = gateway.refundCalls.length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => asAdmin('PUT', `/api/orders/${paid._id}/cancel`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(gateway.refundCalls.length).toBe(before + 1);
  });

  it('a gateway failure leaves the order cancelled with the refund failed; the retry refunds it with the same key', async () => {
    const paid = await paidOrder();
    gateway.failRefunds = true;
    const cancelled = (await asAdmin('PUT', `/api/orders/${paid._id}/cancel`)).json<Order>();
    gateway.failRefunds = false;
    expect(cancelled).toMatchObject({ isCancelled: true, refund: { status: 'failed', refundId: null } });
    expect(cancelled.refund!.error).toMatch(/Razorpay unreachable/);
    const keys = () => gateway.refundCalls.filter((c) => c.notes.order === paid._id).map((c) => c.idempotencyKey);
    const retried = await asAdmin('POST', `/api/orders/${paid._id}/refund`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Order>().refund).toMatchObject({ status: 'processed', error: null });
    const [first, second] = keys();
    expect(second).toBe(first);
    const again = await asAdmin('POST', `/api/orders/${paid._id}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed refund can be retried.');
  });

  it('records refund webhooks once, whatever their order, and a replay changes nothing', async () => {
    const paid = await paidOrder();
    gateway.failRefunds = true;
    await asAdmin('PUT', `/api/orders/${paid._id}/cancel`);
    gateway.failRefunds = false;
    const body = JSON.stringify({
      event: 'refund.processed',
      payload: {
        refund: {
          entity: { id: 'rfnd_Webhook0000001', payment_id: paid.razorpayPaymentId, amount: 1, status: 'processed' },
        },
      },
    });
    // The order waits for a webhook only while pending: put it back to pending, as a retry in flight is.
    await t.db.update(orders).set({ refundStatus: 'pending', refundError: null }).where(eq(orders.id, paid._id));
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(t.config.payments.webhookSecret, body),
          'x-razorpay-event-id': `evt_refund_${i}`,
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const order = (await asAdmin('GET', `/api/orders/${paid._id}`)).json<Order>();
    expect(order.refund).toMatchObject({ status: 'processed', refundId: 'rfnd_Webhook0000001' });
    expect((await messagesAbout(paid._id, 'order_refunded')).filter((m) => m.channel === 'sms')).toHaveLength(1);
  });

  it('a refund left pending by a stop before the gateway answered is made by the sweep', async () => {
    const paid = await paidOrder();
    await t.db
      .update(orders)
      .set({
        isCancelled: true,
        cancelledAt: new Date(),
        refundStatus: 'pending',
        refundPaise: Math.round(paid.totalPrice * 100),
        refundAttempt: 1,
        refundUpdatedAt: new Date(Date.now() - 5 * 60_000),
      })
      .where(eq(orders.id, paid._id));
    await sweepPendingRefunds({
      db: t.db,
      gateway,
      messages: { publicUrl: t.config.publicUrl, shopEmail: null },
      log: t.app.log,
    });
    expect((await asAdmin('GET', `/api/orders/${paid._id}`)).json<Order>().refund?.status).toBe('processed');
  });
});

describe('the admin order list', () => {
  it('filters by state and searches by order number, phone and name', async () => {
    const placed = await codOrder();
    const shipped = await codOrder();
    await ship(shipped._id);
    const list = async (query: string) =>
      (await asAdmin('GET', `/api/orders?limit=100&${query}`)).json<Order[]>().map((o) => o._id);
    expect(await list('status=to_ship')).toContain(placed._id);
    expect(await list('status=to_ship')).not.toContain(shipped._id);
    expect(await list('status=shipped')).toContain(shipped._id);
    expect(await list('status=shipped')).not.toContain(placed._id);
    expect(await list('status=nonsense')).toContain(placed._id);
    expect(await list(`q=${placed._id.slice(0, 8).toUpperCase()}`)).toEqual([placed._id]);
    expect(await list(`q=%2B91 ${placed.buyer.phone}`)).toContain(placed._id);
    expect(await list('q=asha')).toContain(placed._id);
    expect(await list('q=%25')).toEqual([]);
  });
});
