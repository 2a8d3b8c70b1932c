import {
  COUNTRY,
  DEFAULT_PAYMENT_METHOD,
  MAX_ADMIN_ORDERS_PAGE,
  errorCodes,
  gstPercentOf,
  toRupees,
  type AdminOrdersQuery,
  type MyOrdersQuery,
  type ErrorCode,
  type Order,
  type OrderAmounts,
  type PaymentMethod,
  type ShippingAddressInput,
  orderStateOf,
  trackingUrl,
  type AdminOrderFilter,
  UUID_PATTERN,
} from '@rr/core';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { orderItems, orderStateCounts, orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refreshRatingsReviewedBy } from '../catalog/index.ts';
import { countUnitsSold, type PricedLine } from '../stock/index.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';
const orderNotFound = () => new DomainError('not_found', errorCodes.orderNotFound, ORDER_NOT_FOUND);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  return {
    _id: row.id,
    user: { _id: row.userId, name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    orderItems: items.map((item) => ({
      name: item.name,
      qty: item.qty,
      image: item.image,
      price: toRupees(item.pricePaise),
      product: item.productId,
      hsnCode: item.hsnCode,
      gstPercent: gstPercentOf(item.gstBasisPoints),
      taxPrice: toRupees(item.taxPaise),
    })),
    shippingAddress: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.address,
      city: row.city,
      postalCode: row.postalCode,
      state: row.state,
      country: row.country,
    },
    paymentMethod: row.paymentMethod,
    itemsPrice: toRupees(row.itemsPaise),
    shippingPrice: toRupees(row.shippingPaise),
    taxPrice: toRupees(row.taxPaise),
    discountPrice: toRupees(row.discountPaise),
    totalPrice: toRupees(row.totalPaise),
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
    isCancelled: row.isCancelled,
    cancelledAt: iso(row.cancelledAt),
    razorpayOrderId: row.razorpayOrderId,
    razorpayPaymentId: row.razorpayPaymentId,
    createdAt: row.createdAt.toISOString(),
    status: orderStateOf(row),
    isShipped: row.isShipped,
    shippedAt: iso(row.shippedAt),
    shipment:
      row.courier && row.trackingNumber
        ? {
            courier: row.courier,
            trackingNumber: row.trackingNumber,
            trackingUrl: trackingUrl(row.courier, row.trackingNumber),
          }
        : null,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    refund: row.refundStatus
      ? {
          status: row.refundStatus,
          amount: toRupees(row.refundPaise ?? row.totalPaise),
          refundId: row.refundId,
          error: row.refundError,
          updatedAt: (row.refundUpdatedAt ?? row.updatedAt).toISOString(),
        }
      : null,
  };
}

/** Orders with their items, in the order given, with one query for all the items. */
async function withItems(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.name);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.orderId === row.id),
    ),
  );
}

/** A Cash on Delivery order still on its way and not yet paid. */
const openCashOnDelivery = and(
  eq(orders.paymentMethod, DEFAULT_PAYMENT_METHOD),
  eq(orders.isPaid, false),
  eq(orders.isDelivered, false),
  eq(orders.isCancelled, false),
);

/** How many Cash on Delivery orders a customer has on their way unpaid (under the caller's customer lock). */
export async function countOpenCashOnDelivery(tx: Transaction, customerId: string): Promise<number> {
  const [open] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, customerId), openCashOnDelivery));
  return open?.n ?? 0;
}

/** Units and value of a customer's open Cash on Delivery orders (under the caller's customer lock). */
export async function unpaidCashOnDelivery(
  tx: Transaction,
  customerId: string,
): Promise<{ units: number; paise: number }> {
  const [cod] = await tx
    .select({
      // Written out: inside a one-table select Drizzle leaves column names unqualified.
      units:
        sql<number>`coalesce(sum((select sum(oi.qty) from order_items oi where oi.order_id = orders.id)), 0)`.mapWith(
          Number,
        ),
      paise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, customerId), openCashOnDelivery));
  return { units: cod?.units ?? 0, paise: cod?.paise ?? 0 };
}

export interface OrderRecord {
  customer: Pick<AuthUser, 'id' | 'name' | 'email' | 'phone'>;
  shippingAddress: ShippingAddressInput;
  paymentMethod: PaymentMethod;
  /** A line's product is null when it has left the catalog since it was priced. */
  reservation: { lines: Array<Omit<PricedLine, 'productId'> & { productId: string | null }>; amounts: OrderAmounts };
  paid?: { at: Date; razorpayOrderId: string; razorpayPaymentId: string };
  cancelledAt?: Date;
}

