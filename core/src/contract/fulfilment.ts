import * as z from 'zod/mini';
import {
  COURIER_NAME_MAX,
  normalizeTrackingNumber,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
} from '../gst/couriers.ts';

/** PRODUCT.md "Fulfilment": where an order is. Cancelled wins; delivered without shipping is hand delivery. */
export const ORDER_STATES = ['placed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export function orderStateOf(order: { isCancelled: boolean; isDelivered: boolean; isShipped: boolean }): OrderState {
  if (order.isCancelled) return 'cancelled';
  if (order.isDelivered) return 'delivered';
  return order.isShipped ? 'shipped' : 'placed';
}

/** The admin order list's filters (GET /api/orders?status=...). */
export const ADMIN_ORDER_FILTERS = ['to_ship', 'shipped', 'delivered', 'cancelled'] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

/**
 * Anything that is not one line of plain text: control characters (line breaks and tabs among them),
 * line and paragraph separators, direction controls that would reorder the text around it in an SMS or
 * e-mail, and markup's angle brackets.
 */
const NOT_PLAIN_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069<>]/u;

/** The courier and AWB the owner types when shipping by hand. */
const manualShipment = z.object({
  // The courier goes into the customer's SMS and e-mail as typed.
  courier: z.optional(
    z.string({ error: 'courier must be text' }).check(
      z.trim(),
      z.minLength(2, { error: 'courier is required' }),
      z.maxLength(COURIER_NAME_MAX, { error: `courier must be at most ${COURIER_NAME_MAX} characters` }),
      z.refine((text) => !NOT_PLAIN_LINE.test(text), { error: 'courier must be one line of plain text' }),
    ),
  ),
  trackingNumber: z.optional(
    z.pipe(
      z.string({ error: 'trackingNumber must be text' }),
      z.transform((text, ctx) => {
        const awb = normalizeTrackingNumber(text);
        if (awb) return awb;
        ctx.issues.push({
          code: 'custom',
          input: text,
          message: `trackingNumber must be ${TRACKING_NUMBER_MIN} to ${TRACKING_NUMBER_MAX} letters, digits or hyphens`,
        });
        return z.NEVER;
      }),
    ),
  ),
});

/**
 * PUT /api/orders/{id}/ship (admin): the courier (one of the known ones or any other name) and the AWB,
 * as typed; or (issue 27) neither, and the parcel is booked through the courier aggregator, which
 * assigns both and draws the label. One without the other is refused.
 */
export const shipOrderBody = z.optional(
  z.nullable(
    manualShipment.check(
      z.refine((b) => (b.courier === undefined) === (b.trackingNumber === undefined), {
        error: 'Send courier and trackingNumber together, or neither to book the parcel with the courier service',
      }),
    ),
  ),
);
export type ShipOrderBody = z.infer<typeof shipOrderBody>;

/** PUT /api/orders/{id}/deliver: optionally, the cash of a Cash on Delivery order was collected at the door. */
export const deliverOrderBody = z.optional(
  z.nullable(z.object({ cashCollected: z.optional(z.boolean({ error: 'cashCollected must be true or false' })) })),
);

/** The shipment as an order shows it. */
export const shipment = z.object({
  courier: z.string(),
  trackingNumber: z.string(),
  /** The courier's tracking page; null for a courier the shop does not know. */
  trackingUrl: z.nullable(z.string()),
  /**
   * Issue 27: booked through the courier aggregator ('shiprocket', or 'sandbox' in the demo); null when
   * the owner typed the courier and AWB.
   */
  provider: z.nullable(z.enum(['shiprocket', 'sandbox'])),
  /** The shipping label's PDF (GET /api/orders/{id}/label, admin) when booked through the aggregator. */
  label: z.nullable(z.string()),
});

/** A refund of an online payment, as the gateway last reported it. */
export const orderRefund = z.object({
  status: z.enum(['pending', 'processed', 'failed']),
  /** Rupees. */
  amount: z.number(),
  refundId: z.nullable(z.string()),
  /** Why it failed, for the admin who retries it. */
  error: z.nullable(z.string()),
  updatedAt: z.string(),
});

/** GET /api/admin/gst-report?month=2026-11 */
export const gstReportQuery = z.object({
  month: z
    .string({ error: 'month is required, like 2026-11' })
    .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must look like 2026-11' })),
});
