import type { ShippingAddressInput } from '@rr/core';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A line as priced and reserved: what a payment hold keeps and an order copies. The product's category's
 * HSN code and GST rate when priced, and the line's tax at that rate (the code is null only in holds made
 * before categories had codes, for products gone since).
 */
export interface HeldLine {
  productId: string;
  name: string;
  image: string;
  pricePaise: number;
  qty: number;
  hsnCode: string | null;
  gstBasisPoints: number;
  taxPaise: number;
}

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
