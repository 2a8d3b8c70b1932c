// Issue 26: festival offers. Coupon codes and scheduled sales, as the owner writes them, the admin pages
// list them, and the storefront, the quote and orders carry them. Field names are the shop's public contract.
import * as z from 'zod/mini';
import { IST_OFFSET_MS } from '../dates.ts';
import { COUPON_CODE_PATTERN, normalizeCouponCode } from '../offer-rules.ts';
import { FORBIDDEN_TEXT, UUID_PATTERN, numberFromText, preprocess, rupees } from './common.ts';

export const COUPON_CODE_MAX = 30;
/** The most a coupon or a sale may take off in percent (a shop never gives goods away). */
export const MAX_OFFER_PERCENT = 90;
export const MAX_OFFER_SCOPE = 200;
export const SALE_NAME_MAX = 60;
export const SALE_BANNER_MAX = 140;
/** Wrong codes a client (or an account) may try in GUESS_WINDOW_MINUTES before it must wait. */
export const MAX_WRONG_COUPON_CODES = 10;
export const GUESS_WINDOW_MINUTES = 15;

/** A code as a customer types it: any case, checked against the pattern once in capitals. */
export const couponCodeField = z.pipe(
  z.string({ error: 'couponCode must be text' }).check(z.maxLength(60, { error: 'couponCode is too long' })),
  z.pipe(
    z.transform(normalizeCouponCode),
    z.string().check(
      z.regex(COUPON_CODE_PATTERN, {
        error: 'A code has 3 to 30 letters, digits and hyphens',
      }),
    ),
  ),
);

/**
 * A moment the owner sets, in Indian time unless it says otherwise: "2026-10-20" (a start: 00:00 IST that
 * day; an end: the end of that day, 23:59:59.999 IST), "2026-10-20T18:30" (IST, as a datetime-local input
 * sends it) or an ISO time with a zone ("2026-10-20T13:00:00Z", "…+05:30"). Answered as ISO UTC.
 */
export function istMoment(field: string, endOfDay: boolean) {
  return z.pipe(
    z.string({ error: `${field} must be a date or a time` }).check(z.trim(), z.maxLength(40)),
    z.transform((text, ctx) => {
      const parsed = parseIstMoment(text, endOfDay);
      if (parsed === null) {
        ctx.issues.push({
          code: 'custom',
          input: text,
          message: `${field} is not a date or time (e.g. 2026-10-20T18:30)`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
  );
}

/** "2026-10-20" or "2026-10-20T18:30[:05]" read in Indian time; null when no such day or time. */
function localIndianTime(text: string, endOfDay: boolean): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) return null;
  const wholeDay = m[4] === undefined && endOfDay;
  return utc - IST_OFFSET_MS + (wholeDay ? 86_400_000 - 1 : 0);
}

const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** See `istMoment`; null when `text` is no moment (or one before 2020 or after 2100). */
export function parseIstMoment(text: string, endOfDay: boolean): string | null {
  const time = ZONED_TIME.test(text) ? Date.parse(text) : localIndianTime(text, endOfDay);
  if (time === null || !Number.isFinite(time) || time < Date.UTC(2020, 0, 1) || time > Date.UTC(2100, 0, 1))
    return null;
  return new Date(time).toISOString();
}

const offerPercent = (field: string) =>
  numberFromText(
    z
      .int({ error: `${field} must be a whole number` })
      .check(
        z.gte(1, { error: `${field} must be at least 1` }),
        z.lte(MAX_OFFER_PERCENT, { error: `${field} must be at most ${MAX_OFFER_PERCENT}` }),
      ),
  );

const optionalLimit = (field: string) =>
  z.optional(
    z.nullable(
      numberFromText(
        z
          .int({ error: `${field} must be a whole number` })
          .check(
            z.gte(1, { error: `${field} must be at least 1 (or empty: no limit)` }),
            z.lte(10_000_000, { error: `${field} is too large` }),
          ),
      ),
    ),
  );

const slugList = z
  .array(z.string({ error: 'categories must be category slugs' }).check(z.trim(), z.toLowerCase(), z.maxLength(40)), {
    error: 'categories must be a list',
  })
  .check(z.maxLength(MAX_OFFER_SCOPE, { error: `categories can have at most ${MAX_OFFER_SCOPE} entries` }));

const productIdList = z
  .array(
    z
      .string({ error: 'products must be product ids' })
      .check(z.regex(UUID_PATTERN, { error: 'products must be product ids' }), z.toLowerCase()),
    { error: 'products must be a list' },
  )
  .check(z.maxLength(MAX_OFFER_SCOPE, { error: `products can have at most ${MAX_OFFER_SCOPE} entries` }));

const flag = (field: string) =>
  z.optional(
    preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: `${field} must be true or false` }),
    ),
  );

const offerText = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).check(
    z.trim(),
    z.minLength(1, { error: `${field} is required` }),
    z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    z.refine((v) => !FORBIDDEN_TEXT.test(v), { error: `${field} holds characters we do not accept` }),
  );

