import {
  COUNTRY,
  ONLINE_PAYMENT_METHOD,
  DEFAULT_PAYMENT_METHOD,
  MAX_LINE_QTY,
  MAX_ORDER_TOTAL_PAISE,
  priceOrder,
  lineTaxPaise,
  gstPercentOf,
  type OrderAmounts,
  formatRupees,
  toRupees,
  type Order,
  MAX_ADMIN_ORDERS_PAGE,
  type AdminOrdersQuery,
  type PaymentMethod,
  type PlaceOrderBody,
  type CartQuote,
  orderStateOf,
  trackingUrl,
  type AdminOrderFilter,
} from '@rr/core';
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { categories, orderItems, orders, paymentHolds, products, users, type HeldLine } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refreshRatingsReviewedBy } from '../catalog/service.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ORDER_NOT_FOUND = 'Order not found';

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

export type OrderLimits = Config['orderLimits'];

/** Same product twice in a cart is one line with the quantities added, within the same limit. */
function mergeLines(lines: PlaceOrderBody['orderItems'], maxLineQty: number): Map<string, number> {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (!UUID.test(line.product)) {
      throw new HttpError(400, 'A product in your cart is no longer available. Please remove it.');
    }
    const id = line.product.toLowerCase();
    const qty = (merged.get(id) ?? 0) + line.qty;
    if (qty > Math.min(maxLineQty, MAX_LINE_QTY)) {
      throw new HttpError(400, `qty must be at most ${Math.min(maxLineQty, MAX_LINE_QTY)} of one product`);
    }
    merged.set(id, qty);
  }
  return merged;
}

/** A line as priced and reserved (the same shape a payment hold keeps). */
export type ReservedLine = HeldLine;

export interface Reservation {
  lines: ReservedLine[];
  amounts: OrderAmounts;
}

interface PricedCart {
  /** In product-id order, the order every transaction updates stock in (so none can deadlock). */
  lines: Array<ReservedLine & { countInStock: number }>;
  /** Requested products that are not (or no longer) on sale. */
  unavailable: string[];
  amounts: OrderAmounts;
}

/** Prices the cart from the catalog (never from the client), without taking anything. */
export async function priceCart(
  db: Database,
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  limits: Pick<OrderLimits, 'maxLineQty'>,
): Promise<PricedCart> {
  const wanted = mergeLines(cart, limits.maxLineQty);
  const found = await db
    .select({ product: products, hsnCode: categories.hsnCode, gstBasisPoints: categories.gstBasisPoints })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(and(inArray(products.id, [...wanted.keys()]), eq(products.isDraft, false)));
  const lines = found
    .map(({ product: p, hsnCode, gstBasisPoints }) => {
      const qty = wanted.get(p.id)!;
      return {
        productId: p.id,
        name: p.name,
        image: p.image,
        pricePaise: p.pricePaise,
        qty,
        hsnCode,
        gstBasisPoints,
        taxPaise: lineTaxPaise({ unitPricePaise: p.pricePaise, qty, gstBasisPoints }),
        countInStock: p.countInStock,
      };
    })
    .sort((a, b) => a.productId.localeCompare(b.productId));
  const listed = new Set(lines.map((l) => l.productId));
  const amounts = priceOrder(
    lines.map((l) => ({ unitPricePaise: l.pricePaise, qty: l.qty, gstBasisPoints: l.gstBasisPoints })),
    paymentMethod === ONLINE_PAYMENT_METHOD,
  );
  return { lines, unavailable: [...wanted.keys()].filter((id) => !listed.has(id)), amounts };
}

/**
 * Prices the cart and takes the stock, inside the caller's transaction (which holds the customer's
 * lock, see `lockCustomer`). The stock update only succeeds while enough is left, so concurrent buyers
 * can never take more than there is, and one customer can never tie up more than the unpaid limits.
 */
export async function reserveCart(
  tx: Database,
  customerId: string,
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  limits: OrderLimits,
): Promise<Reservation> {
  const { lines, unavailable, amounts } = await priceCart(tx, cart, paymentMethod, limits);
  if (unavailable.length) {
    throw new HttpError(400, 'A product in your cart is no longer available. Please remove it.');
  }
  for (const line of lines) {
    if (line.countInStock === 0) throw new HttpError(409, `${line.name} is out of stock.`);
    if (line.qty > line.countInStock) {
      throw new HttpError(409, `Only ${line.countInStock} of ${line.name} left in stock.`);
    }
  }
  if (amounts.totalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw new HttpError(400, 'Orders above ₹1,00,00,000 are arranged with us directly. Please contact the shop.');
  }
  const unpaid = await unpaidOf(tx, customerId);
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  if (unpaid.units + units > limits.maxUnpaidUnits || unpaid.paise + amounts.totalPaise > limits.maxUnpaidPaise) {
    throw new HttpError(
      409,
      `Orders that are not paid yet are limited to ${limits.maxUnpaidUnits} items and ${formatRupees(toRupees(limits.maxUnpaidPaise))} in all` +
        (unpaid.units
          ? `, and ${unpaid.units} items (${formatRupees(toRupees(unpaid.paise))}) are already on their way to you unpaid`
          : '') +
        '. Please pay online or contact the shop for a larger order.',
    );
  }
  for (const line of lines) {
    if (!(await takeStock(tx, line.productId, line.qty))) {
      throw new HttpError(409, `${line.name} sold out while you were ordering.`);
    }
  }
  return { lines: lines.map(({ countInStock: _, ...line }) => line), amounts };
}

