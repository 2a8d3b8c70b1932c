// Issue 27: shipping and Cash on Delivery as the owner sets them, the customer reads them and couriers
// report them. Field names are the shop's public contract. Amounts in the API are rupees before GST.
import * as z from 'zod/mini';
import { MAX_PRICE_RUPEES, numberFromText, preprocess, wholeNumber } from './common.ts';
import { SHIPPING_ZONES, type ShippingZone } from '../shipping.ts';

/** Where a booked parcel is, as the courier's tracking events say (the order answer's `tracking.status`). */
export const TRACKING_STATUSES = [
  'booked',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'delivery_failed',
  'returned',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  booked: 'Booked with courier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  delivery_failed: 'Delivery attempt failed',
  returned: 'Returned to us',
};

/** An amount in rupees that may be 0 (a free zone, no COD fee), at most 2 decimals. */
export function rupeesOrZero(field: string) {
  return numberFromText(
    z.number({ error: `${field} must be a number` }).check(
      z.gte(0, { error: `${field} must be 0 or more` }),
      z.lte(MAX_PRICE_RUPEES, { error: `${field} must be at most ${MAX_PRICE_RUPEES}` }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: `${field} can have at most 2 decimals`,
      }),
    ),
  );
}

const zoneRates = (field: string) =>
  z.object(
    Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, rupeesOrZero(`${field}.${zone}`)])) as Record<
      ShippingZone,
      ReturnType<typeof rupeesOrZero>
    >,
    { error: `${field} must give a rate for each zone: ${SHIPPING_ZONES.join(', ')}` },
  );

export const MAX_RATE_SLABS = 12;
export const MAX_HOLIDAYS = 60;
export const MAX_PACKAGE_GRAMS = 100_000;
export const MAX_PACKAGE_CM = 300;

/** The rate card as the owner writes it (rupees): slabs of weight, each with a rate per zone. */
export const rateCardInput = z.object({
  slabs: z
    .array(
      z.object({
        upToGrams: wholeNumber('upToGrams', 1, MAX_PACKAGE_GRAMS),
        rates: zoneRates('rates'),
      }),
      { error: 'slabs must be a list' },
    )
    .check(
      z.minLength(1, { error: 'slabs needs at least one weight slab' }),
      z.maxLength(MAX_RATE_SLABS, { error: `slabs can hold at most ${MAX_RATE_SLABS} weight slabs` }),
      z.refine((slabs) => slabs.every((s, i) => i === 0 || s.upToGrams > slabs[i - 1]!.upToGrams), {
        error: 'slabs must go up in weight, each heavier than the one before',
      }),
    ),
  extraPer500g: zoneRates('extraPer500g'),
  /** Freight is free when the items' value (before GST) is above this; null: never. */
  freeAbove: z.nullable(rupeesOrZero('freeAbove')),
  codFee: rupeesOrZero('codFee'),
  codFeePercent: numberFromText(
    z
      .number({ error: 'codFeePercent must be a number' })
      .check(
        z.gte(0, { error: 'codFeePercent must be 0 or more' }),
        z.lte(10, { error: 'codFeePercent must be at most 10' }),
      ),
  ),
});
export type RateCardInput = z.infer<typeof rateCardInput>;

/** A product's (or variant's) packed parcel; any figure null takes the shop's default package's. */
export const packageInput = z.object({
  weightGrams: z.nullable(wholeNumber('package.weightGrams', 1, MAX_PACKAGE_GRAMS)),
  lengthCm: z.nullable(wholeNumber('package.lengthCm', 1, MAX_PACKAGE_CM)),
  breadthCm: z.nullable(wholeNumber('package.breadthCm', 1, MAX_PACKAGE_CM)),
  heightCm: z.nullable(wholeNumber('package.heightCm', 1, MAX_PACKAGE_CM)),
});
export type PackageInput = z.infer<typeof packageInput>;

const fullPackage = z.object({
  weightGrams: wholeNumber('defaultPackage.weightGrams', 1, MAX_PACKAGE_GRAMS),
  lengthCm: wholeNumber('defaultPackage.lengthCm', 1, MAX_PACKAGE_CM),
  breadthCm: wholeNumber('defaultPackage.breadthCm', 1, MAX_PACKAGE_CM),
  heightCm: wholeNumber('defaultPackage.heightCm', 1, MAX_PACKAGE_CM),
});