/**
 * POST /api/admin/coupons (and PUT, where every field is optional and an absent one keeps its value).
 * Exactly one of percentOff, amountOff or freeShipping: true. Amounts are rupees before GST, as every
 * price in the shop; a coupon takes them off the lines it covers before GST (PRODUCT.md).
 */
export const couponFields = {
  code: couponCodeField,
  percentOff: z.optional(z.nullable(offerPercent('percentOff'))),
  amountOff: z.optional(z.nullable(rupees('amountOff'))),
  freeShipping: flag('freeShipping'),
  /** The least the covered lines must be worth (rupees, before GST, after sale prices); 0: none. */
  minOrder: z.optional(
    numberFromText(
      z
        .number({ error: 'minOrder must be a number' })
        .check(
          z.gte(0, { error: 'minOrder must not be negative' }),
          z.lte(10_00_000, { error: 'minOrder is too large' }),
        ),
    ),
  ),
  startsAt: z.optional(z.nullable(istMoment('startsAt', false))),
  endsAt: z.optional(z.nullable(istMoment('endsAt', true))),
  /** Uses in all (orders not cancelled and checkouts being paid); null: no limit. */
  usageLimit: optionalLimit('usageLimit'),
  perCustomerLimit: optionalLimit('perCustomerLimit'),
  firstOrderOnly: flag('firstOrderOnly'),
  /** Category slugs and product ids it is limited to; both empty: the whole cart. */
  categories: z.optional(slugList),
  products: z.optional(productIdList),
  /** True: taken as well as the online payment discount; false (default): the better of the two. */
  combinesWithOnlineDiscount: flag('combinesWithOnlineDiscount'),
  /** False pauses the code (it then answers "This code is not valid"). */
  isActive: flag('isActive'),
};

/** Exactly one kind of discount: percent, amount or free shipping. */
export function couponKindProblem(c: {
  percentOff?: number | null;
  amountOff?: number | null;
  freeShipping?: boolean;
}) {
  const kinds = [c.percentOff != null, c.amountOff != null, c.freeShipping === true].filter(Boolean).length;
  return kinds === 1 ? null : 'A coupon gives exactly one of percentOff, amountOff or freeShipping';
}

const datesInOrder = (o: { startsAt?: string | null; endsAt?: string | null }) =>
  !o.startsAt || !o.endsAt || o.startsAt < o.endsAt;

export const couponInput = z.object(couponFields).check(
  z.refine((c) => couponKindProblem(c) === null, {
    error: 'A coupon gives exactly one of percentOff, amountOff or freeShipping',
  }),
  z.refine(datesInOrder, { error: 'endsAt must be after startsAt' }),
);
export type CouponInput = z.infer<typeof couponInput>;

export const couponUpdate = z
  .partial(z.object(couponFields))
  .check(z.refine(datesInOrder, { error: 'endsAt must be after startsAt' }));
export type CouponUpdate = z.infer<typeof couponUpdate>;