/**
 * Locks the customer's row for the rest of the transaction: one customer's orders and holds are then
 * decided one after another, so concurrent requests cannot each pass a limit that together they break.
 */
export async function lockCustomer(tx: Database, customerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
}

/** A Cash on Delivery order still on its way and not yet paid. */
const openCashOnDelivery = and(
  eq(orders.paymentMethod, DEFAULT_PAYMENT_METHOD),
  eq(orders.isPaid, false),
  eq(orders.isDelivered, false),
  eq(orders.isCancelled, false),
);

/** Units and value a customer has tied up without paying: open Cash on Delivery orders and pending holds. */
async function unpaidOf(tx: Database, customerId: string): Promise<{ units: number; paise: number }> {
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
  const [held] = await tx
    .select({
      units:
        sql<number>`coalesce(sum((select sum((line->>'qty')::int) from jsonb_array_elements(payment_holds.lines) line)), 0)`.mapWith(
          Number,
        ),
      paise: sql<number>`coalesce(sum(${paymentHolds.totalPaise}), 0)`.mapWith(Number),
    })
    .from(paymentHolds)
    .where(and(eq(paymentHolds.userId, customerId), eq(paymentHolds.status, 'pending')));
  return { units: (cod?.units ?? 0) + (held?.units ?? 0), paise: (cod?.paise ?? 0) + (held?.paise ?? 0) };
}

/** What the cart costs today, for the place-order page to show before anything is placed. */
export async function quoteCart(
  db: Database,
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  limits: Pick<OrderLimits, 'maxLineQty'>,
): Promise<CartQuote> {
  const { lines, unavailable, amounts } = await priceCart(db, cart, paymentMethod, limits);
  return {
    lines: lines.map((l) => ({
      product: l.productId,
      name: l.name,
      image: l.image,
      price: toRupees(l.pricePaise),
      countInStock: l.countInStock,
      qty: l.qty,
    })),
    unavailable,
    itemsPrice: toRupees(amounts.itemsPaise),
    shippingPrice: toRupees(amounts.shippingPaise),
    taxPrice: toRupees(amounts.taxPaise),
    discountPrice: toRupees(amounts.discountPaise),
    totalPrice: toRupees(amounts.totalPaise),
  };
}

/** Takes `qty` units if that many are left; false otherwise. */
export async function takeStock(tx: Database, productId: string, qty: number): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ countInStock: sql`${products.countInStock} - ${qty}` })
    .where(and(eq(products.id, productId), gte(products.countInStock, qty)))
    .returning({ id: products.id });
  return taken.length > 0;
}

type ProductLine = { productId: string | null; qty: number };

/**
 * Changes a counter of each line's product (for products still in the catalog), in id order like every
 * stock update, so concurrent transactions lock rows in the same order and never deadlock.
 */
async function updateEachProduct(
  tx: Database,
  lines: ProductLine[],
  change: (qty: number) => Partial<Record<'countInStock' | 'unitsSold', SQL>>,
): Promise<void> {
  const sorted = [...lines].sort((a, b) => (a.productId ?? '').localeCompare(b.productId ?? ''));
  for (const line of sorted) {
    if (line.productId) await tx.update(products).set(change(line.qty)).where(eq(products.id, line.productId));
  }
}

/** Keeps `products.unitsSold` (what best sellers read) in step with the orders that are not cancelled. */
export function countUnitsSold(tx: Database, lines: ProductLine[], sign: 1 | -1): Promise<void> {
  return updateEachProduct(tx, lines, (qty) => ({
    unitsSold: sql`greatest(${products.unitsSold} + ${sign * qty}, 0)`,
  }));
}

/** Puts stock back, for products still in the catalog. */
export function returnStock(tx: Database, lines: ProductLine[]): Promise<void> {
  return updateEachProduct(tx, lines, (qty) => ({ countInStock: sql`${products.countInStock} + ${qty}` }));
}

export interface OrderRecord {
  customer: Pick<AuthUser, 'id' | 'name' | 'email' | 'phone'>;
  shippingAddress: PlaceOrderBody['shippingAddress'];
  paymentMethod: PaymentMethod;
  /** A line's product is null when it has left the catalog since it was priced. */
  reservation: { lines: Array<Omit<ReservedLine, 'productId'> & { productId: string | null }>; amounts: OrderAmounts };
  paid?: { at: Date; razorpayOrderId: string; razorpayPaymentId: string };
  cancelledAt?: Date;
}

