import {
  IST_OFFSET_MS,
  addOnChoiceLabel,
  istDateStart,
  productWithVariant,
  toRupees,
  type OrdersExportQuery,
} from '@rr/core';
import { and, asc, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, refunds } from '../../db/schema/index.ts';
import { csvLine } from '../../csv.ts';
import { withAddOnFieldOrder } from '../catalog/index.ts';

const BATCH = 500;

export const ORDERS_EXPORT_COLUMNS = [
  'Order id',
  'Date (IST)',
  'Customer',
  'Phone',
  'State',
  'City',
  'Pincode',
  'Payment method',
  'Paid (IST)',
  'Shipped (IST)',
  'Delivered (IST)',
  'Cancelled (IST)',
  'Items',
  'Items value',
  'Shipping',
  'Tax',
  'Discount',
  'Total',
  // Issue 26, after the columns owners' sheets already read by position: the coupon code the order was
  // placed with, and what it took off before GST (or the shipping charge a free-shipping code waived);
  // empty without one. "Discount" holds every discount.
  'Coupon',
  'Coupon discount',
  // Issue 32, after those: the GST invoice's serial (from shipping on), the courier and its tracking
  // number, and the money given back (see `refundCells`).
  'Invoice number',
  'Courier',
  'AWB',
  'Refund',
  'Refund status',
] as const;

/** '2026-11-23 09:05': a moment as an Indian date and time a spreadsheet reads. */
export function istDateTime(at: Date | null): string {
  return at ? new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '';
}

const STATE_FILTERS: Record<OrdersExportQuery['state'], SQL | undefined> = {
  all: undefined,
  placed: sql`not ${orders.isShipped} and not ${orders.isDelivered} and not ${orders.isCancelled}`,
  shipped: sql`${orders.isShipped} and not ${orders.isDelivered} and not ${orders.isCancelled}`,
  delivered: sql`${orders.isDelivered} and not ${orders.isCancelled}`,
  cancelled: sql`${orders.isCancelled}`,
};

/**
 * Each order's "Items" cell: its product lines by name, each "name — variant x qty" followed by its
 * add-ons with the texts filled in ("+ Energisation (Wearer's name: राम कुमार; Gotra: Kashyap)").
 */
async function itemsOfOrders(db: Database, orderIds: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      lineNo: orderItems.lineNo,
      name: orderItems.name,
      qty: orderItems.qty,
      variantName: orderItems.variantName,
      addOnId: orderItems.addOnId,
      addOnOf: orderItems.addOnOf,
      addOnValues: orderItems.addOnValues,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.name), asc(orderItems.lineNo));
  const lines = await withAddOnFieldOrder(db, rows);
  const addOnsOf = new Map<string, string[]>();
  for (const a of [...lines].sort((x, y) => x.lineNo - y.lineNo)) {
    if (a.addOnOf == null) continue;
    const key = `${a.orderId}:${a.addOnOf}`;
    addOnsOf.set(key, [...(addOnsOf.get(key) ?? []), `+ ${addOnChoiceLabel(a.name, a.addOnValues)}`]);
  }
  const itemsOf = new Map<string, string[]>();
  for (const line of lines) {
    if (line.addOnOf != null) continue;
    const addOns = addOnsOf.get(`${line.orderId}:${line.lineNo}`) ?? [];
    const item = [`${productWithVariant(line.name, line.variantName)} x ${line.qty}`, ...addOns].join(' ');
    itemsOf.set(line.orderId, [...(itemsOf.get(line.orderId) ?? []), item]);
  }
  return itemsOf;
}

type RefundStatus = 'pending' | 'processed' | 'failed';
/** What a refund's status tells the owner, the one that needs a look first. */
const STATUS_ORDER: readonly RefundStatus[] = ['failed', 'pending', 'processed'];

/** Each order's partial refunds (issue 28): their amounts and statuses, oldest first. */
async function refundsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, Array<{ amountPaise: number; status: RefundStatus }>>> {
  const rows = await db
    .select({ orderId: refunds.orderId, amountPaise: refunds.amountPaise, status: refunds.status })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const byOrder = new Map<string, Array<{ amountPaise: number; status: RefundStatus }>>();
  for (const { orderId, ...refund } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), refund]);
  return byOrder;
}

/**
 * The "Refund" and "Refund status" cells: every refund of the order (a cancelled online order's, and
 * the partial refunds of issue 28) added up in rupees, and the status that needs the owner first
 * (failed, then pending, then processed); both empty when nothing was refunded.
 */
export function refundCells(
  cancellation: { status: RefundStatus | null; amountPaise: number | null; totalPaise: number },
  partial: ReadonlyArray<{ amountPaise: number; status: RefundStatus }>,
): [number | '', string] {
  const all = [
    ...(cancellation.status
      ? [{ amountPaise: cancellation.amountPaise ?? cancellation.totalPaise, status: cancellation.status }]
      : []),
    ...partial,
  ];
  if (all.length === 0) return ['', ''];
  const amount = all.reduce((sum, r) => sum + r.amountPaise, 0);
  const status = STATUS_ORDER.find((s) => all.some((r) => r.status === s))!;
  return [toRupees(amount), status];
}

/**
 * The orders placed from `from` to `to` (Indian dates, both included) in a state, as CSV lines, oldest
 * first. Read in batches by (placed, id), so a million orders stream through without filling memory.
 */
export async function* ordersExportLines(db: Database, query: OrdersExportQuery): AsyncGenerator<string> {
  const from = istDateStart(query.from);
  const to = new Date(istDateStart(query.to).getTime() + 86_400_000);
  yield csvLine(ORDERS_EXPORT_COLUMNS);
  let after: SQL | undefined;
  for (;;) {
    const rows = await db
      .select({ order: orders, cursor: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), STATE_FILTERS[query.state], after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.order.id);
    const [itemsOf, refundsOf] = await Promise.all([itemsOfOrders(db, ids), refundsOfOrders(db, ids)]);
    for (const { order: row } of rows) {
      yield csvLine([
        row.id,
        istDateTime(row.createdAt),
        row.customerName,
        row.customerPhone,
        row.state,
        row.city,
        row.postalCode,
        row.paymentMethod,
        istDateTime(row.paidAt),
        istDateTime(row.shippedAt),
        istDateTime(row.deliveredAt),
        istDateTime(row.cancelledAt),
        (itemsOf.get(row.id) ?? []).join('; '),
        toRupees(row.itemsPaise),
        toRupees(row.shippingPaise),
        toRupees(row.taxPaise),
        toRupees(row.discountPaise),
        toRupees(row.totalPaise),
        row.couponCode ?? '',
        row.couponCode === null ? '' : toRupees(row.couponDiscountPaise ?? 0),
        row.invoiceNumber ?? '',
        row.courier ?? '',
        row.trackingNumber ?? '',
        ...refundCells(
          { status: row.refundStatus, amountPaise: row.refundPaise, totalPaise: row.totalPaise },
          refundsOf.get(row.id) ?? [],
        ),
      ]);
    }
    // The database's own text of the last time: a Date would drop its microseconds and repeat rows.
    const { cursor, order: last } = rows[rows.length - 1]!;
    after = or(
      sql`${orders.createdAt} > ${cursor}::timestamptz`,
      and(sql`${orders.createdAt} = ${cursor}::timestamptz`, gt(orders.id, last.id)),
    );
  }
}
