import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './catalog.ts';

/** Why a product's stock changed: set by the stock module, or 'created'/'direct' by the trigger itself. */
export const STOCK_REASONS = [
  'opening',
  'created',
  'order',
  'hold',
  'hold-retaken',
  'cancel',
  'release',
  'expire',
  /** A Cash on Delivery order whose code never came cancelled itself. */
  'unconfirmed',
  /** Issue 28: returned units the owner found fit to sell again. */
  'return',
  'admin-edit',
  'import',
  'direct',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * Every change of `products.count_in_stock`, written by a database trigger in the same statement as the
 * change (migration stock-ledger-trigger), so the ledger and the stock column cannot disagree whoever
 * writes the column. The reason, actor and reference come from the transaction's `rr.stock_cause`.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant whose stock changed (issue 25); null for a product without variants. No foreign key:
     * a removed variant's history stays. */
    variantId: uuid('variant_id'),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    /** The user who made the change (the admin, the buying customer); null for the system. No foreign key:
     * a stock change must never fail on it, and the id of a removed account is only history. */
    actorId: uuid('actor_id'),
    /** The order, payment hold or import the change belongs to, when known. */
    reference: text('reference'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_product_idx').on(t.productId, t.id),
    index('stock_ledger_variant_idx')
      .on(t.variantId, t.id)
      .where(sql`${t.variantId} is not null`),
    check('stock_ledger_amounts_check', sql`${t.before} >= 0 and ${t.after} >= 0`),
  ],
);
