import type { QuoteLine, ShippingAddressInput } from '@rr/core';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A line of a hold: a line of the quote it was priced with (a product id is kept even if the product is
 * deleted meanwhile; the order then keeps the line without its product).
 */
export type HeldLine = QuoteLine;

export type HoldStatus = 'pending' | 'completed' | 'released' | 'expired';

/**
 * Stock held for an online payment (PRODUCT.md step 2): the cart as priced, with the stock already
 * taken, until the payment is verified (an order is made from this snapshot) or the hold ends.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customer: jsonb('customer').$type<{ id: string; name: string; email: string; phone: string }>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddressInput>().notNull(),
    lines: jsonb('lines').$type<HeldLine[]>().notNull(),
    itemsPaise: integer('items_paise').notNull(),
    shippingPaise: integer('shipping_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    /**
     * Issue 28: store credit the customer chose to spend on this checkout, taken from the balance when
     * the hold is made and given back if it ends unpaid; the gateway is asked for the total less it.
     */
    storeCreditPaise: integer('store_credit_paise').notNull().default(0),
    /** As on orders: the shipping charge's GST, rate and HSN (the principal supply's). */
    shippingTaxPaise: integer('shipping_tax_paise').notNull().default(0),
    shippingGstBasisPoints: integer('shipping_gst_basis_points').notNull().default(0),
    shippingHsnCode: text('shipping_hsn_code'),
    /** Issue 26: the coupon code it was placed with, and what the code took off (or the shipping it waived). */
    couponCode: text('coupon_code'),
    couponDiscountPaise: integer('coupon_discount_paise'),
    gateway: text('gateway').notNull(),
    razorpayOrderId: text('razorpay_order_id'),
    status: text('status').$type<HoldStatus>().notNull().default('pending'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_holds_razorpay_order_unique').on(t.razorpayOrderId),
    index('payment_holds_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** Webhook deliveries already handled, by Razorpay's event id: a repeat is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
