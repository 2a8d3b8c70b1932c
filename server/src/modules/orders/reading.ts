import {
  AWB_PLACE,
  MAX_ADMIN_ORDERS_PAGE,
  ORDERS_PER_PAGE,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
  TRACKING_NUMBER_SHAPE,
  TRACKING_PAGES_BY_KEY,
  TRACKING_STATUS_LABELS,
  type Order,
} from '@rr/core';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { constantPiece, type Database } from '../../db/client.ts';
import { orderItems, orders, refunds, shipmentEvents, shipments } from '../../db/schema/index.ts';

/**
 * An order's answer (SPEC §7's fields and ours, the contract's `order`) is built by the database as
 * JSON text, and a page of orders is sent as the database wrote it: the server neither parses nor
 * re-serialises the tens of kilobytes of a page (decision 0025). These are the rules of that JSON, one
 * place for every order answer (lists, one order, the answer to a change):
 * - money is stored as paise and answered as rupees: `paise::float8 / 100` is the very double that
 *   JavaScript's `paise / 100` is, and PostgreSQL prints a double as its shortest exact form, as
 *   JSON.stringify does (12345 -> 123.45, 1800 -> 18);
 * - a time is answered as JavaScript's toISOString() writes it, in UTC to the millisecond, the
 *   database's microseconds cut (not rounded), as a JavaScript date cuts them;
 * - the state is PRODUCT.md's (core's `orderStateOf`): cancelled wins, then delivered, then shipped;
 * - the tracking link is core's `trackingUrl`: the known courier's page (its spellings compared by
 *   letters and digits) with the normalised AWB, when that AWB has the shape of one.
 */
