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

/** Handed to a courier (or the shipment corrected); it no longer waits for its customer's code. */
export function recordShipment(
  tx: Transaction,
  row: Pick<OrderRow, 'id' | 'shippedAt'>,
  shipment: { courier: string; trackingNumber: string },
  now: Date,
) {
  return set(tx, row.id, {
    isShipped: true,
    shippedAt: row.shippedAt ?? now,
    courier: shipment.courier,
    trackingNumber: shipment.trackingNumber,
    confirmBy: null,
    updatedAt: now,
  });
}

/** Delivered (and, with `cashCollected`, a Cash on Delivery order paid at that moment). */
export function recordDelivery(tx: Transaction, id: string, now: Date, cashCollected: boolean) {
  return set(tx, id, {
    isDelivered: true,
    deliveredAt: now,
    confirmBy: null,
    updatedAt: now,
    ...(cashCollected ? { isPaid: true, paidAt: now } : {}),
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

export function recordInvoice(
  tx: Transaction,
  id: string,
  invoice: { number: string; at: Date; seller: InvoiceSellerSnapshot; placeOfSupply: string },
) {
  return set(tx, id, {
    invoiceNumber: invoice.number,
    invoicedAt: invoice.at,
    invoiceSeller: invoice.seller,
    placeOfSupply: invoice.placeOfSupply,
  });
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
