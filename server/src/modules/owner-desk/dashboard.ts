import {
  CHART_DAYS,
  IST_OFFSET_MS,
  LOW_STOCK_COUNT_CAP,
  PERIOD_DAYS,
  toRupees,
  type DashboardFigures,
  type DashboardReply,
} from '@rr/core';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Database } from '../../db/client.ts';
import {
  orderSalesDaily,
  orderStateCounts,
  orders,
  productSalesDaily,
  productSalesWindow,
  productSalesWindowStart,
  products,
  shopSettings,
  users,
} from '../../db/schema/index.ts';
import { DEFAULT_LOW_STOCK } from './settings.ts';

const DAY_MS = 86_400_000;
const TOP_PRODUCTS = 5;
const TOP_DAYS = 30;
const LIST_LENGTH = 10;

/** Orders waiting to ship: placed, not shipped, delivered or cancelled (the partial index's predicate). */
const TO_SHIP = sql`not ${orders.isShipped} and not ${orders.isDelivered} and not ${orders.isCancelled}
  and ${orders.confirmBy} is null`;

/** Days since 1970-01-01 in Indian time (the database's `ist_day`). */
export function istDay(at: Date): number {
  return Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);
}
/** The instant an Indian day starts. */
export function istDayStart(day: number): Date {
  return new Date(day * DAY_MS - IST_OFFSET_MS);
}
const isoDateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
type ProductFigure = DashboardReply['topByUnits'][number];
/** A product of a top list as the database sends it (json). */
type SoldRow = [list: 'units' | 'value', id: string, name: string, units: number, paise: number];

/** The five first of each list, from rows of sums per product (`sold`: id, units, paise), as json. */
const topOf = (
  sold: SQL,
) => sql`(select coalesce(json_agg(json_build_array(t.list, t.id, t.name, t.units, t.paise)), '[]')
  from ((select 'units' as list, s.id, p.name, s.units, s.paise from ${sold} s join ${products} p on p.id = s.id
         where s.units > 0 order by s.units desc nulls last, s.paise desc nulls last, s.id limit ${TOP_LENGTH})
        union all
        (select 'value' as list, s.id, p.name, s.units, s.paise from ${sold} s join ${products} p on p.id = s.id
         where s.units > 0 order by s.paise desc nulls last, s.units desc nulls last, s.id limit ${TOP_LENGTH})) t)`;

/** product_sales_window's sums: the last 30 days once its first day is today's. */
const WINDOW = sql`(select ${productSalesWindow.productId} as id, ${productSalesWindow.units} as units,
  ${productSalesWindow.valuePaise} as paise from ${productSalesWindow})`;
/** The same sums from product_sales_daily, from any first day (slower: a month of rows). */
const soldSince = (first: number) => sql`(select ${productSalesDaily.productId} as id,
  sum(${productSalesDaily.units})::integer as units, sum(${productSalesDaily.valuePaise})::bigint as paise
  from ${productSalesDaily} where ${productSalesDaily.day} >= ${first} group by 1)`;

/**
 * The top products from an Indian day on when product_sales_window does not start on it: rolled on to it
 * when a day has passed (the first request of a day does it), else (a look back, as tests take) summed
 * from product_sales_daily.
 */
async function topSince(db: Database, first: number, windowFirst: number): Promise<SoldRow[]> {
  if (windowFirst < first) await db.execute(sql`select roll_product_sales_window(${first})`);
  const rows = await rawRows<{ top: SoldRow[] }>(
    db,
    sql`select ${topOf(windowFirst < first ? WINDOW : soldSince(first))} as top`,
  );
  return rows[0]!.top;
}

/** One top list, put back in order (each branch of the union comes out cut, but in no promised order). */
function listOf(rows: SoldRow[], list: SoldRow[0]): ProductFigure[] {
  const key = (r: SoldRow) => (list === 'units' ? [r[3], r[4]] : [r[4], r[3]]);
  return rows
    .filter((r) => r[0] === list)
    .sort((a, b) => key(b)[0]! - key(a)[0]! || key(b)[1]! - key(a)[1]! || (a[1] < b[1] ? -1 : 1))
    .map(([, id, name, units, paise]) => ({ _id: id, name, units, revenue: toRupees(Number(paise)) }));
}

interface Day {
  paise: number;
  orders: number;
  cod: number;
  customers: number;
}

function figuresOf(days: Day[]): DashboardFigures {
  const paise = days.reduce((s, d) => s + d.paise, 0);
  const placed = days.reduce((s, d) => s + d.orders, 0);
  const cod = days.reduce((s, d) => s + d.cod, 0);
  return {
    revenue: toRupees(paise),
    orders: placed,
    averageOrderValue: placed ? toRupees(Math.round(paise / placed)) : 0,
    codShare: placed ? cod / placed : 0,
    newCustomers: days.reduce((s, d) => s + d.customers, 0),
  };
}

const threshold = sql<number>`coalesce((select ${shopSettings.lowStockThreshold} from ${shopSettings}), ${sql.raw(String(DEFAULT_LOW_STOCK))})`;
const lowStock = sql`not ${products.isDraft} and ${products.countInStock} <= ${threshold}`;
const TOP_LENGTH = sql.raw(String(TOP_PRODUCTS));
const LIST = sql.raw(String(LIST_LENGTH));

/**
 * The dashboard's one statement: each part reads a few index entries or rows (json columns arrive
 * parsed from both drivers). Parameters: the first day of the chart and the moment it starts.
 */