const rupees = (paise: SQL) => sql`(${paise})::float8 / 100`;
const isoTime = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_build_object` of these properties (the names are ours, not input). */
function jsonObject(properties: Record<string, SQL>): SQL {
  const pairs = Object.entries(properties).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A literal of ours (never input) as SQL text. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

const o = orders;
const i = orderItems;
const column = (c: Column) => sql`${c}`;

/**
 * An order's line as the customer chose it (issue 25): a product line with its add-ons' lines (`line`
 * below, read in the lateral join of ORDER's orderItems), their money added up.
 */
const ORDER_ITEM = jsonObject({
  name: sql`${i.name}`,
  nameHi: sql`${i.nameHi}`,
  qty: sql`${i.qty}`,
  image: sql`${i.image}`,
  price: rupees(sql`line.price`),
  product: sql`${i.productId}`,
  hsnCode: sql`${i.hsnCode}`,
  gstPercent: sql`${i.gstBasisPoints}::float8 / 100`,
  taxPrice: rupees(sql`line.tax`),
  uqc: sql`${i.uqc}`,
  discount: rupees(sql`line.discount`),
  taxableValue: rupees(sql`line.taxable`),
  // Issue 30: with the Hindi names they were bought with (left out where none).
  variant: sql`case when ${i.variantId} is null then null else json_strip_nulls(json_build_object('_id', ${i.variantId},
    'name', ${i.variantName}, 'nameHi', ${i.variantNameHi})) end`,
  addOns: sql`line.add_ons`,
  returnable: sql`${i.returnable}`,
});

/** A product line's add-ons and the money of all its lines (its own and its add-ons'). */
const LINE_WITH_ADD_ONS = sql`lateral (select sum(g.price_paise) as price, sum(g.discount_paise) as discount,
    sum(g.taxable_paise) as taxable, sum(g.tax_paise) as tax,
    coalesce(json_agg(json_strip_nulls(json_build_object('_id', g.add_on_id, 'name', g.name, 'nameHi', g.name_hi,
      'price', g.price_paise::float8 / 100, 'values', coalesce(g.add_on_values, '{}'::jsonb),
      'fieldNamesHi', g.add_on_field_names_hi))
      order by g.line_no) filter (where g.add_on_of is not null),
      '[]') as add_ons
  from ${orderItems} g
  where g.order_id = ${i.orderId} and (g.line_no = ${i.lineNo} or g.add_on_of = ${i.lineNo})) as line`;

/** A refund's lines (its product lines, by their place in the order) with the names they were bought by. */
const REFUND_LINES = sql`(select coalesce(json_agg(${jsonObject({
  product: sql`refund_line.item ->> 'productId'`,
  variant: column(i.variantId),
  name: column(i.name),
  qty: sql`(refund_line.item ->> 'qty')::int`,
})} order by ${i.lineNo}), '[]'::json)
  from jsonb_array_elements(${refunds.lines}) as refund_line(item)
  join ${orderItems} on ${i.orderId} = ${refunds.orderId} and ${i.lineNo} = (refund_line.item ->> 'lineNo')::int)`;

/** Issue 28: a partial refund as an order answers it (the contract's `partialRefund`). */
const REFUND = jsonObject({
  _id: column(refunds.id),
  lines: REFUND_LINES,
  itemsAmount: rupees(sql`${refunds.taxablePaise} + ${refunds.taxPaise}`),
  shippingAmount: rupees(sql`${refunds.shippingPaise} + ${refunds.shippingTaxPaise}`),
  taxPrice: rupees(sql`${refunds.taxPaise} + ${refunds.shippingTaxPaise}`),
  amount: rupees(column(refunds.amountPaise)),
  method: column(refunds.method),
  gatewayAmount: rupees(column(refunds.gatewayPaise)),
  storeCreditAmount: rupees(column(refunds.storeCreditPaise)),
  status: column(refunds.status),
  error: column(refunds.error),
  transferReference: column(refunds.transferReference),
  creditNoteNumber: column(refunds.creditNoteNumber),
  createdAt: isoTime(column(refunds.createdAt)),
});

/**
 * The order's adjustments (each kind's shares on its lines added up), in rupees, with their terms (issue
 * 30: the same on every share of one label; the amount off in rupees) where the lines kept them.
 */
const ORDER_ADJUSTMENTS = sql`(select coalesce(json_agg(json_strip_nulls(json_build_object('kind', kind,
    'label', label, 'amount', amount::float8 / 100, 'terms', case when terms->'amountOffPaise' is null then terms
      else (terms - 'amountOffPaise') || jsonb_build_object('amountOff', (terms->>'amountOffPaise')::float8 / 100)
    end)) order by kind, label), '[]')
  from (select a->>'kind' as kind, a->>'label' as label, sum((a->>'amountPaise')::bigint) as amount,
      (array_agg(a->'terms'))[1] as terms
    from ${orderItems} cross join jsonb_array_elements(${i.adjustments}) as a
    where ${i.orderId} = ${o.id} group by 1, 2) as by_kind)`;

const ORDER = jsonObject({
  _id: column(o.id),
  user: jsonObject({
    _id: column(o.userId),
    name: column(o.customerName),
    email: column(o.customerEmail),
    phone: column(o.customerPhone),
  }),
  orderItems: sql`coalesce((select json_agg(${ORDER_ITEM} order by ${i.lineNo}, ${i.id})
    from ${orderItems} cross join ${LINE_WITH_ADD_ONS} where ${i.orderId} = ${o.id} and ${i.addOnOf} is null), '[]')`,
  // The buyer's GSTIN and business name only when given: json_strip_nulls drops them (and only them,
  // the other fields being never null), so an order without them answers as SPEC's.
  shippingAddress: sql`json_strip_nulls(${jsonObject({
    name: column(o.recipientName),
    phone: column(o.recipientPhone),
    address: column(o.address),
    city: column(o.city),
    postalCode: column(o.postalCode),
    state: column(o.state),
    country: column(o.country),
    gstin: column(o.buyerGstin),
    businessName: column(o.buyerBusinessName),
  })})`,
  paymentMethod: column(o.paymentMethod),
  itemsPrice: rupees(column(o.itemsPaise)),
  shippingPrice: rupees(column(o.shippingPaise)),
  taxPrice: rupees(column(o.taxPaise)),
  discountPrice: rupees(column(o.discountPaise)),
  totalPrice: rupees(column(o.totalPaise)),
  shippingGst: jsonObject({
    gstPercent: sql`${o.shippingGstBasisPoints}::float8 / 100`,
    hsnCode: column(o.shippingHsnCode),
    taxPrice: rupees(column(o.shippingTaxPaise)),
  }),
  adjustments: ORDER_ADJUSTMENTS,
  codFee: sql`case when ${o.codFeePaise} > 0 then ${jsonObject({
    amount: rupees(column(o.codFeePaise)),
    taxPrice: rupees(column(o.codFeeTaxPaise)),
  })} end`,
  coupon: sql`case when ${o.couponCode} is not null then ${jsonObject({
    code: column(o.couponCode),
    discount: rupees(sql`coalesce(${o.couponDiscountPaise}, 0)`),
  })} end`,
  isPaid: column(o.isPaid),
  paidAt: isoTime(column(o.paidAt)),
  isDelivered: column(o.isDelivered),
  deliveredAt: isoTime(column(o.deliveredAt)),
  isCancelled: column(o.isCancelled),
  cancelledAt: isoTime(column(o.cancelledAt)),
  razorpayOrderId: column(o.razorpayOrderId),
  razorpayPaymentId: column(o.razorpayPaymentId),
  createdAt: isoTime(column(o.createdAt)),
  status: sql`case when ${o.isCancelled} then 'cancelled' when ${o.isDelivered} then 'delivered'
    when ${o.isShipped} then 'shipped' else 'placed' end`,
  isShipped: column(o.isShipped),
  shippedAt: isoTime(column(o.shippedAt)),
  shipment: sql`case when ${o.courier} <> '' and ${o.trackingNumber} <> '' then ${jsonObject({
    courier: column(o.courier),
    trackingNumber: column(o.trackingNumber),
    trackingUrl: sql`(select case when length(awb) between ${sql.raw(String(TRACKING_NUMBER_MIN))}
        and ${sql.raw(String(TRACKING_NUMBER_MAX))} and awb ~ ${literal(TRACKING_NUMBER_SHAPE.source)}
      then replace(${literal(JSON.stringify(TRACKING_PAGES_BY_KEY))}::jsonb
        ->> regexp_replace(lower(${o.courier}), '[^a-z0-9]', '', 'g'), ${literal(AWB_PLACE)}, awb) end
      from (select upper(regexp_replace(${o.trackingNumber}, '[[:space:]]+', '', 'g')) as awb) as normalised)`,
    provider: sql`(select ${shipments.provider} from ${shipments} where ${shipments.orderId} = ${o.id})`,
    label: sql`(select '/api/orders/' || ${o.id} || '/label' from ${shipments} where ${shipments.orderId} = ${o.id})`,
  })} end`,
  tracking: sql`case when ${o.trackingStatus} <> '' then ${jsonObject({
    status: column(o.trackingStatus),
    label: sql`${literal(JSON.stringify(TRACKING_STATUS_LABELS))}::jsonb ->> ${o.trackingStatus}`,
    note: column(o.trackingNote),
    updatedAt: isoTime(sql`coalesce(${o.trackingUpdatedAt}, ${o.updatedAt})`),
    events: sql`(select coalesce(json_agg(${jsonObject({
      status: column(shipmentEvents.status),
      note: column(shipmentEvents.note),
      at: isoTime(column(shipmentEvents.occurredAt)),
    })} order by ${shipmentEvents.occurredAt}), '[]'::json) from ${shipmentEvents}
      where ${shipmentEvents.orderId} = ${o.id} and ${shipmentEvents.applied})`,
  })} end`,
  invoiceNumber: column(o.invoiceNumber),
  creditNoteNumber: column(o.creditNoteNumber),
  refund: sql`case when ${o.refundStatus} <> '' then ${jsonObject({
    status: column(o.refundStatus),
    amount: rupees(sql`coalesce(${o.refundPaise}, ${o.totalPaise})`),
    refundId: column(o.refundId),
    error: column(o.refundError),
    updatedAt: isoTime(sql`coalesce(${o.refundUpdatedAt}, ${o.updatedAt})`),
  })} end`,
  confirmBy: isoTime(column(o.confirmBy)),
  storeCreditPaid: rupees(column(o.storeCreditPaise)),
  refunds: sql`(select coalesce(json_agg(${REFUND} order by ${refunds.createdAt}, ${refunds.id}), '[]'::json)
    from ${refunds} where ${refunds.orderId} = ${o.id})`,
});

/**
 * The order JSON as SQL text, written out once (it has no parameters): turning its hundred parts into
 * text took a fifth of a millisecond a query. The statements that hold it are built and named without it
 * (`constantPiece`).
 */
const ORDER_JSON = constantPiece(ORDER);

export interface OrdersRead {
  /** The page of orders, newest first: a JSON array of the contract's `order`, as text. */
  json: string;
  /** The value of `total` (0 without one). */
  total: number;
}

/** A page of orders: its size and where it starts (validated whole numbers, written into the SQL). */
export interface OrdersPageAt {
  limit: number;
  offset: number;
}

/**
 * Pages whose statement each pooled connection keeps: the first few, at the page sizes the shop's
 * screens (20) and SPEC clients (100, the default) ask for, which are nearly every read. Their limit and
 * offset are written into the statement rather than passed as parameters, so that PostgreSQL keeps one
 * plan for it after a few executions: with a parameter as the limit it expects a tenth of the rows and
 * plans every execution anew, and planning a page of orders as JSON costs about a third of the
 * database's time for it (decision 0025). Every other page is planned per request, unnamed, so a
 * connection holds a few dozen of these statements however far anyone pages.
 */
const KEPT_PAGE_SIZES: ReadonlySet<number> = new Set([ORDERS_PER_PAGE, MAX_ADMIN_ORDERS_PAGE]);
const KEPT_PAGES = 5;

/** Whether a page's statement is kept prepared (see KEPT_PAGE_SIZES). */
export const isKeptPage = ({ limit, offset }: OrdersPageAt): boolean =>
  KEPT_PAGE_SIZES.has(limit) && offset % limit === 0 && offset < limit * KEPT_PAGES;

const wholeNumber = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
};

/** The newest orders `where` picks (all without it), a page of them: rows for `readOrders`. */
export const newestOrders = (where: SQL | undefined, { limit, offset }: OrdersPageAt): SQL =>
  sql`select * from ${orders} ${where ? sql`where ${where}` : sql``}
    order by ${orders.createdAt} desc, ${orders.id} desc limit ${wholeNumber(limit)} offset ${wholeNumber(offset)}`;

/**
 * A page of orders (the rows `page` selects, e.g. `newestOrders`) with their lines, newest first, and a
 * total (a scalar subquery, e.g. a count) in one round trip. `with` is a WITH clause that `page` and
 * `total` may read. Kept prepared (`keep`) when the statement's shape is one of a few: its values are
 * parameters, or it is one of the kept pages (`readNewestOrders`).
 */
export async function readOrders(
  db: Database,
  query: { page: SQL; total?: SQL; with?: SQL },
  keep = true,
): Promise<OrdersRead> {
  const [read] = await ORDER_JSON.execute<OrdersRead>(
    db,
    sql`
    ${query.with ?? sql``}
    select (${query.total ?? sql`0`})::int as total, coalesce((
      select json_agg(${ORDER_JSON.mark} order by ${orders.createdAt} desc, ${orders.id} desc)
      from (${query.page}) as ${orders}
    ), '[]')::text as json`,
    keep,
  );
  return read!;
}

/**
 * The page `at` of the newest orders `where` picks, and `total`: its limit and offset are written into
 * the statement, which is kept prepared only for the first pages at the usual sizes (`isKeptPage`).
 */
export const readNewestOrders = (db: Database, where: SQL | undefined, at: OrdersPageAt, total: SQL) =>
  readOrders(db, { page: newestOrders(where, at), total }, isKeptPage(at));

/** The orders of a read, as objects (for one order, or the answer to a change). */
export const parseOrders = (read: OrdersRead): Order[] => JSON.parse(read.json) as Order[];
