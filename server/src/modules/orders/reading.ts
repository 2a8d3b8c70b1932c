import { gstPercentOf, orderStateOf, toRupees, trackingUrl, type Order } from '@rr/core';
import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/index.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** The columns an order's answer is made from: `toOrder` reads these and no others. */
const ORDER_VIEW = [
  'id',
  'userId',
  'customerName',
  'customerEmail',
  'customerPhone',
  'recipientName',
  'recipientPhone',
  'address',
  'city',
  'postalCode',
  'state',
  'country',
  'paymentMethod',
  'itemsPaise',
  'shippingPaise',
  'taxPaise',
  'discountPaise',
  'totalPaise',
  'isPaid',
  'paidAt',
  'isDelivered',
  'deliveredAt',
  'isCancelled',
  'cancelledAt',
  'razorpayOrderId',
  'razorpayPaymentId',
  'createdAt',
  'isShipped',
  'shippedAt',
  'courier',
  'trackingNumber',
  'invoiceNumber',
  'creditNoteNumber',
  'refundStatus',
  'refundId',
  'refundPaise',
  'refundError',
  'refundUpdatedAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof OrderRow>;

/** The columns of a line that its answer is made from. */
const ITEM_VIEW = [
  'name',
  'qty',
  'image',
  'pricePaise',
  'productId',
  'hsnCode',
  'gstBasisPoints',
  'taxPaise',
] as const satisfies ReadonlyArray<keyof OrderItemRow>;

export type OrderView = Pick<OrderRow, (typeof ORDER_VIEW)[number]>;
export type OrderItemView = Pick<OrderItemRow, (typeof ITEM_VIEW)[number]>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An order as the API answers it (SPEC §7's fields and ours), from its row and its lines. */
export function toOrder(row: OrderView, items: OrderItemView[]): Order {
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

/**
 * `json_build_object` of the named columns under their property names (the names are ours, not input).
 * A timestamp goes as its whole milliseconds since 1970 (cut, as a JavaScript date cuts the database's
 * microseconds), which becomes a date far faster than its text would.
 */
function jsonObject(columns: Record<string, Column>, keys: readonly string[], more: SQL[] = []): SQL {
  const pairs = keys.map((key) => {
    const column = columns[key]!;
    const value = column.dataType === 'date' ? sql`floor(extract(epoch from ${column}) * 1000)::int8` : sql`${column}`;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join([...pairs, ...more], sql`, `)})`;
}

const orderColumns = getTableColumns(orders);
/** The timestamps, which travel as numbers (see `jsonObject`) and are turned back into dates. */
const ORDER_DATES = ORDER_VIEW.filter((key) => orderColumns[key].dataType === 'date');

/**
 * An order as one JSON value: its columns, and its lines by name under `items`. Written out as SQL text
 * once (it has no parameters): turning its hundred parts into text took a fifth of a millisecond a query.
 */
const ORDER_JSON = sql.raw(
  new PgDialect().sqlToQuery(
    jsonObject(orderColumns, ORDER_VIEW, [
      sql`'items', coalesce((
        select json_agg(${jsonObject(getTableColumns(orderItems), ITEM_VIEW)} order by ${orderItems.name}, ${orderItems.id})
        from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '[]')`,
    ]),
  ).sql,
);

type JsonOrder = Record<(typeof ORDER_VIEW)[number], unknown> & { items: OrderItemView[] };

function fromJson(json: JsonOrder): Order {
  const row = json as Record<string, unknown>;
  for (const key of ORDER_DATES) if (row[key] !== null) row[key] = new Date(row[key] as number);
  return toOrder(row as OrderView, json.items);
}

export interface OrdersRead {
  /** The page of orders, newest first. */
  orders: Order[];
  /** The value of `total` (0 without one). */
  total: number;
}

/** The newest orders `where` picks (all without it), a page of them: rows for `readOrders`. */
export const newestOrders = (where: SQL | undefined, limit: number, offset: number): SQL =>
  sql`select * from ${orders} ${where ? sql`where ${where}` : sql``}
    order by ${orders.createdAt} desc, ${orders.id} desc limit ${limit} offset ${offset}`;

/**
 * A page of orders (the rows `page` selects, e.g. `newestOrders`) with their lines, newest first, and a
 * total (a scalar subquery, e.g. a count) in one round trip: the database builds each order and its
 * lines as JSON, so the server neither maps dozens of columns a row nor asks again for the lines or the
 * count. `with` is a WITH clause that `page` and `total` may read.
 */
export async function readOrders(db: Database, query: { page: SQL; total?: SQL; with?: SQL }): Promise<OrdersRead> {
  const { rows } = (await db.execute(sql`
    ${query.with ?? sql``}
    select (${query.total ?? sql`0`})::int as total, coalesce((
      select json_agg(${ORDER_JSON} order by ${orders.createdAt} desc, ${orders.id} desc)
      from (${query.page}) as ${orders}
    ), '[]') as orders`)) as unknown as { rows: Array<{ total: number; orders: JsonOrder[] }> };
  const [read] = rows;
  return { orders: read!.orders.map(fromJson), total: read!.total };
}