const FIGURES = {
  windowFirst: sql<number | null>`(select ${productSalesWindowStart.firstDay} from ${productSalesWindowStart})`,
  threshold,
  days: sql<Array<[day: number, orders: number, paise: number, cod: number]>>`(
    select coalesce(json_agg(json_build_array(${orderSalesDaily.day}, ${orderSalesDaily.orders},
                                              ${orderSalesDaily.revenuePaise}, ${orderSalesDaily.codOrders})), '[]')
    from ${orderSalesDaily} where ${orderSalesDaily.day} >= ${sql.placeholder('firstDay')})`,
  customers: sql<Array<[day: number, customers: number]>>`(
    select coalesce(json_agg(json_build_array(c.day, c.n)), '[]')
    from (select ist_day(${users.createdAt}) as day, count(*) as n from ${users}
          where ${users.createdAt} >= ${sql.placeholder('since')}::timestamptz and ${users.role} is null group by 1) c)`,
  toShipCount: sql<number | string | null>`(
    select ${orderStateCounts.n} from ${orderStateCounts} where ${orderStateCounts.state} = 'to_ship')`,
  toShip: sql<Array<[id: string, createdAt: string, customerName: string, totalPaise: number]>>`(
    select coalesce(json_agg(json_build_array(o.id, o.created_at, o.customer_name, o.total_paise) order by o.created_at), '[]')
    from (select ${orders.id} as id, ${orders.createdAt} as created_at, ${orders.customerName} as customer_name,
                 ${orders.totalPaise} as total_paise
          from ${orders} where ${TO_SHIP} order by ${orders.createdAt} limit ${LIST}) o)`,
  // One past the cap, to tell "1,000" from "more than 1,000".
  lowCount: sql<number | string>`(select count(*) from (select 1 from ${products} where ${lowStock}
    limit ${sql.raw(String(LOW_STOCK_COUNT_CAP + 1))}) capped)`,
  low: sql<Array<[id: string, name: string, countInStock: number]>>`(
    select coalesce(json_agg(json_build_array(p.id, p.name, p.count_in_stock) order by p.count_in_stock, p.name), '[]')
    from (select ${products.id} as id, ${products.name} as name, ${products.countInStock} as count_in_stock
          from ${products} where ${lowStock}
          order by ${products.countInStock}, ${products.name} limit ${LIST}) p)`,
  top: sql<SoldRow[]>`${topOf(WINDOW)}`,
};

/** The statement prepared once per database (a connection plans it once, not at every request). */
const prepared = new WeakMap<Database, ReturnType<typeof prepareFigures>>();
const prepareFigures = (db: Database) =>
  db
    .select(FIGURES)
    .from(sql`(values (1)) as one (x)`)
    .prepare('owner_dashboard_figures');

/**
 * The owner's dashboard (DASHBOARD_DEFINITIONS in core says what each figure means), in one prepared
 * statement: orders per day from order_sales_daily and top products from product_sales_window (both
 * kept by triggers, migration 0020), customers from the index of customers by sign-up, the orders
 * waiting to ship from their counter and partial index, low stock from the index of products on sale
 * by stock and name (counted up to LOW_STOCK_COUNT_CAP). At a million orders and 100k products the database's work is about a
 * millisecond, so one round trip and one plan instead of nine is what counts.
 */
export async function dashboard(db: Database, now = new Date()): Promise<DashboardReply> {
  const today = istDay(now);
  const firstDay = today - Math.max(CHART_DAYS, 2 * PERIOD_DAYS.month) + 1;
  const topFirst = today - TOP_DAYS + 1;
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareFigures(db)));
  const [figures] = await statement.execute({ firstDay, since: istDayStart(firstDay).toISOString() });
  if (!figures) throw new Error('The dashboard statement answered no row');
  const top =
    figures.windowFirst === topFirst ? figures.top : await topSince(db, topFirst, figures.windowFirst ?? topFirst);

  const days = new Map<number, Day>();
  const dayOf = (day: number) => {
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { paise: 0, orders: 0, cod: 0, customers: 0 }));
    return entry;
  };
  for (const [day, placed, paise, cod] of figures.days) Object.assign(dayOf(day), { paise, orders: placed, cod });
  for (const [day, customers] of figures.customers) dayOf(day).customers = customers;
  const range = (last: number, length: number) =>
    Array.from({ length }, (_, i) => days.get(last - length + 1 + i) ?? { paise: 0, orders: 0, cod: 0, customers: 0 });
  const period = (length: number) => ({
    current: figuresOf(range(today, length)),
    previous: figuresOf(range(today - length, length)),
  });

  return {
    today: isoDateOfDay(today),
    periods: { today: period(PERIOD_DAYS.today), week: period(PERIOD_DAYS.week), month: period(PERIOD_DAYS.month) },
    daily: Array.from({ length: CHART_DAYS }, (_, i) => {
      const day = today - CHART_DAYS + 1 + i;
      const entry = days.get(day);
      return { date: isoDateOfDay(day), revenue: toRupees(entry?.paise ?? 0), orders: entry?.orders ?? 0 };
    }),
    toShip: {
      count: Number(figures.toShipCount ?? 0),
      oldest: figures.toShip.map(([id, createdAt, customerName, totalPaise]) => ({
        _id: id,
        createdAt: new Date(createdAt).toISOString(),
        customerName,
        totalPrice: toRupees(totalPaise),
      })),
    },
    lowStock: {
      threshold: figures.threshold ?? DEFAULT_LOW_STOCK,
      count: Math.min(Number(figures.lowCount), LOW_STOCK_COUNT_CAP),
      capped: Number(figures.lowCount) > LOW_STOCK_COUNT_CAP,
      products: figures.low.map(([id, name, countInStock]) => ({ _id: id, name, countInStock })),
    },
    topByUnits: listOf(top, 'units'),
    topByRevenue: listOf(top, 'value'),
  };
}
