/**
 * Migration 0028 (decision 0039) rewrites orders and payment holds priced before the quote: their totals
 * must not move, and an invoice reprinted from them must say what it said before (the figures below are
 * what the shop's invoice printed for these orders before issue 24).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { computeInvoice, gstStateByName, type Invoice } from '@rr/core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { orderItems, orders, paymentHolds } from '../src/db/schema/index.ts';
import { quoteOfOrder } from '../src/modules/orders/index.ts';
import { quoteOfHold } from '../src/modules/payments/index.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations');
const BEFORE_QUOTE = 27;
const UP = gstStateByName('Uttar Pradesh')!;

let client: ReturnType<typeof newPglite>;
let db: Database;
let folder: string;

/** The migrations up to `last` only: a database as it stood before the quote. */
function migrationsUpTo(last: number): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'rr-migrations-'));
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

const ORDER_COLUMNS = sql.raw(`customer_name, customer_email, customer_phone, recipient_name, recipient_phone,
  address, city, postal_code, state, payment_method`);
const ORDER_PEOPLE = sql`'Old Buyer', 'old@example.in', '9876500001', 'Old Buyer', '9876500001',
  '1 Old Road', 'Lucknow', '226001', 'Uttar Pradesh'`;

beforeAll(async () => {
  client = newPglite();
  const raw = drizzle(client, { schema });
  db = raw as unknown as Database;
  folder = migrationsUpTo(BEFORE_QUOTE);
  await migrate(raw, { migrationsFolder: folder });
  // A Cash on Delivery order of ₹99 with the flat ₹100 shipping fee, which then included its GST.
  await db.execute(sql`insert into orders (id, ${ORDER_COLUMNS}, items_paise, shipping_paise, tax_paise,
    discount_paise, total_paise) values ('00000000-0000-4000-8000-000000000001', ${ORDER_PEOPLE},
    'Cash on Delivery', 9900, 10000, 1782, 0, 21682)`);
  // An online order of ₹500 (+ ₹90 GST) whose 10% discount came off after tax.
  await db.execute(sql`insert into orders (id, ${ORDER_COLUMNS}, items_paise, shipping_paise, tax_paise,
    discount_paise, total_paise, is_paid) values ('00000000-0000-4000-8000-000000000002', ${ORDER_PEOPLE},
    'Razorpay', 50000, 0, 9000, 5000, 54000, true)`);
  await db.execute(sql`insert into order_items (order_id, name, image, price_paise, qty, hsn_code,
    gst_basis_points, tax_paise) values
    ('00000000-0000-4000-8000-000000000001', 'Tulsi mala (108 beads)', '/x.svg', 9900, 1, '1404', 1800, 1782),
    ('00000000-0000-4000-8000-000000000002', 'Zeta bead', '/x.svg', 20000, 1, '1404', 1800, 3600),
    ('00000000-0000-4000-8000-000000000002', 'Alpha mala', '/x.svg', 15000, 2, '7117', 1800, 5400)`);
  // A payment hold priced the old way, its lines as holds kept them.
  const lines = JSON.stringify([
    {
      productId: '00000000-0000-4000-8000-0000000000aa',
      name: 'Tulsi mala (108 beads)',
      image: '/x.svg',
      pricePaise: 9900,
      qty: 1,
      hsnCode: '1404',
      gstBasisPoints: 1800,
      taxPaise: 1782,
    },
  ]);
  await db.execute(sql`insert into payment_holds (id, customer, shipping_address, lines, items_paise,
    shipping_paise, tax_paise, discount_paise, total_paise, gateway, expires_at) values
    ('00000000-0000-4000-8000-0000000000b1', '{"id":"x","name":"Old Buyer","email":"o@example.in","phone":"9876500001"}',
    '{"address":"1 Old Road","city":"Lucknow","postalCode":"226001","state":"Uttar Pradesh"}', ${lines}::jsonb,
    9900, 10000, 1782, 0, 21682, 'sandbox', now() + interval '10 minutes')`);
  await migrate(raw, { migrationsFolder: MIGRATIONS });
});
afterAll(async () => {
  await client?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function invoiceOf(id: string): Promise<Invoice> {
  const [row] = await db
    .select()
    .from(orders)
    .where(sql`${orders.id} = ${id}`);
  const items = await db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} = ${id}`);
  return computeInvoice(quoteOfOrder(row!, items), UP, UP);
}

describe('migration 0028: orders and holds priced before the quote', () => {
  it('keeps an old order’s total, and its invoice as printed: shipping split inside the flat fee', async () => {
    const [row] = await db
      .select()
      .from(orders)
      .where(sql`${orders.id} = '00000000-0000-4000-8000-000000000001'`);
    // ₹100 of shipping with 18% inside: 84.75 + 15.25, now in the order's tax.
    expect(row).toMatchObject({
      itemsPaise: 9900,
      shippingPaise: 8475,
      shippingTaxPaise: 1525,
      shippingGstBasisPoints: 1800,
      shippingHsnCode: '1404',
      taxPaise: 1782 + 1525,
      totalPaise: 21682,
    });
    const { lines, totals } = await invoiceOf(row!.id);
    expect(lines.map((l) => [l.kind, l.taxableValuePaise, l.cgstPaise, l.sgstPaise, l.amountPaise])).toEqual([
      ['goods', 9900, 891, 891, 11682],
      ['shipping', 8475, 763, 762, 10000],
    ]);
    expect(totals).toMatchObject({ taxableValuePaise: 18375, cgstPaise: 1654, sgstPaise: 1653, taxPaise: 3307 });
    expect(totals.totalPaise).toBe(21682);
  });

  it('keeps an old online order’s discount after tax, its lines in the order the invoice listed them', async () => {
    const invoice = await invoiceOf('00000000-0000-4000-8000-000000000002');
    expect(invoice.lines.map((l) => l.description)).toEqual(['Alpha mala', 'Zeta bead']);
    expect(invoice.lines.map((l) => [l.discountPaise, l.taxableValuePaise, l.taxPaise])).toEqual([
      [0, 30000, 5400],
      [0, 20000, 3600],
    ]);
    expect(invoice.totals).toMatchObject({
      discountPaise: 0,
      taxableValuePaise: 50000,
      taxPaise: 9000,
      afterTaxDiscountPaise: 5000,
      totalPaise: 54000,
    });
  });

  it('rewrites an old hold’s lines as quote lines, so the order it makes is the one it priced', async () => {
    const [hold] = await db.select().from(paymentHolds);
    const quote = quoteOfHold(hold!);
    expect(quote.lines).toEqual([
      expect.objectContaining({
        unitPricePaise: 9900,
        grossPaise: 9900,
        discountPaise: 0,
        taxablePaise: 9900,
        taxPaise: 1782,
        uqc: 'NOS',
        adjustments: [],
      }),
    ]);
    expect(quote.shipping).toEqual({ chargePaise: 8475, taxPaise: 1525, gstBasisPoints: 1800, hsnCode: '1404' });
    expect(quote.amounts).toEqual({
      itemsPaise: 9900,
      shippingPaise: 8475,
      taxPaise: 3307,
      discountPaise: 0,
      totalPaise: 21682,
    });
    expect(computeInvoice(quote, UP, UP).totals.totalPaise).toBe(21682);
  });
});
