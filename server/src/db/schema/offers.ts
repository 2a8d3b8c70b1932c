import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { paymentHolds } from './payments.ts';

/**
 * Issue 26: coupon codes. Exactly one kind of discount (percent, amount before GST, or free shipping).
 * `uses` counts its live uses (offer_uses not released): raised in the order's (or the payment hold's)
 * transaction by one conditional update, so a limit holds under any number of concurrent checkouts, and
 * lowered when an order is cancelled or a hold ends unpaid.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In capitals: codes are case-insensitive. */
    code: text('code').notNull().unique(),
    percentOff: smallint('percent_off'),
    amountOffPaise: integer('amount_off_paise'),
    freeShipping: boolean('free_shipping').notNull().default(false),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    combinesWithOnlineDiscount: boolean('combines_with_online_discount').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_one_kind',
      sql`(${t.percentOff} is not null)::int + (${t.amountOffPaise} is not null)::int + ${t.freeShipping}::int = 1`,
    ),
    check('coupons_uses_not_negative', sql`${t.uses} >= 0`),
  ],
);

/** Issue 26: scheduled sales, an automatic percent off categories or products between two moments. */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Issue 30: the name on Hindi pages and messages; empty: the English one shows. */
    nameHi: text('name_hi').notNull().default(''),
    percentOff: smallint('percent_off').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    banner: text('banner').notNull().default(''),
    /** Issue 30: the banner on Hindi pages; empty: the English banner (or the Hindi name and percent). */
    bannerHi: text('banner_hi').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sales_ends_at_idx').on(t.endsAt)],
);

/**
 * Each use of a coupon or a sale by a checkout: written with the payment hold (then carried to its order)
 * or with the Cash on Delivery order, and released (never deleted) when the order is cancelled or the
 * hold ends unpaid. The owner's pages count uses and revenue from it; a customer's live uses of a code
 * are its per-customer count.
 */
export const offerUses = pgTable(
  'offer_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    holdId: uuid('hold_id').references(() => paymentHolds.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** What the offer took off (before GST), or the shipping charge a free-shipping code waived. */
    discountPaise: integer('discount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    check('offer_uses_one_offer', sql`(${t.couponId} is null) <> (${t.saleId} is null)`),
    index('offer_uses_coupon_customer_idx')
      .on(t.couponId, t.customerId)
      .where(sql`${t.couponId} is not null and ${t.releasedAt} is null`),
    index('offer_uses_sale_idx')
      .on(t.saleId)
      .where(sql`${t.saleId} is not null and ${t.releasedAt} is null`),
    index('offer_uses_order_idx').on(t.orderId),
    index('offer_uses_hold_idx').on(t.holdId),
  ],
);
