import * as z from 'zod/mini';
import { MAX_LINE_QTY } from '../constants.ts';

/**
 * Issue 28: after the sale. Cancellations by the customer, returns and replacements, partial refunds,
 * store credit (decision 0043).
 */

/** PRODUCT.md: a return is asked for within 7 days of delivery. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_REASON_MAX = 1000;
export const RETURN_PHOTOS_MAX = 5;
export const OWNER_NOTE_MAX = 500;
/** As many lines as an order can have (MAX_ORDER_LINES; not imported: orders.ts imports this file). */
const MAX_ORDER_LINES = 50;
/** The largest store credit an owner grants by hand in one go: ₹1,00,000. */
export const MAX_STORE_CREDIT_GRANT_PAISE = 1_00_000_00;

/**
 * Where a return is: asked for; the owner asked for more (photos, a video); approved (a reverse pickup
 * is booked); rejected (with the reason); received back; then closed by a refund, a replacement or
 * store credit.
 */
export const RETURN_STATUSES = [
  'requested',
  'more_info',
  'approved',
  'rejected',
  'received',
  'refunded',
  'replaced',
  'credited',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'more_info', 'approved', 'received'];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  more_info: 'More information asked',
  approved: 'Approved: pickup booked',
  rejected: 'Rejected',
  received: 'Received back',
  refunded: 'Refunded',
  replaced: 'Replacement sent',
  credited: 'Store credit given',
};

/**
 * How a refund goes back: to the card/UPI the order was paid with (the gateway), as store credit, or as
 * a bank/UPI transfer the owner made and records (Cash on Delivery orders).
 */
export const REFUND_METHODS = ['gateway', 'store_credit', 'transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} is required` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );

/**
 * A line of a return or refund: the order's line of this product (and variant, when the order has the
 * product in two variants), and how many of its units. Add-ons chosen with the line go with it.
 */
export const afterSaleLineInput = z.object({
  product: z.string({ error: 'product is required' }),
  variant: z.optional(z.nullable(z.string({ error: 'variant must be text' }))),
  qty: z
    .int({ error: 'qty must be a whole number' })
    .check(
      z.minimum(1, { error: 'qty must be at least 1' }),
      z.maximum(MAX_LINE_QTY, { error: `qty must be at most ${MAX_LINE_QTY}` }),
    ),
});
export type AfterSaleLineInput = z.infer<typeof afterSaleLineInput>;

const afterSaleLines = z
  .array(afterSaleLineInput, { error: 'lines must be a list of { product, qty }' })
  .check(
    z.minLength(1, { error: 'Choose at least one item' }),
    z.maxLength(MAX_ORDER_LINES, { error: `lines must have at most ${MAX_ORDER_LINES} entries` }),
  );

/** A picture uploaded through POST /api/upload (its URL), or an https link. */
const photoUrl = z.string({ error: 'photos must be a list of uploaded picture URLs' }).check(
  z.maxLength(500, { error: 'A photo URL must be at most 500 characters' }),
  z.regex(/^(\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*|https:\/\/\S+)$/, {
    error: 'photos must be pictures uploaded to this shop',
  }),
);

/** POST /api/orders/{id}/returns: the customer asks to return (or replace) delivered items. */
export const returnRequestInput = z
  .object({
    lines: afterSaleLines,
    reason: text('reason', RETURN_REASON_MAX),
    photos: z.optional(
      z.array(photoUrl).check(z.maxLength(RETURN_PHOTOS_MAX, { error: `At most ${RETURN_PHOTOS_MAX} photos` })),
    ),
    videoUrl: z.optional(
      z.nullable(
        z
          .string({ error: 'videoUrl must be text' })
          .check(
            z.trim(),
            z.maxLength(500, { error: 'videoUrl must be at most 500 characters' }),
            z.regex(/^(https:\/\/\S+)?$/, { error: 'videoUrl must be an https:// link' }),
          ),
      ),
    ),
    resolution: z.optional(z.enum(['refund', 'replacement'], { error: 'resolution must be refund or replacement' })),
  })
  .check(
    z.refine((r) => (r.photos?.length ?? 0) > 0 || !!r.videoUrl, {
      error: 'Add a photo or an unboxing video link',
      path: ['photos'],
    }),
  );
export type ReturnRequestInput = z.infer<typeof returnRequestInput>;

/**
 * PUT /api/returns/{id} moves a return. The owner: approve (books the reverse pickup, or records the
 * courier and AWB given), reject (a reason), more_info (what is needed; `note`), received, refund
 * (money back: gateway, or for COD store credit / a recorded transfer), replace (a new order of the
 * same lines, free), credit (store credit for the lines). The customer: reply (answers a more_info).
 */
export const RETURN_ACTIONS = [
  'approve',
  'reject',
  'more_info',
  'reply',
  'received',
  'refund',
  'replace',
  'credit',
] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

export const returnActionInput = z.object({
  action: z.enum(RETURN_ACTIONS, { error: `action must be one of ${RETURN_ACTIONS.join(', ')}` }),
  note: z.optional(text('note', OWNER_NOTE_MAX)),
  /** approve: a courier and AWB booked by hand instead of the aggregator. */
  courier: z.optional(text('courier', 60)),
  trackingNumber: z.optional(text('trackingNumber', 40)),
  /** refund: how the money goes back (default: gateway for a prepaid order; required for COD). */
  method: z.optional(z.enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(', ')}` })),
  transferReference: z.optional(text('transferReference', 60)),
  /** received: the returned units are fit to sell again and go back in stock. */
  restock: z.optional(z.boolean({ error: 'restock must be true or false' })),
  /** reply: more photos. */
  photos: z.optional(
    z.array(photoUrl).check(z.maxLength(RETURN_PHOTOS_MAX, { error: `At most ${RETURN_PHOTOS_MAX} photos` })),
  ),
});
export type ReturnActionInput = z.infer<typeof returnActionInput>;

/**
 * POST /api/orders/{id}/refund (admin): a partial refund of these lines and quantities, each with its
 * share of the discounts and of the shipping charge. A prepaid order goes back through the gateway
 * unless `method` says store credit; a Cash on Delivery order needs `method` store_credit or transfer
 * (with the transfer's reference).
 */
export const partialRefundInput = z.object({
  lines: afterSaleLines,
  method: z.optional(z.enum(REFUND_METHODS, { error: `method must be one of ${REFUND_METHODS.join(', ')}` })),
  transferReference: z.optional(text('transferReference', 60)),
});
export type PartialRefundInput = z.infer<typeof partialRefundInput>;

/** A line of a return or refund as answered. */
export const afterSaleLine = z.object({
  product: z.nullable(z.string()),
  variant: z.nullable(z.string()),
  name: z.string(),
  qty: z.int(),
});

/** A partial refund as an order answers it (`refunds`). Rupees. */
export const partialRefund = z.object({
  _id: z.string(),
  lines: z.array(afterSaleLine),
  /** Goods (taxable value + GST) and shipping share (with GST); amount = both. */
  itemsAmount: z.number(),
  shippingAmount: z.number(),
  taxPrice: z.number(),
  amount: z.number(),
  method: z.enum(REFUND_METHODS),
  /** Of `amount`: back to the card/UPI, and as store credit. */
  gatewayAmount: z.number(),
  storeCreditAmount: z.number(),
  status: z.enum(['pending', 'processed', 'failed']),
  error: z.nullable(z.string()),
  transferReference: z.nullable(z.string()),
  /** Its credit note (GET /api/orders/{id}/refunds/{refundId}/credit-note), when the order was invoiced. */
  creditNoteNumber: z.nullable(z.string()),
  createdAt: z.string(),
});
export type PartialRefund = z.infer<typeof partialRefund>;

/** A return as the customer and the owner see it. */
export const orderReturn = z.object({
  _id: z.string(),
  order: z.string(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(['refund', 'replacement']),
  lines: z.array(afterSaleLine),
  reason: z.string(),
  photos: z.array(z.string()),
  videoUrl: z.nullable(z.string()),
  ownerNote: z.nullable(z.string()),
  customerNote: z.nullable(z.string()),
  pickup: z.nullable(
    z.object({
      provider: z.nullable(z.string()),
      courier: z.nullable(z.string()),
      trackingNumber: z.nullable(z.string()),
    }),
  ),
  refund: z.nullable(z.string()),
  replacement: z.nullable(z.object({ courier: z.string(), trackingNumber: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** GET /api/returns (admin): open returns first; `status` filters. */
export const returnsQuery = z.object({
  status: z.optional(z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` })),
  order: z.optional(z.string()),
});

