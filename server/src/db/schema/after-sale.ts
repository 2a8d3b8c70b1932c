import type { ReturnStatus, RefundMethod } from '@rr/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';

/**
 * Issue 28: a customer's saved delivery addresses (several, one the default), used by checkout on any
 * device. A business buyer keeps a GSTIN and legal name with an address for B2B invoices.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's own name for it ("Home", "Office"); empty when not given. */
    label: text('label').notNull().default(''),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    state: text('state').notNull(),
    gstin: text('gstin'),
    businessName: text('business_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('customer_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('customer_addresses_postal_check', sql`${t.postalCode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** Issue 28: products a signed-in customer saved for later (one row per customer and product). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

/**
 * Issue 28: store credit, a ledger per customer. Every change of `users.store_credit_paise` writes one
 * row here in the same transaction, with the balance after it: granted by a return or by the owner
 * (positive), spent at checkout (negative), given back when an order that spent it is cancelled.
 */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    balancePaise: integer('balance_paise').notNull(),
    kind: text('kind').$type<'refund' | 'owner' | 'checkout' | 'order_cancelled'>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id'),
    /** What the customer reads beside it ("Return of order #AB12CD34", the owner's reason). */
    note: text('note').notNull().default(''),
    /** The admin who granted it; null when the shop did (a return, a checkout). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_entries_user_idx').on(t.userId, t.createdAt),
    check('store_credit_entries_amount_check', sql`${t.amountPaise} <> 0 and ${t.balancePaise} >= 0`),
    check('store_credit_entries_kind_check', sql`${t.kind} in ('refund', 'owner', 'checkout', 'order_cancelled')`),
  ],
);

/** A line of a return or a refund: which order line, how many of its units. */
export interface AfterSaleLine {
  /** The order line's `line_no` (its place in the quote). */
  lineNo: number;
  productId: string | null;
  qty: number;
}

/**
 * Issue 28: a customer's request to return (or replace) delivered items, and its way through the owner's
 * hands: requested, more information asked, approved (a reverse pickup booked), received, then closed by
 * a refund, a replacement or store credit; or rejected with a reason.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the customer wants back: their money, or the same item again. */
    resolution: text('resolution').$type<'refund' | 'replacement'>().notNull().default('refund'),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    lines: jsonb('lines').$type<AfterSaleLine[]>().notNull(),
    reason: text('reason').notNull(),
    /** Uploaded pictures (stored files' URLs) and an unboxing video link. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videoUrl: text('video_url'),
    /** The owner's last word to the customer: the reason of a rejection, what more is needed. */
    ownerNote: text('owner_note'),
    /** The customer's answer when more was asked. */
    customerNote: text('customer_note'),
    /** The reverse pickup: booked with the courier aggregator, or a courier and AWB typed by the owner. */
    pickupProvider: text('pickup_provider'),
    pickupReference: text('pickup_reference'),
    pickupCourier: text('pickup_courier'),
    pickupAwb: text('pickup_awb'),
    /** What closed it: the refund made, or the replacement sent (its courier and AWB). */
    refundId: uuid('refund_id'),
    replacementCourier: text('replacement_courier'),
    replacementAwb: text('replacement_awb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check(
      'order_returns_status_check',
      sql`${t.status} in ('requested', 'more_info', 'approved', 'rejected', 'received', 'refunded', 'replaced', 'credited')`,
    ),
  ],
);

/**
 * Issue 28: a partial refund: the order lines and quantities given back, their share of the quote
 * (taxable value, GST, shipping and COD fee), how the money goes back (the gateway, store credit, or a
 * bank/UPI transfer the owner made and recorded) and its credit note. The gateway is asked once per try
 * with the key `refund-<id>-<attempt>`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id'),
    lines: jsonb('lines').$type<AfterSaleLine[]>().notNull(),
    /** The goods' taxable value and GST, and the shipping (freight + COD fee) share with its GST. */
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    shippingTaxPaise: integer('shipping_tax_paise').notNull().default(0),
    /** What goes back: the four above together. */
    amountPaise: integer('amount_paise').notNull(),
    /** Of `amount_paise`, what goes to the gateway and what to store credit (a transfer: all of it). */
    gatewayPaise: integer('gateway_paise').notNull().default(0),
    storeCreditPaise: integer('store_credit_paise').notNull().default(0),
    method: text('method').$type<RefundMethod>().notNull(),
    status: text('status').$type<'pending' | 'processed' | 'failed'>().notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    attempt: integer('attempt').notNull().default(1),
    error: text('error'),
    /** A transfer's UTR or UPI reference, as the owner recorded it. */
    transferReference: text('transfer_reference'),
    creditNoteNumber: text('credit_note_number'),
    creditNoteAt: timestamp('credit_note_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_gateway_refund_unique').on(t.gatewayRefundId),
    uniqueIndex('refunds_credit_note_unique').on(t.creditNoteNumber),
    check(
      'refunds_amount_check',
      sql`${t.amountPaise} > 0 and ${t.amountPaise} = ${t.taxablePaise} + ${t.taxPaise} + ${t.shippingPaise} + ${t.shippingTaxPaise} and ${t.gatewayPaise} >= 0 and ${t.storeCreditPaise} >= 0 and ${t.gatewayPaise} + ${t.storeCreditPaise} <= ${t.amountPaise}`,
    ),
    check('refunds_method_check', sql`${t.method} in ('gateway', 'store_credit', 'transfer')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
  ],
);
