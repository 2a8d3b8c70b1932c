import type { LineAdjustment, TrackingStatus } from '@rr/core';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the account is deleted: the order and its customer details stay for the books. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** Who receives the parcel: the account's name and phone unless the customer gave others. */
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    /** A business buyer's GSTIN and legal name, given at checkout for a B2B tax invoice (issue 24). */
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    paymentMethod: text('payment_method').notNull(),
    itemsPaise: integer('items_paise').notNull(),
    shippingPaise: integer('shipping_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    /**
     * The quote's shipping charge (`shipping_paise`, before GST) is taxed as part of the goods: at the
     * principal supply's rate, with its HSN. `tax_paise` holds the lines' GST and this one's.
     */
    shippingTaxPaise: integer('shipping_tax_paise').notNull().default(0),
    shippingGstBasisPoints: integer('shipping_gst_basis_points').notNull().default(0),
    shippingHsnCode: text('shipping_hsn_code'),
    /** Issue 26: the coupon code it was placed with, and what the code took off (or the shipping it waived). */
    couponCode: text('coupon_code'),
    couponDiscountPaise: integer('coupon_discount_paise'),
    /**
     * Issue 27: the COD fee and its GST, parts of `shipping_paise` and `shipping_tax_paise` (SPEC's
     * shippingPrice carries freight and fee together; the invoice prints them as two lines).
     */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codFeeTaxPaise: integer('cod_fee_tax_paise').notNull().default(0),
    /**
     * Issue 28: the part of the total paid with store credit (a payment, not a discount: GST is on the
     * whole total). The gateway took, or the courier collects, the rest.
     */
    storeCreditPaise: integer('store_credit_paise').notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set for online payments, which are verified before the order exists. */
    razorpayOrderId: text('razorpay_order_id'),
    razorpayPaymentId: text('razorpay_payment_id'),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Handed to a courier: its name and the tracking number (AWB) the customer follows. */
    isShipped: boolean('is_shipped').notNull().default(false),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    /**
     * Issue 27: where the parcel is, as the courier's tracking events last said (null: not booked with
     * an aggregator, or no event yet), the reason of a failed delivery, and when it changed.
     */
    trackingStatus: text('tracking_status').$type<TrackingStatus>(),
    trackingNote: text('tracking_note'),
    trackingUpdatedAt: timestamp('tracking_updated_at', { withTimezone: true }),
    /** The GST tax invoice, issued when the order ships: its serial and the seller as it was then. */
    invoiceNumber: text('invoice_number'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    invoiceSeller: jsonb('invoice_seller').$type<InvoiceSellerSnapshot>(),
    /** The GST state code of the place of supply (the delivery address's state), fixed when invoiced. */
    placeOfSupply: text('place_of_supply'),
    /** The credit note that reverses the invoice of an order cancelled after it was invoiced. */
    creditNoteNumber: text('credit_note_number'),
    creditNoteAt: timestamp('credit_note_at', { withTimezone: true }),
    /** The refund of an online payment on cancellation, as the gateway reports it. */
    refundStatus: text('refund_status').$type<'pending' | 'processed' | 'failed'>(),
    refundId: text('refund_id'),
    refundPaise: integer('refund_paise'),
    refundError: text('refund_error'),
    refundUpdatedAt: timestamp('refund_updated_at', { withTimezone: true }),
    /**
     * Which try this is: every call for one try carries the same idempotency key, so the gateway makes
     * at most one refund per try; a new try is taken only when the last one's refund is known failed.
     */
    refundAttempt: integer('refund_attempt').notNull().default(0),
    /**
     * Set while a Cash on Delivery order from an unproven phone waits for its code: it is not packed,
     * and at this time it cancels itself and gives its stock back. Null once confirmed (or never needed).
     */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The few orders awaiting their code: the expiry sweep and the per-product share of unconfirmed units.
    index('orders_awaiting_confirmation_idx')
      .on(t.confirmBy)
      .where(sql`${t.confirmBy} is not null and not ${t.isCancelled}`),
    // Newest first with the id as tie-break, as My Orders and the admin list page them.
    index('orders_user_created_id_idx').on(t.userId, t.createdAt, t.id),
    index('orders_created_id_idx').on(t.createdAt, t.id),
    // The admin list's filters: each walks its own orders newest first (the newest orders are not
    // delivered yet, so delivered could not walk the index above without skipping them all).
    index('orders_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isCancelled} and not ${t.isShipped} and not ${t.isDelivered}`),
    index('orders_shipped_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isCancelled} and ${t.isShipped} and not ${t.isDelivered}`),
    index('orders_delivered_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isCancelled} and ${t.isDelivered}`),
    index('orders_cancelled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isCancelled}`),
    // The admin search's whole phone numbers (issue 13): equality on these instead of a trigram scan.
    index('orders_customer_phone_idx').on(t.customerPhone),
    index('orders_recipient_phone_idx').on(t.recipientPhone),
    // Issue 31: the admin search's names, found in `orderNames` first, then their orders by equality.
    index('orders_customer_name_idx').on(t.customerName),
    index('orders_recipient_name_idx').on(t.recipientName),
    check('orders_amounts_check', sql`${t.itemsPaise} > 0 and ${t.totalPaise} > 0`),
    uniqueIndex('orders_razorpay_payment_unique').on(t.razorpayPaymentId),
    uniqueIndex('orders_razorpay_order_unique').on(t.razorpayOrderId),
    uniqueIndex('orders_invoice_number_unique').on(t.invoiceNumber),
    uniqueIndex('orders_credit_note_number_unique').on(t.creditNoteNumber),
    uniqueIndex('orders_refund_id_unique').on(t.refundId),
    check(
      'orders_refund_status_check',
      sql`${t.refundStatus} is null or ${t.refundStatus} in ('pending', 'processed', 'failed')`,
    ),
  ],
);

/**
 * Issue 31: the admin's order search looks up what was typed among these first: every phone number
 * and every name that any order holds (its customer's and its recipient's), once each, with how many
 * orders hold it. Kept by migration 0048's trigger as orders are written. Part of a number or of a name
 * is found here through the trigram index, among thousands of values instead of a million orders; the
 * orders are then found by equality (their phone and name indexes), and the counts tell the search
 * whether its matches are few enough to count. A value no order holds any more stays, at 0 orders.
 */
export const orderPhones = pgTable(
  'order_phones',
  { phone: text('phone').primaryKey(), orders: integer('orders').notNull() },
  (t) => [index('order_phones_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`)],
);

/** Issue 31: every name an order holds, with how many orders hold it (see `orderPhones`). */
export const orderNames = pgTable(
  'order_names',
  { name: text('name').primaryKey(), orders: integer('orders').notNull() },
  (t) => [index('order_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/**
 * How many orders are in each admin list state (`orderStateOf`: to_ship, shipped, delivered, cancelled;
 * awaiting for an unconfirmed order, in no list of its own),
 * kept by a trigger on `orders` (migration 0011), so the admin list's page count never counts a million
 * rows. Read through `orderCounts` in the orders module.
 */
export const orderStateCounts = pgTable('order_state_counts', {
  state: text('state').$type<'awaiting' | 'to_ship' | 'shipped' | 'delivered' | 'cancelled'>().primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** The seller's details printed on an invoice, kept with it so a reprint never changes. */
export interface InvoiceSellerSnapshot {
  legalName: string;
  address: string;
  gstin: string | null;
  state: string;
}

/**
 * The last serial issued per document series (invoice, credit note) and financial year. Taking the next
 * one updates this row, which stays locked until the issuing transaction ends: serials are consecutive
 * with no gaps (a rolled-back issue gives its number back) and no duplicates across instances.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    series: text('series').$type<'invoice' | 'credit-note'>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * A line as it was bought, its share of the order's quote: name, image, price and tax facts are copies,
 * so later catalog edits never change it.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /**
     * Issue 30: the Hindi name of what was bought, when it was bought (Hindi pages, messages and the
     * invoice show it beside the English one): the product's, or on an add-on's line the add-on's; null
     * when it had none (and on add-on lines bought before migration 0044).
     */
    nameHi: text('name_hi'),
    image: text('image').notNull(),
    /** Its place in the quote: the order the invoice lists lines in (and splits CGST/SGST in). */
    lineNo: integer('line_no').notNull().default(0),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    qty: integer('qty').notNull(),
    /**
     * The product's HSN code, unit quantity code and GST rate when it was bought. The code is null only
     * on lines bought before categories had codes whose product has left the catalog.
     */
    hsnCode: text('hsn_code'),
    uqc: text('uqc').notNull().default('NOS'),
    gstBasisPoints: integer('gst_basis_points').notNull(),
    /** The line's shares of the quote's adjustments (the online discount; coupons later), before GST. */
    adjustments: jsonb('adjustments').$type<LineAdjustment[]>().notNull().default([]),
    discountPaise: integer('discount_paise').notNull().default(0),
    /** price × qty - discount: what the line's GST is charged on. */
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    // Issue 25. A line of a product with variants names the variant bought (kept when it is removed).
    variantId: uuid('variant_id'),
    variantName: text('variant_name'),
    /** Issue 30: the variant's Hindi name when it was bought; null when it had none. */
    variantNameHi: text('variant_name_hi'),
    /**
     * An add-on's line: the add-on, the `line_no` of the product line it was chosen with, and the texts
     * the buyer filled in. Null on product lines. Its qty is its product line's.
     */
    addOnId: uuid('add_on_id'),
    addOnOf: integer('add_on_of'),
    addOnValues: jsonb('add_on_values').$type<Record<string, string>>(),
    /**
     * Issue 30: the Hindi labels the add-on's fields had when it was bought, by field name (the keys of
     * `add_on_values`), for Hindi pages, messages and the invoice; null when none had one.
     */
    addOnFieldNamesHi: jsonb('add_on_field_names_hi').$type<Record<string, string>>(),
    /** False when a made-to-order add-on was chosen with the line (PRODUCT.md returns). */
    returnable: boolean('returnable').notNull().default(true),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_qty_check', sql`${t.qty} > 0`),
    check(
      'order_items_taxable_check',
      sql`${t.discountPaise} >= 0 and ${t.taxablePaise} >= 0 and ${t.taxablePaise} = ${t.pricePaise} * ${t.qty} - ${t.discountPaise}`,
    ),
  ],
);
