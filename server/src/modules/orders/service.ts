import {
  may,
  COUNTRY,
  DEFAULT_PAYMENT_METHOD,
  MAX_ADMIN_ORDERS_PAGE,
  errorCodes,
  type AdminOrdersQuery,
  type MyOrdersQuery,
  type ErrorCode,
  type Order,
  type PaymentMethod,
  type STORE_CREDIT_PAYMENT_METHOD,
  type Quote,
  type QuoteLine,
  type ShippingAddressInput,
  type AdminOrderFilter,
  UUID_PATTERN,
  storedQuote,
  toRupees,
} from '@rr/core';
import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { executePrepared, hotStatement, unseenByPlanner, type Database, type Transaction } from '../../db/client.ts';
import { orderItems, orderNames, orderPhones, orderStateCounts, orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordChange, type AuditActor } from '../audit/index.ts';
import {
  isKeptPage,
  newestOrders,
  parseOrders,
  readNewestOrders,
  readOrders,
  type OrdersPageAt,
  type OrdersRead,
} from './reading.ts';
import { refreshRatingsOfOrder, refreshRatingsReviewedBy } from '../catalog/index.ts';
import { countUnitsSold } from '../stock/index.ts';

type OrderRow = typeof orders.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';
const orderNotFound = () => new DomainError('not_found', errorCodes.orderNotFound, ORDER_NOT_FOUND);

/** A Cash on Delivery order still on its way and not yet paid. */
const openCashOnDelivery = and(
  eq(orders.paymentMethod, DEFAULT_PAYMENT_METHOD),
  eq(orders.isPaid, false),
  eq(orders.isDelivered, false),
  eq(orders.isCancelled, false),
);

/** A customer's Cash on Delivery orders on their way unpaid: how many, their units and their value. */
export interface OpenCashOnDelivery {
  orders: number;
  units: number;
  paise: number;
}

const openCashOnDeliveryRead = hotStatement((db) =>
  db
    .select({
      orders: count(),
      // Written out: inside a one-table select Drizzle leaves column names unqualified.
      units:
        sql<number>`coalesce(sum((select sum(oi.qty) from order_items oi where oi.order_id = orders.id and oi.add_on_of is null)), 0)`.mapWith(
          Number,
        ),
      paise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('customerId')), openCashOnDelivery)),
);

/**
 * A customer's open Cash on Delivery orders (under the caller's customer lock), counted and added up in
 * one statement: the checkout's cap on open orders and its unpaid limits read the same rows.
 */
export async function openCashOnDeliveryOf(tx: Transaction, customerId: string): Promise<OpenCashOnDelivery> {
  const [cod] = await openCashOnDeliveryRead(tx, { customerId });
  return { orders: cod?.orders ?? 0, units: cod?.units ?? 0, paise: cod?.paise ?? 0 };
}

/** A quote as an order keeps it: a line's product may have left the catalog since it was priced. */
export type OrderQuote = Omit<Quote, 'lines'> & {
  lines: Array<Omit<QuoteLine, 'productId'> & { productId: string | null }>;
};

export interface OrderRecord {
  customer: Pick<AuthUser, 'id' | 'name' | 'email' | 'phone'>;
  shippingAddress: ShippingAddressInput;
  paymentMethod: PaymentMethod | typeof STORE_CREDIT_PAYMENT_METHOD;
  /** The quote the order was priced with; a line's product is null when it has left the catalog since. */
  quote: OrderQuote;
  paid?: { at: Date; razorpayOrderId: string; razorpayPaymentId: string };
  /** Issue 28: store credit spent on it (taken from the balance in the same transaction by the caller). */
  storeCreditPaise?: number;
  cancelledAt?: Date;
  /** A Cash on Delivery order from an unproven phone: it waits for its code until then. */
  confirmBy?: Date;
  /** Its units sold were counted when its stock was taken in this transaction (`takeCart`'s `countSold`). */
  unitsSoldCounted?: boolean;
}