/**
 * Why a line of an order cannot be returned, as returnability answers it: the storefront shows these in
 * the page's language (issue 30), so the server and the web share the words.
 */
export const RETURN_LINE_REASONS = {
  notReturnable: 'Made-to-order and energised items cannot be returned.',
  allReturned: 'Already returned or refunded.',
} as const;

/** Whether an order may still be returned, and the lines that may (what the return form offers). */
export const returnability = z.object({
  /** Null when a return may be asked for; else why not (not delivered, window passed, nothing returnable). */
  refusal: z.nullable(z.string()),
  /** The last day (ISO) a return may be asked for; null before delivery. */
  returnBy: z.nullable(z.string()),
  lines: z.array(
    z.extend(afterSaleLine, {
      /** Units still returnable (bought less already returned or refunded); 0 with the reason. */
      returnableQty: z.int(),
      reason: z.nullable(z.string()),
    }),
  ),
});
export type Returnability = z.infer<typeof returnability>;

/** The store credit as the profile shows it, and its ledger (GET /api/users/store-credit). */
export const storeCreditEntry = z.object({
  _id: z.string(),
  amount: z.number(),
  balance: z.number(),
  kind: z.enum(['refund', 'owner', 'checkout', 'order_cancelled']),
  order: z.nullable(z.string()),
  note: z.string(),
  createdAt: z.string(),
});
export const storeCreditAnswer = z.object({ balance: z.number(), entries: z.array(storeCreditEntry) });
export type StoreCreditAnswer = z.infer<typeof storeCreditAnswer>;

/** POST /api/admin/users/{id}/store-credit: the owner grants (or takes back) store credit, with a reason. */
export const storeCreditGrantInput = z.object({
  amount: z.number({ error: 'amount must be a number of rupees' }).check(
    z.refine((n) => Number.isFinite(n) && n !== 0 && Math.abs(n) <= MAX_STORE_CREDIT_GRANT_PAISE / 100, {
      error: 'amount must be between -1,00,000 and 1,00,000 rupees, not 0',
    }),
    z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'amount must be in rupees and paise' }),
  ),
  note: text('note', OWNER_NOTE_MAX),
});
