import {
  IST_OFFSET_MS,
  formatDateIST,
  formatGstRate,
  gstStateByCode,
  shortOrderNumber,
  toRupees,
  type Invoice,
  type Paise,
} from '@rr/core';
import { and, asc, eq, gt, gte, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import { csvLine } from '../../csv.ts';
import { quotesOfOrders } from '../orders/index.ts';
import { invoiceFromQuote, refundInvoiceOf } from './invoices.ts';

const BATCH = 500;

export const GST_REPORT_COLUMNS = [
  'Document',
  'Number',
  'Date',
  'Order',
  'Buyer',
  'Buyer state',
  'State code',
  'Supply',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Buyer GSTIN',
  'HSN/SAC',
] as const;

/** The instants a calendar month ("2026-11") of Indian time starts and ends. */
export function istMonthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, mon - 1, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, mon, 1) - IST_OFFSET_MS),
  };
}

const rupees = (paise: Paise, sign: 1 | -1) => (sign * toRupees(paise)) as number;

type OrderRow = typeof orders.$inferSelect;
type DocumentKind = 'invoice' | 'credit-note';

/** The documents of one kind issued between `from` and `to`, in the order issued, a batch at a time. */
async function* issuedDocuments(db: Database, kind: DocumentKind, from: Date, to: Date): AsyncGenerator<OrderRow[]> {
  const issuedAt = kind === 'invoice' ? orders.invoicedAt : orders.creditNoteAt;
  const number = kind === 'invoice' ? orders.invoiceNumber : orders.creditNoteNumber;
  let after: SQL | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(isNotNull(number), gte(issuedAt, from), lt(issuedAt, to), after))
      .orderBy(asc(issuedAt), asc(number))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    const lastAt = (kind === 'invoice' ? last.invoicedAt : last.creditNoteAt)!;
    const lastNumber = (kind === 'invoice' ? last.invoiceNumber : last.creditNoteNumber)!;
    after = or(gt(issuedAt, lastAt), and(eq(issuedAt, lastAt), gt(number, lastNumber)));
  }
}

/**
 * The document's taxable value by HSN (goods) or SAC (services) code and rate, as GSTR-1's HSN summary
 * wants it: "71031000 @ 3% 3000.00; 999599 @ 18% 251.00" (an add-on service has its own code and rate).
 * Shipping is taxed as its principal goods and counts with them.
 */
function hsnSummary(invoice: Invoice, sign: 1 | -1): string {
  const taxable = new Map<string, Paise>();
  for (const line of invoice.lines) {
    const key = `${line.hsnCode ?? 'no code'} @ ${formatGstRate(line.gstBasisPoints)}`;
    taxable.set(key, (taxable.get(key) ?? 0) + line.taxableValuePaise);
  }
  return [...taxable].map(([key, paise]) => `${key} ${rupees(paise, sign).toFixed(2)}`).join('; ');
}

/** The order's own invoice or credit note: its serial and when it was issued. */
function documentOf(kind: DocumentKind, row: OrderRow): { number: string; at: Date } {
  return kind === 'invoice'
    ? { number: row.invoiceNumber!, at: row.invoicedAt! }
    : { number: row.creditNoteNumber!, at: row.creditNoteAt! };
}

/** One document's line of the register, from the invoice its stored quote makes (a credit note negative). */
function registerFields(
  kind: DocumentKind,
  row: OrderRow,
  invoice: Invoice,
  document?: { number: string; at: Date },
): Array<string | number> {
  const invoiced = kind === 'invoice';
  const sign = invoiced ? 1 : -1;
  const issued = document ?? documentOf(kind, row);
  const place = gstStateByCode(row.placeOfSupply ?? '');
  const t = invoice.totals;
  return [
    invoiced ? 'Tax invoice' : 'Credit note',
    issued.number,
    formatDateIST(issued.at.toISOString()),
    shortOrderNumber(row.id),
    // The buyer (as "Billed to" names it), not the recipient of a gift.
    row.buyerBusinessName ?? row.customerName,
    place?.name ?? row.state,
    place?.code ?? '',
    invoice.supplyType === 'intra-state' ? 'Intra-state' : 'Inter-state',
    rupees(t.taxableValuePaise, sign),
    rupees(t.cgstPaise, sign),
    rupees(t.sgstPaise, sign),
    rupees(t.igstPaise, sign),
    rupees(t.totalPaise, sign),
    // A registered buyer's GSTIN: a B2B line of GSTR-1.
    row.buyerGstin ?? '',
    hsnSummary(invoice, sign),
  ];
}

/**
 * The month's GST sales register as CSV lines: every tax invoice issued in the month, and every credit
 * note issued in it with its amounts negative, in the order they were issued. What an accountant needs
 * for GSTR-1: number, date, buyer's state (place of supply), taxable value and each tax, the buyer's
 * GSTIN for B2B. Read in batches, so a busy month never sits in memory whole.
 */
export async function* gstReportLines(db: Database, month: string): AsyncGenerator<string> {
  const { from, to } = istMonthRange(month);
  yield csvLine(GST_REPORT_COLUMNS);
  for (const kind of ['invoice', 'credit-note'] as const) {
    for await (const rows of issuedDocuments(db, kind, from, to)) {
      const quotes = await quotesOfOrders(db, rows);
      for (const row of rows) yield csvLine(registerFields(kind, row, invoiceFromQuote(row, quotes.get(row.id)!)));
    }
  }
  yield* refundCreditNoteLines(db, from, to);
}

/** Issue 28: the credit notes of partial refunds issued in the month, each for exactly its part. */
async function* refundCreditNoteLines(db: Database, from: Date, to: Date): AsyncGenerator<string> {
  const issued = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(isNotNull(refunds.creditNoteNumber), gte(refunds.creditNoteAt, from), lt(refunds.creditNoteAt, to)))
    .orderBy(asc(refunds.creditNoteAt), asc(refunds.creditNoteNumber));
  for (const { refund, order } of issued) {
    const { invoice } = await refundInvoiceOf(db, order, refund.id);
    yield csvLine(
      registerFields('credit-note', order, invoice, { number: refund.creditNoteNumber!, at: refund.creditNoteAt! }),
    );
  }
}