/** Who ordered and where it goes: the recipient is the account holder unless the customer gave another. */
function partiesOf({ customer, shippingAddress: to }: OrderRecord) {
  return {
    userId: customer.id,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    recipientName: to.name ?? customer.name,
    recipientPhone: to.phone ?? customer.phone,
    address: to.address,
    city: to.city,
    postalCode: to.postalCode,
    state: to.state,
    country: COUNTRY,
    buyerGstin: to.gstin ?? null,
    buyerBusinessName: to.businessName ?? null,
  };
}

/** The order's state when made: paid (online), cancelled (paid for stock sold meanwhile), awaiting a code. */
function stateOf({ paid, cancelledAt, confirmBy, quote, storeCreditPaise = 0 }: OrderRecord) {
  // Store credit covering the whole total pays the order as it is placed.
  const paidByCredit = storeCreditPaise > 0 && storeCreditPaise === quote.amounts.totalPaise;
  return {
    storeCreditPaise,
    isPaid: Boolean(paid) || paidByCredit,
    paidAt: paid?.at ?? (paidByCredit ? new Date() : null),
    razorpayOrderId: paid?.razorpayOrderId ?? null,
    razorpayPaymentId: paid?.razorpayPaymentId ?? null,
    isCancelled: Boolean(cancelledAt),
    cancelledAt: cancelledAt ?? null,
    confirmBy: confirmBy ?? null,
    // Paid for an order that could not be made (its stock sold meanwhile): the refund sweep pays it back.
    ...(paid && cancelledAt
      ? {
          refundStatus: 'pending' as const,
          refundPaise: quote.amounts.totalPaise - storeCreditPaise,
          refundAttempt: 1,
          refundUpdatedAt: cancelledAt,
        }
      : {}),
  };
}

/**
 * Writes an order and copies of its lines, in the transaction that took (or holds) their stock; answers
 * the order's row as written.
 */
export async function insertOrder(tx: Transaction, record: OrderRecord): Promise<OrderRow> {
  const { customer, quote, paid } = record;
  const { amounts, shipping } = quote;
  const [created] = await tx
    .insert(orders)
    .values({
      ...partiesOf(record),
      paymentMethod: record.paymentMethod,
      ...amounts,
      // SPEC's shippingPrice (amounts.shippingPaise) holds freight and the COD fee; their GST likewise.
      shippingTaxPaise: shipping.taxPaise + (quote.codFee?.taxPaise ?? 0),
      codFeePaise: quote.codFee?.chargePaise ?? 0,
      codFeeTaxPaise: quote.codFee?.taxPaise ?? 0,
      shippingGstBasisPoints: shipping.gstBasisPoints,
      shippingHsnCode: shipping.hsnCode,
      couponCode: quote.coupon?.code ?? null,
      couponDiscountPaise: quote.coupon?.discountPaise ?? null,
      ...stateOf(record),
    })
    .returning();
  if (!record.cancelledAt && !record.unitsSoldCounted) await countUnitsSold(tx, quote.lines, +1);
  if (paid && !record.cancelledAt) {
    await refreshRatingsReviewedBy(
      tx,
      customer.id,
      quote.lines.map((l) => l.productId),
    );
  }
  await tx.insert(orderItems).values(
    quote.lines.map((line, lineNo) => ({
      orderId: created!.id,
      productId: line.productId,
      name: line.name,
      nameHi: line.nameHi ?? null,
      image: line.image,
      lineNo,
      pricePaise: line.unitPricePaise,
      mrpPaise: line.mrpPaise,
      qty: line.qty,
      hsnCode: line.hsnCode,
      uqc: line.uqc,
      gstBasisPoints: line.gstBasisPoints,
      adjustments: line.adjustments,
      discountPaise: line.discountPaise,
      taxablePaise: line.taxablePaise,
      taxPaise: line.taxPaise,
      variantId: line.variantId ?? null,
      variantName: line.variantName ?? null,
      variantNameHi: line.variantNameHi ?? null,
      addOnId: line.addOnId ?? null,
      addOnOf: line.addOnOf ?? null,
      addOnValues: line.addOnValues ?? null,
      addOnFieldNamesHi: line.addOnFieldNamesHi ?? null,
      returnable: line.returnable ?? true,
    })),
  );
  return created!;
}

