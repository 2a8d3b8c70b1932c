import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The shop's own settings: one row (id is always 1), made by its migration. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Products with this many units or fewer are listed as low on stock on the dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_low_stock_check', sql`${t.lowStockThreshold} between 0 and 100000`),
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
