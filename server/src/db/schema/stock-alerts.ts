import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

/**
 * Issue 14: "notify me when back in stock". One row per product and phone while it waits; when the
 * product's stock comes back, the transaction that returns it writes the messages and sets
 * `notified_at`, so each alert is told once. Asking again after being told makes a new row.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The signed-in customer who asked (their e-mail is used too); null for a guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Indian mobile to text (10 digits): the account's phone when signed in. */
    phone: text('phone').notNull(),
    /**
     * The product's page on this shop, as the customer saw it when asking: the message links there. Kept
     * with the alert so that every path that returns stock (an order cancelled, a checkout released, an
     * admin edit) can tell the customer without knowing the shop's public address.
     */
    productUrl: text('product_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_alerts_phone_check', sql`${t.phone} ~ '^[6-9][0-9]{9}$'`),
    // Asking twice while waiting is one alert.
    uniqueIndex('stock_alerts_waiting_unique')
      .on(t.productId, t.phone)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);
