import type { Package, RateCard } from '@rr/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The shop's own settings: one row (id is always 1), made by its migration. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Products with this many units or fewer are listed as low on stock on the dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    // Issue 27: shipping and Cash on Delivery (decision 0042). Amounts in paise, before GST.
    /** The owner's rate card; null: SPEC's rule (free above ₹100 of items, else ₹100). */
    rateCard: jsonb('rate_card').$type<RateCard>(),
    /** Cash on Delivery is refused above this order total. */
    codMaxPaise: bigint('cod_max_paise', { mode: 'number' }).notNull().default(5_000_000),
    /** A COD order above this total waits for the customer's confirmation; null: none by value. */
    codConfirmAbovePaise: bigint('cod_confirm_above_paise', { mode: 'number' }),
    /** A COD order from a phone never proven by a code waits for the customer's confirmation. */
    codConfirmUnproven: boolean('cod_confirm_unproven').notNull().default(true),
    /** Where parcels are picked up; null: the seller's pincode from the configuration. */
    originPincode: text('origin_pincode'),
    /** Orders placed before this minute of the day (Indian time) are dispatched the same working day. */
    cutoffMinutes: integer('cutoff_minutes').notNull().default(840),
    /** Days ('YYYY-MM-DD') the shop does not dispatch and couriers do not deliver, besides Sundays. */
    holidays: text('holidays')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The parcel of a product that does not give its own. */
    defaultPackage: jsonb('default_package')
      .$type<Package>()
      .notNull()
      .default({ weightGrams: 100, lengthCm: 12, breadthCm: 10, heightCm: 6 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_low_stock_check', sql`${t.lowStockThreshold} between 0 and 100000`),
    check('shop_settings_cod_max_check', sql`${t.codMaxPaise} >= 0`),
    check('shop_settings_cutoff_check', sql`${t.cutoffMinutes} between 0 and 1440`),
  ],
);

/**
 * Units and value (before GST) of each product sold per Indian day, in orders that are not cancelled:
 * kept by triggers on order_items and orders (migration dashboard-figures) so the dashboard's top
 * products read a few hundred rows instead of a month of order lines. `day` counts days since
 * 1970-01-01 in Indian time. Rows of products that left the catalog keep the id they had.
 */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    day: integer('day').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    units: integer('units').notNull(),
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * Orders placed per Indian day that are not cancelled: how many, their totals and how many are Cash on
 * Delivery, the figures of the dashboard's periods and chart (`DASHBOARD_DEFINITIONS` in core). Kept by
 * a deferred constraint trigger on `orders` (migration 0020) at every insert, delete and change of
 * `created_at`, `is_cancelled`, `total_paise` or `payment_method`, so the dashboard reads 90 rows
 * instead of a quarter's orders. A day whose orders were all cancelled keeps its row, at zero.
 */
export const orderSalesDaily = pgTable('order_sales_daily', {
  day: integer('day').primaryKey(),
  orders: integer('orders').notNull(),
  revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
  codOrders: integer('cod_orders').notNull(),
});

/**
 * Units and value (before GST) of each product sold from `product_sales_window_start.first_day` on: the
 * sums of product_sales_daily over the dashboard's last 30 days, kept by a trigger on that table, so
 * the top products are the first five entries of an index instead of a month of rows summed. The
 * dashboard moves the window on when a day has passed (`roll_product_sales_window`, migration 0020).
 */
export const productSalesWindow = pgTable(
  'product_sales_window',
  {
    productId: uuid('product_id').primaryKey(),
    units: integer('units').notNull(),
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('product_sales_window_units_idx').on(t.units.desc(), t.valuePaise.desc(), t.productId),
    index('product_sales_window_value_idx').on(t.valuePaise.desc(), t.units.desc(), t.productId),
  ],
);

/** The first Indian day product_sales_window sums: one row. */
export const productSalesWindowStart = pgTable(
  'product_sales_window_start',
  {
    id: integer('id').primaryKey().default(1),
    firstDay: integer('first_day').notNull(),
  },
  (t) => [check('product_sales_window_start_single_row', sql`${t.id} = 1`)],
);
