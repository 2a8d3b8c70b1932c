import {
  CHART_DAYS,
  DEFAULT_PAYMENT_METHOD,
  IST_OFFSET_MS,
  PERIOD_DAYS,
  toRupees,
  type DashboardFigures,
  type DashboardReply,
} from '@rr/core';
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, productSalesDaily, products, users } from '../../db/schema/index.ts';
import { lowStockThreshold } from './settings.ts';

const DAY_MS = 86_400_000;
const TOP_PRODUCTS = 5;
const TOP_DAYS = 30;
const LIST_LENGTH = 10;

/** Orders waiting to ship: placed, not shipped, delivered or cancelled (the partial index's predicate). */
const TO_SHIP = sql`not ${orders.isShipped} and not ${orders.isDelivered} and not ${orders.isCancelled}`;

/** Days since 1970-01-01 in Indian time (the database's `ist_day`). */
export function istDay(at: Date): number {
  return Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);
}
/** The instant an Indian day starts. */
export function istDayStart(day: number): Date {
  return new Date(day * DAY_MS - IST_OFFSET_MS);
}
const isoDateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** `ist_day(column)` in SQL: the same arithmetic as `istDay`. */
const istDayOf = (column: typeof orders.createdAt | typeof users.createdAt) =>
  sql<number>`floor((extract(epoch from ${column}) + ${IST_OFFSET_MS / 1000}) / 86400)::integer`;

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

/**
 * The owner's dashboard (DASHBOARD_DEFINITIONS in core says what each figure means). Every query reads
 * an index made for it (migration stock-ledger-and-dashboard-sql): orders per day from the covering
 * index of orders not cancelled, customers from the index of customers by sign-up, the orders waiting
 * to ship from their partial index, low stock from the index of products on sale by stock, and top
 * products from the per-day sales that triggers keep.
 */
export async function dashboard(db: Database, now = new Date()): Promise<DashboardReply> {
  const today = istDay(now);
  const firstDay = today - Math.max(CHART_DAYS, 2 * PERIOD_DAYS.month) + 1;
  const since = istDayStart(firstDay);
  const threshold = await lowStockThreshold(db);

  const [placed, joined, toShipCount, toShip, lowCount, low, top] = await Promise.all([
    db
      .select({
        day: istDayOf(orders.createdAt),
        paise: sql<string>`sum(${orders.totalPaise})`,
        orders: count(),
        cod: sql<number>`count(*) filter (where ${orders.paymentMethod} = ${DEFAULT_PAYMENT_METHOD})::integer`,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, since), sql`not ${orders.isCancelled}`))
      .groupBy(sql`1`),
    db
      .select({ day: istDayOf(users.createdAt), customers: count() })
      .from(users)
      .where(and(gte(users.createdAt, since), sql`not ${users.isAdmin}`))
      .groupBy(sql`1`),
    db.select({ n: count() }).from(orders).where(TO_SHIP),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        totalPaise: orders.totalPaise,
      })
      .from(orders)
      .where(TO_SHIP)
      .orderBy(asc(orders.createdAt))
      .limit(LIST_LENGTH),
    db
      .select({ n: count() })
      .from(products)
      .where(and(sql`not ${products.isDraft}`, lte(products.countInStock, threshold))),
    db
      .select({ id: products.id, name: products.name, countInStock: products.countInStock })
      .from(products)
      .where(and(sql`not ${products.isDraft}`, lte(products.countInStock, threshold)))
      .orderBy(asc(products.countInStock), asc(products.name))
      .limit(LIST_LENGTH),
    db
      .select({
        id: productSalesDaily.productId,
        name: products.name,
        units: sql<number>`sum(${productSalesDaily.units})::integer`,
        paise: sql<string>`sum(${productSalesDaily.valuePaise})`,
      })
      .from(productSalesDaily)
      .innerJoin(products, eq(products.id, productSalesDaily.productId))
      .where(gte(productSalesDaily.day, today - TOP_DAYS + 1))
      .groupBy(productSalesDaily.productId, products.name)
      .having(sql`sum(${productSalesDaily.units}) > 0`),
  ]);

  const days = new Map<number, Day>();
  const dayOf = (day: number) => {
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { paise: 0, orders: 0, cod: 0, customers: 0 }));
    return entry;
  };
  for (const row of placed)
    Object.assign(dayOf(row.day), { paise: Number(row.paise), orders: row.orders, cod: row.cod });
  for (const row of joined) dayOf(row.day).customers = row.customers;
  const range = (last: number, length: number) =>
    Array.from({ length }, (_, i) => days.get(last - length + 1 + i) ?? { paise: 0, orders: 0, cod: 0, customers: 0 });
  const period = (length: number) => ({
    current: figuresOf(range(today, length)),
    previous: figuresOf(range(today - length, length)),
  });

  const sold = top.map((p) => ({ _id: p.id, name: p.name, units: p.units, revenue: toRupees(Number(p.paise)) }));
  return {
    today: isoDateOfDay(today),
    periods: { today: period(PERIOD_DAYS.today), week: period(PERIOD_DAYS.week), month: period(PERIOD_DAYS.month) },
    daily: Array.from({ length: CHART_DAYS }, (_, i) => {
      const day = today - CHART_DAYS + 1 + i;
      const entry = days.get(day);
      return { date: isoDateOfDay(day), revenue: toRupees(entry?.paise ?? 0), orders: entry?.orders ?? 0 };
    }),
    toShip: {
      count: toShipCount[0]?.n ?? 0,
      oldest: toShip.map((o) => ({
        _id: o.id,
        createdAt: o.createdAt.toISOString(),
        customerName: o.customerName,
        totalPrice: toRupees(o.totalPaise),
      })),
    },
    lowStock: {
      threshold,
      count: lowCount[0]?.n ?? 0,
      products: low.map((p) => ({ _id: p.id, name: p.name, countInStock: p.countInStock })),
    },
    topByUnits: [...sold].sort((a, b) => b.units - a.units || b.revenue - a.revenue).slice(0, TOP_PRODUCTS),
    topByRevenue: [...sold].sort((a, b) => b.revenue - a.revenue || b.units - a.units).slice(0, TOP_PRODUCTS),
  };
}
