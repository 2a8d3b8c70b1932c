import {
  computeInvoice,
  errorCodes,
  financialYearOf,
  formatDocumentSerial,
  gstStateByCode,
  gstStateByName,
  shortOrderNumber,
  type DocumentKind,
  type GstState,
  type Invoice,
  addUnits,
  refundPart,
} from '@rr/core';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../../domain-error.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { orderItems, refunds } from '../../db/schema/index.ts';
import {
  quoteOfOrder,
  recordCreditNote,
  recordInvoice,
  withAddOnFieldOrder,
  type InvoiceRecord,
  type OrderQuote,
} from '../orders/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { takeNextNumber } from './document-series.ts';
import { withAddOns } from './after-sale-lines.ts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * The place of supply of goods sent to an address is its state: from the state as written, else from
 * the pincode (checkout fills the state from the pincode, but the API takes free text).
 */
async function placeOfSupplyOf(row: OrderRow, pincodes: PincodeDirectory): Promise<GstState> {
  const byName = gstStateByName(row.state);
  if (byName) return byName;
  const info = await pincodes.lookup(row.postalCode);
  const byPincode = info ? gstStateByName(info.state) : null;
  if (byPincode) return byPincode;
  throw new DomainError(
    'conflict',
    errorCodes.placeOfSupplyUnknown,
    `The delivery address's state "${row.state}" and pincode ${row.postalCode} name no Indian state, so no tax invoice can be issued.`,
  );
}

async function serialFor(tx: Transaction, kind: DocumentKind, at: Date): Promise<string> {
  const financialYear = financialYearOf(at);
  return formatDocumentSerial(kind, financialYear, await takeNextNumber(tx, kind, financialYear));
}

/**
 * Issues the order's tax invoice, once: the next serial of the financial year, the place of supply and
 * the seller as configured now (kept with the invoice, so a reprint never changes). Runs inside the
 * transaction that ships (or hand-delivers) the order, holding its row lock.
 */
export async function issueInvoice(
  tx: Transaction,
  row: OrderRow,
  seller: Config['seller'],
  pincodes: PincodeDirectory,
  at: Date,
): Promise<void> {
  const invoice = await newInvoice(tx, row, seller, pincodes, at);
  if (invoice) await recordInvoice(tx, row.id, invoice);
}

/**
 * As `issueInvoice`, but the invoice (its number taken from the series) is handed back for the caller to
 * record with its own change of the order (`recordDelivery`, `recordShipment`); null when the order has
 * one already.
 */
export async function newInvoice(
  tx: Transaction,
  row: OrderRow,
  seller: Config['seller'],
  pincodes: PincodeDirectory,
  at: Date,
): Promise<InvoiceRecord | null> {
  if (row.invoiceNumber) return null;
  const place = await placeOfSupplyOf(row, pincodes);
  return {
    number: await serialFor(tx, 'invoice', at),
    at,
    seller: { legalName: seller.legalName, address: seller.address, gstin: seller.gstin, state: seller.state },
    placeOfSupply: place.code,
  };
}

/** A cancelled order that was invoiced gets a credit note reversing the invoice (CGST rule 53), once. */
export async function issueCreditNote(tx: Transaction, row: OrderRow, at: Date): Promise<void> {
  if (!row.invoiceNumber || row.creditNoteNumber) return;
  await recordCreditNote(tx, row.id, { number: await serialFor(tx, 'credit-note', at), at });
}

/** Issue 28: a partial refund of an invoiced order gets its own credit note (CGST rule 53), in the same series. */
export async function issueRefundCreditNote(tx: Transaction, row: OrderRow, refundId: string, at: Date): Promise<void> {
  if (!row.invoiceNumber) return;
  const number = await serialFor(tx, 'credit-note', at);
  await tx.update(refunds).set({ creditNoteNumber: number, creditNoteAt: at }).where(eq(refunds.id, refundId));
}

/** The invoice of an invoiced order, read from its stored quote. */
export async function invoiceOf(db: Database, row: OrderRow): Promise<Invoice> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  return invoiceFromQuote(row, quoteOfOrder(row, await withAddOnFieldOrder(db, lines)));
}

/** The invoice of an invoiced order from its row and its stored quote (loaded by the caller, e.g. in batches). */
export function invoiceFromQuote(row: OrderRow, quote: OrderQuote): Invoice {
  const seller = row.invoiceSeller!;
  const sellerState = gstStateByName(seller.state);
  const place = gstStateByCode(row.placeOfSupply ?? '');
  // Both are checked when the invoice is issued (SELLER_STATE by the configuration): never missing here.
  if (!sellerState || !place) throw new Error(`Order ${row.id}: its invoice's states are not known`);
  return computeInvoice(quote, sellerState, place);
}

