import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { paymentHolds } from './payments.ts';

/** What an idempotency key was given for: placing an order, or starting an online payment. */
export type IdempotentCall = 'order' | 'payment';

/**
 * A checkout call's `Idempotency-Key`, per customer: the first request with it inserts this row in the
 * transaction that makes its order (or hold), so a second request with the key waits for that
 * transaction and then answers what it made. A failed request leaves no row, so it can be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    call: text('call').$type<IdempotentCall>().notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body as validated: the same key with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    holdId: uuid('hold_id').references(() => paymentHolds.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.call, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_call_check', sql`${t.call} in ('order', 'payment')`),
  ],
);

/**
 * The code that confirms a Cash on Delivery order from an unproven phone (PRODUCT.md "Security
 * decisions"): only a keyed hash, a few tries, resent at most a few times. The row goes when the order is
 * confirmed; the order's `confirm_by` says until when it waits.
 */
export const orderConfirmations = pgTable('order_confirmations', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** Codes sent for this order, the first included. */
  sends: integer('sends').notNull().default(1),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