type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * The quote an order was priced with, read back from its row and its lines (in any order): what its
 * invoice, credit note and the GST register print. Lines come back in quote order. An order priced
 * before the quote existed (decision 0039) keeps its after-tax online discount as it was.
 */
export function quoteOfOrder(row: OrderRow, items: readonly OrderItemRow[]): OrderQuote {
  const lines = [...items]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((item) => ({
      productId: item.productId,
      name: item.name,
      nameHi: item.nameHi,
      image: item.image,
      unitPricePaise: item.pricePaise,
      mrpPaise: item.mrpPaise,
      qty: item.qty,
      hsnCode: item.hsnCode,
      uqc: item.uqc,
      gstBasisPoints: item.gstBasisPoints,
      grossPaise: item.pricePaise * item.qty,
      adjustments: item.adjustments,
      discountPaise: item.discountPaise,
      taxablePaise: item.taxablePaise,
      taxPaise: item.taxPaise,
      variantId: item.variantId,
      variantName: item.variantName,
      variantNameHi: item.variantNameHi,
      addOnId: item.addOnId,
      addOnOf: item.addOnOf,
      addOnValues: item.addOnValues,
      addOnFieldNamesHi: item.addOnFieldNamesHi,
      returnable: item.returnable,
    }));
  return storedQuote(
    lines,
    {
      // The row's shipping holds the COD fee too (issue 27): the quote keeps them apart.
      chargePaise: row.shippingPaise - row.codFeePaise,
      taxPaise: row.shippingTaxPaise - row.codFeeTaxPaise,
      gstBasisPoints: row.shippingGstBasisPoints,
      hsnCode: row.shippingHsnCode,
    },
    {
      itemsPaise: row.itemsPaise,
      shippingPaise: row.shippingPaise,
      taxPaise: row.taxPaise,
      discountPaise: row.discountPaise,
      totalPaise: row.totalPaise,
    },
    row.couponCode === null ? null : { code: row.couponCode, discountPaise: row.couponDiscountPaise ?? 0 },
    row.codFeePaise > 0
      ? {
          chargePaise: row.codFeePaise,
          taxPaise: row.codFeeTaxPaise,
          gstBasisPoints: row.shippingGstBasisPoints,
          hsnCode: row.shippingHsnCode,
        }
      : null,
  );
}

/** The stored quotes of orders, loaded together (the GST register reads them in batches). */
export async function quotesOfOrders(db: Database, rows: readonly OrderRow[]): Promise<Map<string, OrderQuote>> {
  const items = rows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return new Map(
    rows.map((row) => [
      row.id,
      quoteOfOrder(
        row,
        items.filter((item) => item.orderId === row.id),
      ),
    ]),
  );
}

export async function findOrder(db: Database, id: string): Promise<Order | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [found] = parseOrders(await readOrders(db, { page: newestOrders(eq(orders.id, id), { limit: 1, offset: 0 }) }));
  return found ?? null;
}