/** What every document of an order prints besides its own serial: seller, buyer, recipient, figures. */
function documentBase(row: OrderRow, invoice: Invoice) {
  const seller = row.invoiceSeller!;
  return {
    orderNumber: shortOrderNumber(row.id),
    seller: { legalName: seller.legalName, address: seller.address, gstin: seller.gstin },
    // Billed to the account holder who bought (and the business, when a GSTIN was given); shipped to
    // the recipient, who may be someone else (a gift).
    billedTo: {
      name: row.customerName,
      phone: row.customerPhone,
      gstin: row.buyerGstin,
      businessName: row.buyerBusinessName,
    },
    shippedTo: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.address,
      city: row.city,
      postalCode: row.postalCode,
    },
    invoice,
  };
}

/**
 * Issue 28: the figures of a partial refund's credit note: the part of the order's quote its units
 * are worth after the refunds before it (the same computation that priced the refund).
 */
export async function refundInvoiceOf(
  db: Database,
  row: OrderRow,
  refundId: string,
): Promise<{ invoice: Invoice; refund: RefundRow }> {
  const all = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, row.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const at = all.findIndex((r) => r.id === refundId);
  if (at < 0) throw new DomainError('not_found', errorCodes.refundNotFound, 'Refund not found');
  const items = await withAddOnFieldOrder(db, await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)));
  const before = new Map<number, number>();
  for (const earlier of all.slice(0, at))
    addUnits(
      before,
      [...withAddOns(items, earlier.lines)].map(([lineNo, qty]) => ({ lineNo, qty })),
    );
  const part = refundPart(quoteOfOrder(row, items), withAddOns(items, all[at]!.lines), before);
  const seller = row.invoiceSeller!;
  const sellerState = gstStateByName(seller.state);
  const place = gstStateByCode(row.placeOfSupply ?? '');
  if (!sellerState || !place) throw new Error(`Order ${row.id}: its invoice's states are not known`);
  return { invoice: computeInvoice(part.quote, sellerState, place), refund: all[at]! };
}

/** Issue 28: the PDF of a partial refund's credit note; 409 when the order was not invoiced. */
export async function renderRefundCreditNote(
  db: Database,
  row: OrderRow,
  refundId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const { invoice, refund } = await refundInvoiceOf(db, row, refundId);
  if (!refund.creditNoteNumber || !row.invoiceNumber) {
    throw new DomainError(
      'conflict',
      errorCodes.noCreditNote,
      'This refund has no credit note: the order had no tax invoice yet when it was refunded.',
    );
  }
  const pdf = await renderInvoicePdf({
    kind: 'credit-note',
    serial: refund.creditNoteNumber,
    issuedAt: refund.creditNoteAt!,
    againstInvoice: { serial: row.invoiceNumber, issuedAt: row.invoicedAt! },
    reason: refund.returnId ? 'Goods returned' : 'Partial refund',
    ...documentBase(row, invoice),
  });
  return { filename: `${refund.creditNoteNumber.replaceAll('/', '-')}.pdf`, pdf };
}

/** The PDF of an order's tax invoice or credit note; 409 while the order has none. */
export async function renderOrderDocument(
  db: Database,
  row: OrderRow,
  kind: DocumentKind,
): Promise<{ filename: string; pdf: Buffer }> {
  if (kind === 'invoice' && !row.invoiceNumber) {
    throw new DomainError('conflict', errorCodes.invoiceNotIssued, 'The tax invoice is issued when the order ships.');
  }
  if (kind === 'credit-note' && !row.creditNoteNumber) {
    throw new DomainError(
      'conflict',
      errorCodes.noCreditNote,
      'This order has no credit note: only a cancelled invoiced order has one.',
    );
  }
  const base = documentBase(row, await invoiceOf(db, row));
  const pdf =
    kind === 'invoice'
      ? await renderInvoicePdf({ kind, serial: row.invoiceNumber!, issuedAt: row.invoicedAt!, ...base })
      : await renderInvoicePdf({
          kind,
          serial: row.creditNoteNumber!,
          issuedAt: row.creditNoteAt!,
          againstInvoice: { serial: row.invoiceNumber!, issuedAt: row.invoicedAt! },
          reason: 'Order cancelled',
          ...base,
        });
  const serial = kind === 'invoice' ? row.invoiceNumber! : row.creditNoteNumber!;
  return { filename: `${serial.replaceAll('/', '-')}.pdf`, pdf };
}