/** Writes an order and copies of its lines (the stock was taken by `reserveCart`). */
export async function insertOrder(tx: Database, record: OrderRecord): Promise<string> {
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

/** Unpaid Cash on Delivery orders one customer may have on the way: no one can tie up the stock. */
export const MAX_OPEN_COD_ORDERS = 5;

/** A Cash on Delivery order: priced, limits checked, stock taken and stored in one transaction. */
export async function placeCashOnDeliveryOrder(
  db: Database,
  customer: AuthUser,
  input: Pick<PlaceOrderBody, 'orderItems' | 'shippingAddress'>,
  limits: OrderLimits,
): Promise<Order> {
  const id = await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, customer.id), openCashOnDelivery));
    if ((open?.n ?? 0) >= MAX_OPEN_COD_ORDERS) {
      throw new HttpError(
        409,
        `You already have ${MAX_OPEN_COD_ORDERS} Cash on Delivery orders on their way. Please pay online, or wait for one to arrive.`,
      );
    }
    const reservation = await reserveCart(tx, customer.id, input.orderItems, DEFAULT_PAYMENT_METHOD, limits);
    return insertOrder(tx, {
      customer,
      shippingAddress: input.shippingAddress,
      paymentMethod: DEFAULT_PAYMENT_METHOD,
      reservation,
    });
  });
  return (await findOrder(db, id))!;
}

export async function findOrder(db: Database, id: string): Promise<Order | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? (await withItems(db, [row]))[0]! : null;
}

/** The order for its owner or an admin; anyone else is told it does not exist. */
export async function findOrderFor(db: Database, viewer: AuthUser, id: string): Promise<Order> {
  const found = await findOrder(db, id);
  if (!found || (!viewer.isAdmin && found.user._id !== viewer.id)) throw new HttpError(404, ORDER_NOT_FOUND);
  return found;
}

export async function ordersOf(db: Database, userId: string): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return withItems(db, rows);
}

/** A page of all orders, newest first (decision 0010: the totals go in response headers). */
export interface OrdersPage {
  orders: Order[];
  page: number;
  pages: number;
  total: number;
}

const ORDER_FILTERS: Record<AdminOrderFilter, SQL> = {
  to_ship: sql`not ${orders.isCancelled} and not ${orders.isShipped} and not ${orders.isDelivered}`,
  shipped: sql`not ${orders.isCancelled} and ${orders.isShipped} and not ${orders.isDelivered}`,
  delivered: sql`not ${orders.isCancelled} and ${orders.isDelivered}`,
  cancelled: sql`${orders.isCancelled}`,
};

/** LIKE's own characters in what an admin typed match themselves. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What an admin's search matches: the start of an order number (its id), a phone number (the last ten
 * digits of what was typed), or part of the customer's or recipient's name.
 */
function orderSearch(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  const hex = q.replace(/^#/, '').toLowerCase();
  const conditions: SQL[] = [
    sql`${orders.customerName} ilike ${`%${likeText(q)}%`}`,
    sql`${orders.recipientName} ilike ${`%${likeText(q)}%`}`,
  ];
  if (/^[0-9a-f-]{4,36}$/.test(hex)) conditions.push(sql`${orders.id}::text like ${`${hex}%`}`);
  if (digits.length >= 4) {
    const phone = `%${digits.slice(-10)}%`;
    conditions.push(sql`${orders.customerPhone} like ${phone}`, sql`${orders.recipientPhone} like ${phone}`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export async function allOrders(db: Database, query: AdminOrdersQuery): Promise<OrdersPage> {
  const page = query.pageNumber ?? 1;
  const limit = query.limit ?? MAX_ADMIN_ORDERS_PAGE;
  const where = and(query.status ? ORDER_FILTERS[query.status] : undefined, query.q ? orderSearch(query.q) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const total = counted?.n ?? 0;
  return { orders: await withItems(db, rows), page, pages: Math.max(1, Math.ceil(total / limit)), total };
}

/** Locks the order row and applies an admin change to it. */
export async function changeOrder(
  db: Database,
  id: string,
  change: (tx: Database, row: OrderRow) => Promise<void>,
): Promise<Order> {
  if (!UUID.test(id)) throw new HttpError(404, ORDER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
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
    if (row.paymentMethod !== DEFAULT_PAYMENT_METHOD)
      throw new HttpError(400, 'Only a Cash on Delivery order is marked paid by hand.');
    if (row.isCancelled) throw new HttpError(400, 'A cancelled order cannot be marked paid.');
    if (row.isPaid) throw new HttpError(400, 'This order is already marked as paid.');
    const now = new Date();
    await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, id));
  });
}