/** Writes an order and copies of its lines, in the transaction that took (or holds) their stock. */
export async function insertOrder(tx: Transaction, record: OrderRecord): Promise<string> {
  const { customer, reservation, paid } = record;
  const { name, phone, address, city, postalCode, state } = record.shippingAddress;
  const [created] = await tx
    .insert(orders)
    .values({
      userId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      recipientName: name ?? customer.name,
      recipientPhone: phone ?? customer.phone,
      address,
      city,
      postalCode,
      state,
      country: COUNTRY,
      paymentMethod: record.paymentMethod,
      itemsPaise: reservation.amounts.itemsPaise,
      shippingPaise: reservation.amounts.shippingPaise,
      taxPaise: reservation.amounts.taxPaise,
      discountPaise: reservation.amounts.discountPaise,
      totalPaise: reservation.amounts.totalPaise,
      isPaid: Boolean(paid),
      paidAt: paid?.at ?? null,
      razorpayOrderId: paid?.razorpayOrderId ?? null,
      razorpayPaymentId: paid?.razorpayPaymentId ?? null,
      isCancelled: Boolean(record.cancelledAt),
      cancelledAt: record.cancelledAt ?? null,
      // Paid for an order that could not be made (its stock sold meanwhile): the refund sweep pays it back.
      ...(paid && record.cancelledAt
        ? {
            refundStatus: 'pending' as const,
            refundPaise: reservation.amounts.totalPaise,
            refundAttempt: 1,
            refundUpdatedAt: record.cancelledAt,
          }
        : {}),
    })
    .returning({ id: orders.id });
  if (!record.cancelledAt) await countUnitsSold(tx, reservation.lines, +1);
  if (paid && !record.cancelledAt) {
    await refreshRatingsReviewedBy(
      tx,
      customer.id,
      reservation.lines.map((l) => l.productId),
    );
  }
  await tx.insert(orderItems).values(
    reservation.lines.map((line) => ({
      orderId: created!.id,
      productId: line.productId,
      name: line.name,
      image: line.image,
      pricePaise: line.pricePaise,
      qty: line.qty,
      hsnCode: line.hsnCode,
      gstBasisPoints: line.gstBasisPoints,
      taxPaise: line.taxPaise,
    })),
  );
  return created!.id;
}

export async function findOrder(db: Database, id: string): Promise<Order | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? (await withItems(db, [row]))[0]! : null;
}

/** The order's row for its owner or an admin; anyone else is told it does not exist. */
export async function orderRowFor(db: Database, viewer: AuthUser, id: string): Promise<OrderRow> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row || (!viewer.isAdmin && row.userId !== viewer.id)) throw orderNotFound();
  return row;
}

/** The order for its owner or an admin; anyone else is told it does not exist. */
export async function findOrderFor(db: Database, viewer: AuthUser, id: string): Promise<Order> {
  return (await withItems(db, [await orderRowFor(db, viewer, id)]))[0]!;
}

