import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orders, type InvoiceSellerSnapshot } from '../../db/schema/index.ts';

/**
 * Every change other modules make to an order, named by what happened: only the orders module writes
 * the `orders` table (ARCHITECTURE.md, decision 0039). Each runs in the caller's transaction, which
 * holds the order's row lock where the change needs one.
 */

type OrderRow = typeof orders.$inferSelect;

const set = (tx: Transaction | Database, id: string, changes: Partial<OrderRow>) =>
  tx
    .update(orders)
    .set({ ...changes, updatedAt: changes.updatedAt ?? new Date() })
    .where(eq(orders.id, id));

/**
 * Handed to a courier (or the shipment corrected); it no longer waits for its customer's code. `invoice`
 * when the shipment invoices it.
 */
export function recordShipment(
  tx: Transaction,
  row: Pick<OrderRow, 'id' | 'shippedAt'>,
  shipment: { courier: string; trackingNumber: string },
  now: Date,
  invoice: InvoiceRecord | null = null,
) {
  return set(tx, row.id, {
    isShipped: true,
    shippedAt: row.shippedAt ?? now,
    courier: shipment.courier,
    trackingNumber: shipment.trackingNumber,
    confirmBy: null,
    updatedAt: now,
    ...(invoice ? invoiceColumns(invoice) : {}),
  });
}

/**
 * Delivered (and, with `cashCollected`, a Cash on Delivery order paid at that moment); `invoice` when the
 * delivery invoices it (an order never shipped).
 */
export function recordDelivery(
  tx: Transaction,
  id: string,
  now: Date,
  cashCollected: boolean,
  invoice: InvoiceRecord | null = null,
) {
  return set(tx, id, {
    isDelivered: true,
    deliveredAt: now,
    confirmBy: null,
    updatedAt: now,
    ...(cashCollected ? { isPaid: true, paidAt: now } : {}),
    ...(invoice ? invoiceColumns(invoice) : {}),
  });
}

/** Issue 27: where the booked parcel is, as the courier last said, and since when. */
export function recordTracking(
  tx: Transaction,
  id: string,
  tracking: Pick<OrderRow, 'trackingStatus' | 'trackingNote'> & { at: Date },
) {
  return set(tx, id, {
    trackingStatus: tracking.trackingStatus,
    trackingNote: tracking.trackingNote,
    trackingUpdatedAt: tracking.at,
  });
}

/** Issue 27: the courier collected a delivered Cash on Delivery order's cash. */
export function recordCashCollected(tx: Transaction, id: string, now: Date) {
  return set(tx, id, { isPaid: true, paidAt: now, updatedAt: now });
}

export function recordCancellation(tx: Transaction, id: string, now: Date) {
  return set(tx, id, { isCancelled: true, cancelledAt: now, updatedAt: now });
}

/** The customer's code came in: the order stops waiting for it. */
export function recordConfirmation(tx: Transaction, id: string, now: Date) {
  return set(tx, id, { confirmBy: null, updatedAt: now });
}

/** A tax invoice issued to an order: its number from the series, when, the seller then, the place of supply. */
export interface InvoiceRecord {
  number: string;
  at: Date;
  seller: InvoiceSellerSnapshot;
  placeOfSupply: string;
}

const invoiceColumns = (invoice: InvoiceRecord) => ({
  invoiceNumber: invoice.number,
  invoicedAt: invoice.at,
  invoiceSeller: invoice.seller,
  placeOfSupply: invoice.placeOfSupply,
});

/**
 * Invoiced, on its own. A shipment or a delivery that invoices the order records the invoice with its own
 * change instead (`recordShipment`, `recordDelivery`): one update of the order's row, not two (issue 31:
 * each update of an order writes every one of its indexes and runs its triggers).
 */
export function recordInvoice(tx: Transaction, id: string, invoice: InvoiceRecord) {
  return set(tx, id, invoiceColumns(invoice));
}

export function recordCreditNote(tx: Transaction, id: string, note: { number: string; at: Date }) {
  return set(tx, id, { creditNoteNumber: note.number, creditNoteAt: note.at });
}

/** A refund's state as the shop and the gateway know it. */
export type RefundState = Partial<
  Pick<OrderRow, 'refundStatus' | 'refundPaise' | 'refundAttempt' | 'refundId' | 'refundError' | 'refundUpdatedAt'>
>;

export function recordRefundState(tx: Transaction | Database, id: string, state: RefundState) {
  return set(tx, id, state);
}

/**
 * A try's refund failed before the gateway made one: marked failed only while that try is still
 * pending without a refund id (a webhook may have recorded the refund meanwhile).
 */
export function recordRefundFailure(db: Database, id: string, attempt: number, error: string) {
  return db
    .update(orders)
    .set({ refundStatus: 'failed', refundError: error, refundUpdatedAt: new Date() })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.refundStatus, 'pending'),
        isNull(orders.refundId),
        eq(orders.refundAttempt, attempt),
      ),
    );
}