/** Where an offer stands now. */
export const OFFER_STATES = ['scheduled', 'active', 'expired', 'used_up', 'paused'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** A coupon as GET /api/admin/coupons lists it, with its uses and what its orders brought in. */
export const coupon = z.object({
  _id: z.string(),
  code: z.string(),
  percentOff: z.nullable(z.number()),
  amountOff: z.nullable(z.number()),
  freeShipping: z.boolean(),
  minOrder: z.number(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  usageLimit: z.nullable(z.int()),
  perCustomerLimit: z.nullable(z.int()),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  combinesWithOnlineDiscount: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(OFFER_STATES),
  /** Orders not cancelled, and checkouts being paid, that carry the code. */
  uses: z.int(),
  /** Rupees: the totals of its orders that are not cancelled, and what the code took off them. */
  revenue: z.number(),
  discountGiven: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

/** Issue 30: a sale's optional Hindi text (its name, its banner); empty: the English one shows. */
const optionalSaleText = (field: string, max: number) =>
  z.optional(
    z.string({ error: `${field} must be text` }).check(
      z.trim(),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
      z.refine((v) => !FORBIDDEN_TEXT.test(v), { error: `${field} holds characters we do not accept` }),
    ),
  );

export const saleFields = {
  /** Shown on cards, the product page and invoices' discount lines: "Diwali Sale". */
  name: offerText('name', SALE_NAME_MAX),
  /** Issue 30: the name on Hindi pages and messages ("दिवाली सेल"); empty or absent: the English one. */
  nameHi: optionalSaleText('nameHi', SALE_NAME_MAX),
  percentOff: offerPercent('percentOff'),
  categories: z.optional(slugList),
  products: z.optional(productIdList),
  startsAt: istMoment('startsAt', false),
  endsAt: istMoment('endsAt', true),
  /** The home page's banner text while it runs; empty: the name and the percent. */
  banner: z.optional(
    z.string({ error: 'banner must be text' }).check(
      z.trim(),
      z.maxLength(SALE_BANNER_MAX, { error: `banner must be at most ${SALE_BANNER_MAX} characters` }),
      z.refine((v) => !FORBIDDEN_TEXT.test(v), { error: 'banner holds characters we do not accept' }),
    ),
  ),
  /** Issue 30: the banner on Hindi pages; empty: the English banner, else the name and the percent. */
  bannerHi: optionalSaleText('bannerHi', SALE_BANNER_MAX),
  isActive: flag('isActive'),
};

const saleHasScope = (s: { categories?: string[] | undefined; products?: string[] | undefined }) =>
  (s.categories?.length ?? 0) + (s.products?.length ?? 0) > 0;

/**
 * POST /api/admin/sales: an automatic percent off a category or a list of products between two moments
 * (no code). PUT takes any of the fields; absent ones keep their value.
 */
export const saleInput = z
  .object(saleFields)
  .check(
    z.refine(saleHasScope, { error: 'A sale needs at least one category or product' }),
    z.refine(datesInOrder, { error: 'endsAt must be after startsAt' }),
  );
export type SaleInput = z.infer<typeof saleInput>;
export const saleUpdate = z
  .partial(z.object(saleFields))
  .check(z.refine(datesInOrder, { error: 'endsAt must be after startsAt' }));
export type SaleUpdate = z.infer<typeof saleUpdate>;

export const sale = z.object({
  _id: z.string(),
  name: z.string(),
  /** Issue 30: empty when the shop wrote none. */
  nameHi: z.string(),
  percentOff: z.int(),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  banner: z.string(),
  bannerHi: z.string(),
  isActive: z.boolean(),
  status: z.enum(OFFER_STATES),
  /** Orders not cancelled (and checkouts being paid) with a line at the sale's price. */
  uses: z.int(),
  revenue: z.number(),
  discountGiven: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sale = z.infer<typeof sale>;

/** A running sale as the storefront shows it (GET /api/sales/current, the home banner). */
export const runningSale = z.object({
  _id: z.string(),
  name: z.string(),
  /** Issue 30: the Hindi name and banner; empty: the English ones show on Hindi pages. */
  nameHi: z.string(),
  percentOff: z.int(),
  banner: z.string(),
  bannerHi: z.string(),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  endsAt: z.string(),
});
export type RunningSale = z.infer<typeof runningSale>;

/**
 * On a product and a listing card while a sale covers it: `price` (and `priceFrom`) at the sale, before
 * GST like every price. The product's own `price` stays the catalog price (SPEC clients read it); a
 * variant's sale price is `salePricePaise(variant price, percentOff)`.
 */
export const productSale = z.object({
  _id: z.string(),
  name: z.string(),
  /** Issue 30: the sale's Hindi name; absent or empty: it has none. */
  nameHi: z.optional(z.string()),
  percentOff: z.int(),
  price: z.number(),
  priceFrom: z.optional(z.nullable(z.number())),
  endsAt: z.string(),
});
export type ProductSale = z.infer<typeof productSale>;

/** On the quote and the payment order: the code asked for and what it does to this cart. */
export const quoteCoupon = z.object({
  code: z.string(),
  /** Rupees the code takes off (before GST), or the shipping charge it waives. */
  discount: z.number(),
  /** False when paying online gives more than this code and the two do not combine: `message` says so. */
  applied: z.boolean(),
  message: z.nullable(z.string()),
  /**
   * Issue 30: why a code is not applied, for a page in another language to say `message` in its words:
   * paying online takes more off (`onlineDiscount` rupees) or shipping is free already. Absent otherwise.
   */
  reason: z.optional(z.enum(['online_better', 'shipping_free'])),
  onlineDiscount: z.optional(z.number()),
});
export type QuoteCoupon = z.infer<typeof quoteCoupon>;

/** On an order: the code it was placed with and what the code took off (rupees, before GST). */
export const orderCoupon = z.object({ code: z.string(), discount: z.number() });
export type OrderCoupon = z.infer<typeof orderCoupon>;

export const offerIdParams = z.object({ id: z.string() });

/** The customer's messages for a code the cart cannot use (the cart page shows them as they are). */
export const couponMessages = {
  unknown: (code: string) => `There is no code ${code}. Please check it.`,
  paused: 'This code is not valid any more.',
  notStarted: (from: string) => `This code can be used from ${from}.`,
  expired: 'This code has expired.',
  usedUp: 'This code has been used up.',
  perCustomer: 'You have already used this code as many times as it allows.',
  firstOrder: 'This code is for a first order only.',
  minOrder: (more: string) => `Add ${more} more to use this code.`,
  nothingCovered: 'This code does not apply to anything in your cart.',
  tooManyTries: `Too many wrong codes. Please wait ${GUESS_WINDOW_MINUTES} minutes and try again.`,
} as const;