/** A page of the customer's orders, newest first, and how many they have in all. */
export async function ordersOf(db: Database, userId: string, query: MyOrdersQuery = {}): Promise<OrdersPage> {
  const page = query.pageNumber ?? 1;
  const limit = query.limit ?? MAX_ADMIN_ORDERS_PAGE;
  const mine = eq(orders.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  const total = counted?.n ?? 0;
  return { orders: await withItems(db, rows), page, pages: Math.max(1, Math.ceil(total / limit)), total };
}

/** A page of all orders, newest first (decision 0010: the totals go in response headers). */
export interface OrdersPage {
  orders: Order[];
  page: number;
  pages: number;
  total: number;
  /** A search with more than SEARCH_COUNT_LIMIT matches: `total` and `pages` count that many. */
  capped?: boolean;
}

const ORDER_FILTERS: Record<AdminOrderFilter, SQL> = {
  to_ship: sql`not ${orders.isCancelled} and not ${orders.isShipped} and not ${orders.isDelivered}`,
  shipped: sql`not ${orders.isCancelled} and ${orders.isShipped} and not ${orders.isDelivered}`,
  delivered: sql`not ${orders.isCancelled} and ${orders.isDelivered}`,
  cancelled: sql`${orders.isCancelled}`,
};

/** LIKE's own characters in what an admin typed match themselves. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The lowest and highest order id that starts with these hex digits (dashes left out). */
function idRange(hexDigits: string): [string, string] {
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [asUuid(hexDigits.padEnd(32, '0')), asUuid(hexDigits.padEnd(32, 'f'))];
}

/**
 * What an admin's search matches: the start of an order number (its id), a phone number (the last ten
 * digits of what was typed), or part of the customer's or recipient's name. Names and phones are matched
 * as the expressions the trigram indexes of migration 0012 cover; an order number is a range of ids.
 */
function orderSearch(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  const hex = q.replace(/^#/, '').toLowerCase();
  const conditions: SQL[] = [
    sql`(${orders.customerName} || E'\n' || ${orders.recipientName}) ilike ${`%${likeText(q)}%`}`,
  ];
  if (/^[0-9a-f-]{4,36}$/.test(hex) && /^[0-9a-f]{4,32}$/.test(hex.replaceAll('-', ''))) {
    const [from, to] = idRange(hex.replaceAll('-', ''));
    conditions.push(sql`${orders.id} between ${from} and ${to}`);
  }
  // A phone number is digits with the usual marks (+91, spaces, dashes, brackets), never hex letters.
  if (digits.length >= 4 && /^[\d\s+()-]+$/.test(q)) {
    conditions.push(
      sql`(${orders.customerPhone} || E'\n' || ${orders.recipientPhone}) like ${`%${digits.slice(-10)}%`}`,
    );
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** Orders in all or in one state, from the counts the `orders_state_counts` trigger keeps. */
async function countInState(db: Database, status: AdminOrderFilter | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${orderStateCounts.n}), 0)`.mapWith(Number) })
    .from(orderStateCounts)
    .where(status ? eq(orderStateCounts.state, status) : undefined);
  return counted?.n ?? 0;
}

/**
 * A search's total is counted up to this many matches: enough for any paging an admin does, and the
 * count of a common name stays quick at a million orders. `OrdersPage.capped` says it was reached.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

export async function allOrders(db: Database, query: AdminOrdersQuery): Promise<OrdersPage> {
  const page = query.pageNumber ?? 1;
  const limit = query.limit ?? MAX_ADMIN_ORDERS_PAGE;
  const where = and(query.status ? ORDER_FILTERS[query.status] : undefined, query.q ? orderSearch(query.q) : undefined);
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const pageOf = (total: number, capped = false): Omit<OrdersPage, 'orders'> => ({
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
    total,
    ...(capped ? { capped } : {}),
  });
  if (!query.q) {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset((page - 1) * limit),
      countInState(db, query.status),
    ]);
    return { orders: await withItems(db, rows), ...pageOf(total) };
  }
  // A search finds its matches first (up to the limit, through the trigram and id indexes). Few are
  // sorted here and their page read by id; many are found walking the newest orders. Left to itself,
  // the planner may walk the newest orders for a rare match and read all million of them.
  const matches = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(where)
    .limit(SEARCH_COUNT_LIMIT + 1);
  const capped = matches.length > SEARCH_COUNT_LIMIT;
  let rows: OrderRow[];
  if (capped) {
    rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit);
  } else {
    const pageIds = matches
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice((page - 1) * limit, page * limit)
      .map((m) => m.id);
    rows = pageIds.length
      ? await db
          .select()
          .from(orders)
          .where(inArray(orders.id, pageIds))
          .orderBy(...newestFirst)
      : [];
  }
  return { orders: await withItems(db, rows), ...pageOf(Math.min(matches.length, SEARCH_COUNT_LIMIT), capped) };
}

/** An admin change the order's state does not allow. */
export const invalidChange = (code: ErrorCode, message: string) => new DomainError('invalid_data', code, message);

/** Locks the order row and applies an admin change to it. */
export async function changeOrder(
  db: Database,
  id: string,
  change: (tx: Transaction, row: OrderRow) => Promise<void>,
): Promise<Order> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw orderNotFound();
    await change(tx, row);
    // Paid, delivered or cancelled: whether the buyer's reviews count toward ratings may have changed.
    const lines = await tx
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
    await refreshRatingsReviewedBy(
      tx,
      row.userId,
      lines.map((l) => l.productId),
    );
  });
  return (await findOrder(db, id))!;
}

/** The cash of a Cash on Delivery order was collected. */
export function markCashCollected(db: Database, id: string): Promise<Order> {
  return changeOrder(db, id, async (tx, row) => {
    if (row.paymentMethod !== DEFAULT_PAYMENT_METHOD) {
      throw invalidChange(errorCodes.notCashOnDelivery, 'Only a Cash on Delivery order is marked paid by hand.');
    }
    if (row.isCancelled) throw invalidChange(errorCodes.orderCancelled, 'A cancelled order cannot be marked paid.');
    if (row.isPaid) throw invalidChange(errorCodes.orderPaid, 'This order is already marked as paid.');
    const now = new Date();
    await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, id));
  });
}