const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * GET and PUT /api/admin/shipping (owner): the rate card (null: SPEC's rule), the Cash on Delivery
 * rules, the pickup pincode, the dispatch cut-off and holidays, and the default package. PUT takes any
 * of the fields and changes only those.
 */
export const shippingSettings = z.object({
  rateCard: z.nullable(rateCardInput),
  /** COD is refused above this order total (rupees). */
  codMax: rupeesOrZero('codMax'),
  /** A COD order above this total waits for the customer's confirmation; null: none by value. */
  codConfirmAbove: z.nullable(rupeesOrZero('codConfirmAbove')),
  /** A COD order from a phone never proven by a code waits for the customer's confirmation. */
  codConfirmUnproven: z.boolean({ error: 'codConfirmUnproven must be true or false' }),
  /** Where the courier picks parcels up (null: the seller's pincode from the configuration). */
  originPincode: z.nullable(
    z
      .string({ error: 'originPincode must be text' })
      .check(z.trim(), z.regex(/^[1-9]\d{5}$/, { error: 'originPincode must be a 6-digit pincode' })),
  ),
  /** 'HH:MM' in Indian time: orders placed before it leave the same working day. */
  cutoffTime: z
    .string({ error: 'cutoffTime must be text' })
    .check(z.trim(), z.regex(CUTOFF_PATTERN, { error: 'cutoffTime must be a time like 14:00' })),
  /** Besides Sundays: days the shop does not dispatch and couriers do not deliver ('YYYY-MM-DD'). */
  holidays: z
    .array(
      z
        .string({ error: 'holidays must be dates like 2026-11-08' })
        .check(z.trim(), z.regex(ISO_DATE, { error: 'holidays must be dates like 2026-11-08' })),
      { error: 'holidays must be a list of dates' },
    )
    .check(z.maxLength(MAX_HOLIDAYS, { error: `holidays can hold at most ${MAX_HOLIDAYS} dates` })),
  defaultPackage: fullPackage,
});
export type ShippingSettings = z.infer<typeof shippingSettings>;
export const shippingSettingsUpdate = z.partial(shippingSettings);
export type ShippingSettingsUpdate = z.infer<typeof shippingSettingsUpdate>;

/** 'HH:MM' to minutes after midnight and back. */
export const cutoffMinutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const cutoffTimeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Cash on Delivery for a cart or a pincode: whether it is offered, and the customer's reason when not. */
export const codAnswer = z.object({
  allowed: z.boolean(),
  refusal: z.nullable(z.enum(['above_limit', 'pincode', 'made_to_order'])),
  reason: z.nullable(z.string()),
  /** Issue 30: with `above_limit`, the order value (rupees) COD is offered up to, for other languages' texts. */
  limit: z.optional(z.number()),
});
export type CodAnswer = z.infer<typeof codAnswer>;

/** When a parcel to a pincode arrives: calendar days from today and the dates ('YYYY-MM-DD', IST). */
export const deliveryAnswer = z.object({
  postalCode: z.string(),
  zone: z.enum(SHIPPING_ZONES),
  /** Whether the courier collects cash there. */
  cod: z.boolean(),
  deliveryDays: z.object({ min: z.int(), max: z.int() }),
  deliverBy: z.object({ from: z.string(), to: z.string() }),
  /** The day the parcel leaves the shop (after the cut-off: the next working day). */
  dispatchOn: z.string(),
});
export type DeliveryAnswer = z.infer<typeof deliveryAnswer>;

/** The COD fee on a quote or an order (rupees, before GST) and its GST. */
export const codFeeAnswer = z.object({ amount: z.number(), taxPrice: z.number() });

/** The parcel's tracking as an order shows it (null until booked with an aggregator or an event came). */
export const trackingAnswer = z.object({
  status: z.enum(TRACKING_STATUSES),
  label: z.string(),
  /** A failed delivery's reason, or the courier's last words. */
  note: z.nullable(z.string()),
  updatedAt: z.string(),
  events: z.array(z.object({ status: z.enum(TRACKING_STATUSES), note: z.nullable(z.string()), at: z.string() })),
});
export type TrackingAnswer = z.infer<typeof trackingAnswer>;

/** A WhatsApp opt-in as forms send it ("on" from a checkbox counts). */
export const whatsappOptIn = preprocess(
  (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'whatsappOptIn must be true or false' }),
);

/**
 * GET /api/config/contact (anyone): the shop's WhatsApp number for "Chat on WhatsApp" links, digits with
 * the country code (919876543210); null when the shop has none.
 */
export const shopContact = z.object({ whatsappNumber: z.nullable(z.string()) });
export type ShopContact = z.infer<typeof shopContact>;