/** The order's row (`id`), as it is. */
const orderRow = hotStatement((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id'))),
);
/** The order's row (`id`), locked until the transaction ends. */
const lockedOrderRow = hotStatement((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update'),
);

/** Who may see an order: its owner and admins (anyone else is told it does not exist). */
const maySee = (viewer: AuthUser, ownerId: string | null) => ownerId === viewer.id || may(viewer.role, 'orders.read');

/** The order's row for its owner or an admin; anyone else is told it does not exist. */
export async function orderRowFor(db: Database, viewer: AuthUser, id: string): Promise<OrderRow> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  const [row] = await orderRow(db, { id });
  if (!row || !maySee(viewer, row.userId)) throw orderNotFound();
  return row;
}

/** The order for its owner or an admin; anyone else is told it does not exist. */
export async function findOrderFor(db: Database, viewer: AuthUser, id: string): Promise<Order> {
  const found = await findOrder(db, id);
  if (!found || !maySee(viewer, found.user._id)) throw orderNotFound();
  return found;
}

/** A page of all orders, newest first (decision 0010: the totals go in response headers). */
export interface OrdersPage {
  /** The page's orders: a JSON array of the contract's `order`, as the database wrote it (reading.ts). */
  json: string;
  page: number;
  pages: number;
  total: number;
  /** A search with more matches than it counts (see SEARCH_PAGES_AHEAD): `total` and `pages` count those. */
  capped?: boolean;
}

/** The page a query asks for, and where it starts. */
function pageOf(query: MyOrdersQuery): { page: number; limit: number; offset: number } {
  const page = query.pageNumber ?? 1;
  const limit = query.limit ?? MAX_ADMIN_ORDERS_PAGE;
  return { page, limit, offset: (page - 1) * limit };
}

function ordersPage(read: OrdersRead, page: number, limit: number, capped = false): OrdersPage {
  return {
    json: read.json,
    page,
    pages: Math.max(1, Math.ceil(read.total / limit)),
    total: read.total,
    ...(capped ? { capped } : {}),
  };
}

/** A page of the customer's orders, newest first, and how many they have in all (one round trip). */
export async function ordersOf(db: Database, userId: string, query: MyOrdersQuery = {}): Promise<OrdersPage> {
  const { page, limit, offset } = pageOf(query);
  const mine = eq(orders.userId, userId);
  const total = sql`select count(*) from ${orders} where ${mine}`;
  return ordersPage(await readNewestOrders(db, mine, { limit, offset }, total), page, limit);
}

const ORDER_FILTERS: Record<AdminOrderFilter, SQL> = {
  // An order awaiting its confirmation code is in no list until it is confirmed (or cancels itself).
  to_ship: sql`not ${orders.isCancelled} and not ${orders.isShipped} and not ${orders.isDelivered} and ${orders.confirmBy} is null`,
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
 * What an admin's search matches. Typed as a phone number (digits with the usual marks, at least four
 * digits): the orders whose customer's or recipient's phone is that number (the last ten digits typed,
 * `whole`) or holds those digits. Anything else: the orders whose customer's or recipient's name holds
 * what was typed, in any case. Either way also the orders whose number (id) starts with it.
 */
interface OrderSearch {
  by: 'phone' | 'name';
  /** The number or text searched for: a whole number as stored (ten digits), else as typed. */
  text: string;
  whole: boolean;
  idRange: [string, string] | null;
}

function orderSearch(q: string): OrderSearch {
  const digits = q.replace(/\D/g, '');
  const hex = q.replace(/^#/, '').toLowerCase();
  const ids =
    /^[0-9a-f-]{4,36}$/.test(hex) && /^[0-9a-f]{4,32}$/.test(hex.replaceAll('-', ''))
      ? idRange(hex.replaceAll('-', ''))
      : null;
  // A phone number is digits with the usual marks (+91, spaces, dashes, brackets), never hex letters;
  // phones are stored as their ten digits. A name never holds four digits, so it is not searched.
  if (digits.length >= 4 && /^[\d\s+()-]+$/.test(q)) {
    const whole = digits.length >= 10;
    return { by: 'phone', text: whole ? digits.slice(-10) : digits, whole, idRange: ids };
  }
  return { by: 'name', text: q, whole: false, idRange: ids };
}

/** Orders in all or in one state, from the counts the `orders_state_counts` trigger keeps. */
const countInState = (status: AdminOrderFilter | undefined) =>
  sql`select coalesce(sum(${orderStateCounts.n}), 0) from ${orderStateCounts}
    ${status ? sql`where ${orderStateCounts.state} = ${status}` : sql``}`;

/**
 * A search counts its matches up to the end of the page asked for and this many pages beyond it: the
 * pager shows those, and more as the admin goes further. Counting every match of a common name (50,000
 * at a million orders) is what made a search slow; finding the first few hundred is quick.
 */
export const SEARCH_PAGES_AHEAD = 4;

export async function allOrders(db: Database, query: AdminOrdersQuery): Promise<OrdersPage> {
  const { page, limit, offset } = pageOf(query);
  const inState = query.status ? ORDER_FILTERS[query.status] : undefined;
  if (!query.q) {
    const total = countInState(query.status);
    return ordersPage(await readNewestOrders(db, inState, { limit, offset }, total), page, limit);
  }
  const search = orderSearch(query.q);
  const countLimit = searchCountLimit(limit, offset);
  const held = search.whole ? { values: `{${search.text}}`, orders: 0, allOrders: 0 } : await valuesHolding(db, search);
  // Every order of a whole number is counted, found through the indexes. So are the matches of other
  // searches when they are few, or too thinly spread among all orders for a walk of the newest to meet a
  // page of them soon (walking the newest orders for a page reads about (offset + limit) x all orders /
  // matches; finding all the matches reads each once). Otherwise the page is found walking the newest
  // orders, and its total is the count limit: matches more than twice it are more than it whatever
  // their overlap (one order may hold two of the names or numbers found).
  const walk =
    !search.whole && held.orders > 2 * countLimit + 1 && held.orders * held.orders > (offset + limit) * held.allOrders;
  if (walk) {
    // A walk's limit and offset are written into its statement (PostgreSQL walks only for a limit it
    // sees): kept for the first page at the usual sizes only, so a connection holds a few of these.
    const at = { limit, offset };
    const read = await readOrders(
      db,
      { page: newestOrders(matching(search, held.values, inState, false), at) },
      offset === 0 && isKeptPage(at),
    );
    return ordersPage({ json: read.json, total: countLimit }, page, limit, true);
  }
  const read = await readOrders(db, allMatches(search, held.values, inState, { limit, offset }));
  if (search.whole) return ordersPage(read, page, limit);
  return ordersPage({ ...read, total: Math.min(read.total, countLimit) }, page, limit, read.total > countLimit);
}

/** What a search counts up to: the end of the page asked for and SEARCH_PAGES_AHEAD pages beyond it. */
const searchCountLimit = (limit: number, offset: number) => offset + limit * (1 + SEARCH_PAGES_AHEAD);

/**
 * Issue 31: the phone numbers or names that orders hold which hold what was searched for (PostgreSQL's
 * array literal), and how many orders hold them, from the few thousand values of migration 0048's
 * tables through their trigram index. Planned for the text searched for (run unnamed): a trigram
 * pattern's plan depends on it.
 */
async function valuesHolding(
  db: Database,
  search: OrderSearch,
): Promise<{ values: string; orders: number; allOrders: number }> {
  const pattern = `%${likeText(search.text)}%`;
  const allOrders = sql`(select coalesce(sum(${orderStateCounts.n}), 0) from ${orderStateCounts})::int as "allOrders"`;
  const [held] = await executePrepared<{ values: string; orders: number; allOrders: number }>(
    db,
    search.by === 'phone'
      ? sql`select coalesce(array_agg(${orderPhones.phone}), '{}')::text as values,
          coalesce(sum(${orderPhones.orders}), 0)::int as orders, ${allOrders}
          from ${orderPhones} where ${orderPhones.phone} like ${pattern} and ${orderPhones.orders} > 0`
      : sql`select coalesce(array_agg(${orderNames.name}), '{}')::text as values,
          coalesce(sum(${orderNames.orders}), 0)::int as orders, ${allOrders}
          from ${orderNames} where ${orderNames.name} ilike ${pattern} and ${orderNames.orders} > 0`,
    false,
  );
  return held!;
}

/**
 * The orders a search matches: those holding one of `values` (PostgreSQL's array literal of phone
 * numbers or names) as their customer's or recipient's, or whose id is in the search's range, and in
 * the state asked for. `findable`: written so PostgreSQL finds them through the indexes on those
 * columns; else so that it cannot, and checks each order it walks instead.
 */
function matching(search: OrderSearch, values: string, inState: SQL | undefined, findable: boolean): SQL {
  const held = unseenByPlanner(values, 'text[]');
  const [customer, recipient]: [AnyColumn, AnyColumn] =
    search.by === 'phone' ? [orders.customerPhone, orders.recipientPhone] : [orders.customerName, orders.recipientName];
  // `|| ''` hides the column from its index: the same values, checked order by order.
  const column = (c: AnyColumn) => (findable ? sql`${c}` : sql`(${c} || '')`);
  let where = sql`(${column(customer)} = any(${held}) or ${column(recipient)} = any(${held}))`;
  if (search.idRange) {
    const [from, to] = search.idRange;
    where = sql`(${where} or ${orders.id} between ${unseenByPlanner(from, 'uuid')} and ${unseenByPlanner(to, 'uuid')})`;
  }
  return and(inState, where)!;
}

/**
 * Issue 31: a search's matches when they are few (or sparse): all of them found through the indexes,
 * counted, sorted and paged, and the page read as JSON, in one statement kept on each connection. Its
 * values, the page's limit and offset too, are unseen by the planner (its plan is the same for any: the
 * matches are all sorted), so PostgreSQL plans it once per connection and state searched: planning the
 * order JSON for every search cost as much as running it.
 */
function allMatches(search: OrderSearch, values: string, inState: SQL | undefined, at: OrdersPageAt) {
  return {
    with: sql`with matches as materialized (
      select ${orders.id}, ${orders.createdAt} from ${orders} where ${matching(search, values, inState, true)})`,
    page: sql`select * from ${orders} where ${orders.id} in (
      select id from matches order by created_at desc, id desc
      limit ${unseenByPlanner(at.limit, 'int')} offset ${unseenByPlanner(at.offset, 'int')})`,
    total: sql`select count(*) from matches`,
  };
}

/** An admin change the order's state does not allow. */
export const invalidChange = (code: ErrorCode, message: string) => new DomainError('invalid_data', code, message);

/**
 * Issue 29: the state of an order that staff change, as an audit entry shows it (rupees as numbers,
 * dates as ISO text): shipping, delivery, payment, cancellation and the cancellation's refund.
 */
export function orderStateOf(row: OrderRow): Record<string, unknown> {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    isShipped: row.isShipped,
    shippedAt: iso(row.shippedAt),
    courier: row.courier,
    trackingNumber: row.trackingNumber,
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isCancelled: row.isCancelled,
    cancelledAt: iso(row.cancelledAt),
    refundStatus: row.refundStatus,
    refundAmount: row.refundPaise === null ? null : toRupees(row.refundPaise),
    refundAttempt: row.refundStatus ? row.refundAttempt : null,
  };
}

/** An audited change of an order: who made it and its `order.<verb>` action. */
export interface OrderAudit {
  actor: AuditActor;
  action: string;
}

/**
 * Records, in the change's transaction, the order's state fields that differ from `before` (the row
 * as it was locked): nothing when the change changed none of them (a shipment sent again unchanged).
 */
export async function recordOrderChange(tx: Transaction, before: OrderRow, audit: OrderAudit): Promise<void> {
  const [after] = await orderRow(tx, { id: before.id });
  await recordChange(tx, audit.actor, {
    action: audit.action,
    entity: 'order',
    entityId: before.id,
    before: orderStateOf(before),
    after: orderStateOf(after!),
  });
}

/** Locks the order row and applies an admin change to it (recorded in the audit log when `audit` says who). */
export async function changeOrder(
  db: Database,
  id: string,
  change: (tx: Transaction, row: OrderRow) => Promise<void>,
  audit: OrderAudit | null = null,
): Promise<Order> {
  if (!UUID_PATTERN.test(id)) throw orderNotFound();
  await db.transaction(async (tx) => {
    const [row] = await lockedOrderRow(tx, { id });
    if (!row) throw orderNotFound();
    await change(tx, row);
    if (audit) await recordOrderChange(tx, row, audit);
    // Paid, delivered or cancelled: whether the buyer's reviews count toward ratings may have changed.
    await refreshRatingsOfOrder(tx, row.userId, id);
  });
  return (await findOrder(db, id))!;
}

/** The cash of a Cash on Delivery order was collected (staff: recorded as `order.pay`). */
export function markCashCollected(db: Database, id: string, actor: AuditActor): Promise<Order> {
  return changeOrder(
    db,
    id,
    async (tx, row) => {
      if (row.paymentMethod !== DEFAULT_PAYMENT_METHOD) {
        throw invalidChange(errorCodes.notCashOnDelivery, 'Only a Cash on Delivery order is marked paid by hand.');
      }
      if (row.isCancelled) throw invalidChange(errorCodes.orderCancelled, 'A cancelled order cannot be marked paid.');
      if (row.isPaid) throw invalidChange(errorCodes.orderPaid, 'This order is already marked as paid.');
      const now = new Date();
      await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, id));
    },
    { actor, action: 'order.pay' },
  );
}
