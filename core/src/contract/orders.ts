import * as z from 'zod/mini';
import {
  DEFAULT_PAYMENT_METHOD,
  MAX_LINE_QTY,
  MAX_PAGE_NUMBER,
  ONLINE_PAYMENT_METHOD,
  OTP_LENGTH,
  PINCODE_PATTERN,
} from '../constants.ts';
import { gstinProblem, normalizeGstin } from '../gst/gstin.ts';
import { NAME_MAX, phone } from './accounts.ts';
import { numberFromText, optionalQuery, wholeNumber } from './common.ts';
import { codAnswer, codFeeAnswer, deliveryAnswer, trackingAnswer, whatsappOptIn } from './shipping.ts';
import { ADMIN_ORDER_FILTERS, ORDER_STATES, orderRefund, shipment, type AdminOrderFilter } from './fulfilment.ts';
import { addOnChoices, chosenAddOn, chosenVariant } from './variants.ts';
import { couponCodeField, orderCoupon, quoteCoupon } from './offers.ts';
import { partialRefund } from './after-sale.ts';

/** Issue 28: spend store credit ("on" from a checkbox counts). */
const useStoreCredit = z.pipe(
  z.union([z.boolean(), z.enum(['on', 'true', 'false'])], { error: 'useStoreCredit must be true or false' }),
  z.transform((v) => v === true || v === 'on' || v === 'true'),
);

export const PAYMENT_METHODS = [DEFAULT_PAYMENT_METHOD, ONLINE_PAYMENT_METHOD] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MAX_ORDER_LINES = 50;
/** ₹1 crore: larger orders are arranged with the shop directly (and amounts stay within 32-bit paise). */
export const MAX_ORDER_TOTAL_PAISE = 1_00_00_000_00;

export const postalCode = z
  .string({ error: 'postalCode must be text' })
  .check(
    z.trim(),
    z.regex(PINCODE_PATTERN, { error: 'postalCode must be a 6-digit pincode that does not start with 0' }),
  );

export const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} is required` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );

export const BUSINESS_NAME_MAX = 100;

/** A GSTIN as typed (spaces around it cut, lower case accepted), upper-cased, or refused saying why. */
export const gstin = z.pipe(
  z.string({ error: 'gstin must be text' }).check(z.maxLength(40, { error: 'gstin must be 15 characters' })),
  z.transform((text, ctx) => {
    const value = normalizeGstin(text);
    const problem = gstinProblem(value);
    if (!problem) return value;
    ctx.issues.push({ code: 'custom', input: text, message: `gstin ${problem}` });
    return z.NEVER;
  }),
);

/**
 * SPEC §3: address, city, postalCode, state; the country is always India (whatever is sent). The
 * recipient's name and phone (for the courier, and for gifts) are optional so SPEC clients still work:
 * the server fills in the account's. A business buyer may add its GSTIN and legal name for a B2B tax
 * invoice (issue 24); both optional, so SPEC clients are unaffected.
 */
export const shippingAddressFields = {
  name: z.optional(requiredText('name', NAME_MAX)),
  phone: z.optional(phone),
  address: requiredText('address', 200),
  city: requiredText('city', 100),
  postalCode,
  state: requiredText('state', 100),
  gstin: z.optional(gstin),
  businessName: z.optional(requiredText('businessName', BUSINESS_NAME_MAX)),
};

/** A business name alone would be billed on the invoice as a business with no GSTIN. */
export const businessNeedsGstin = z.refine<{ gstin?: string | null; businessName?: string | null }>(
  (a) => !a.businessName || Boolean(a.gstin),
  { error: 'GSTIN is required for a business invoice', path: ['gstin'] },
);

export const shippingAddressInput = z.object(shippingAddressFields).check(businessNeedsGstin);
export type ShippingAddressInput = z.infer<typeof shippingAddressInput>;

export const orderLineInput = z.object({
  product: z
    .string({ error: 'product must be text' })
    .check(z.maxLength(100, { error: 'product is not a product id' })),
  qty: numberFromText(
    z
      .int({ error: 'qty must be a whole number' })
      .check(
        z.gte(1, { error: 'qty must be at least 1' }),
        z.lte(MAX_LINE_QTY, { error: `qty must be at most ${MAX_LINE_QTY}` }),
      ),
  ),
  /** Issue 25: the variant's id; absent orders the product's default variant (or a product without any). */
  variant: z.optional(
    z.string({ error: 'variant must be text' }).check(z.maxLength(100, { error: 'variant is not a variant id' })),
  ),
  /** The add-ons chosen with it, each with the texts its fields ask for. */
  addOns: z.optional(addOnChoices),
});

function razorpayId(field: string) {
  return z
    .string({ error: `${field} must be text` })
    .check(z.regex(/^[A-Za-z0-9_]{1,128}$/, { error: `${field} is not a Razorpay identifier` }));
}

/**
 * The total (rupees) the checkout showed the customer, when the client sends it: an order (or a payment
 * hold) that would now cost more is refused with PRICE_CHANGED and nothing is placed, so no one pays
 * more than they were shown (decision 0039). It never lowers a price: the server still prices the order.
 */
const expectedTotal = z
  .number({ error: 'expectedTotal must be a number' })
  .check(
    z.gte(0, { error: 'expectedTotal must not be negative' }),
    z.lte(1e9, { error: 'expectedTotal is too large' }),
  );

/**
 * POST /api/orders. Any prices, totals or discounts in the body are ignored: the server prices the
 * order from its own catalog.
 */
export const placeOrderBody = z.object({
  orderItems: z
    .array(orderLineInput, { error: 'orderItems must be a list' })
    .check(
      z.minLength(1, { error: 'Your cart is empty' }),
      z.maxLength(MAX_ORDER_LINES, { error: `An order can have at most ${MAX_ORDER_LINES} lines` }),
    ),
  shippingAddress: shippingAddressInput,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `paymentMethod must be ${PAYMENT_METHODS.join(' or ')}` }),
  expectedTotal: z.optional(expectedTotal),
  /** Issue 26: a coupon code (any case) for a Cash on Delivery order; an online order takes its hold's. */
  couponCode: z.optional(couponCodeField),
  /** Issue 27: true records the customer's opt-in to order messages on WhatsApp (false leaves it as it is). */
  whatsappOptIn: z.optional(whatsappOptIn),
  /**
   * Issue 28: pay with the customer's store credit first (a payment, not a discount). With the online
   * method and credit covering the whole total, the order is placed paid without the gateway.
   */
  useStoreCredit: z.optional(useStoreCredit),
  /** For the online method: what Razorpay's checkout handed the browser (PRODUCT.md step 3). */
  razorpay_order_id: z.optional(razorpayId('razorpay_order_id')),
  razorpay_payment_id: z.optional(razorpayId('razorpay_payment_id')),
  razorpay_signature: z.optional(razorpayId('razorpay_signature')),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const orderItem = z.object({
  name: z.string(),
  /**
   * Issue 30: the product's Hindi name when it was bought (Hindi pages show it); null when it had none
   * (absent from orders answered before it existed).
   */
  nameHi: z.optional(z.nullable(z.string())),
  qty: z.int(),
  image: z.string(),
  price: z.number(),
  /** Null once the product has been deleted from the catalog. */
  product: z.nullable(z.string()),
  /** The category's HSN code and GST rate (percent) when bought, and the line's tax in rupees. */
  hsnCode: z.nullable(z.string()),
  gstPercent: z.number(),
  taxPrice: z.number(),
  /** GST unit quantity code (NOS, PCS, PRS, SET). */
  uqc: z.string(),
  /** The line's share of the order's discounts, taken off before GST, and what GST is charged on. */
  discount: z.number(),
  taxableValue: z.number(),
  /**
   * Issue 25: the variant bought and the add-ons chosen with it. `price` is the unit price with the
   * add-ons (so SPEC's itemsPrice is still the sum of price × qty), and discount, taxableValue and taxPrice
   * cover them too; the invoice lists each add-on on its own line.
   */
  variant: z.nullable(chosenVariant),
  addOns: z.array(chosenAddOn),
  /** False when a made-to-order add-on was chosen with it (PRODUCT.md returns). */
  returnable: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** An adjustment of the quote (a sale, a coupon, the online discount), all its lines' shares added. */
/**
 * Issue 30: what an adjustment's English `label` says, as facts, for a page in another language to say it
 * in its words: the sale's `name` or the coupon's `code`, and `percentOff`, `amountOff` (rupees) or
 * `freeShipping`. Absent on adjustments priced before they were kept: the label is all there is.
 */
export const adjustmentTerms = z.object({
  name: z.optional(z.string()),
  /** A sale's Hindi name, when it had one. */
  nameHi: z.optional(z.string()),
  code: z.optional(z.string()),
  percentOff: z.optional(z.number()),
  amountOff: z.optional(z.number()),
  freeShipping: z.optional(z.boolean()),
});
export type AdjustmentTermsAnswer = z.infer<typeof adjustmentTerms>;

export const quoteAdjustment = z.object({
  kind: z.string(),
  label: z.string(),
  amount: z.number(),
  terms: z.optional(adjustmentTerms),
});

/**
 * The GST on the shipping charge: freight charged with the goods is part of one composite supply, taxed
 * at the principal supply's rate (its HSN), and counted in `taxPrice`.
 */
export const shippingGst = z.object({ gstPercent: z.number(), hsnCode: z.nullable(z.string()), taxPrice: z.number() });

/** A delivery address as orders (and saved addresses, issue 28) answer it. */
export const shippingAddressAnswer = z.object({
  /** The recipient (the account's name and phone unless the customer gave others). */
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  state: z.string(),
  country: z.string(),
  /** The buyer's GSTIN and legal name, for a B2B invoice: present only when given. */
  gstin: z.optional(z.string()),
  businessName: z.optional(z.string()),
});

export const order = z.object({
  _id: z.string(),
  user: z.object({ _id: z.nullable(z.string()), name: z.string(), email: z.string(), phone: z.string() }),
  orderItems: z.array(orderItem),
  shippingAddress: shippingAddressAnswer,
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  discountPrice: z.number(),
  totalPrice: z.number(),
  shippingGst,
  adjustments: z.array(quoteAdjustment),
  /** Issue 26: the coupon code the order was placed with and what it took off (before GST); null without one. */
  coupon: z.nullable(orderCoupon),
  /**
   * Issue 27: the COD fee (before GST) and its GST, already inside `shippingPrice` and `shippingGst`;
   * null when none was charged.
   */
  codFee: z.nullable(codFeeAnswer),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  isDelivered: z.boolean(),
  deliveredAt: z.nullable(z.string()),
  isCancelled: z.boolean(),
  cancelledAt: z.nullable(z.string()),
  razorpayOrderId: z.nullable(z.string()),
  razorpayPaymentId: z.nullable(z.string()),
  createdAt: z.string(),
  /** PRODUCT.md "Fulfilment": placed, shipped, delivered or cancelled. */
  status: z.enum(ORDER_STATES),
  isShipped: z.boolean(),
  shippedAt: z.nullable(z.string()),
  shipment: z.nullable(shipment),
  /** Issue 27: where a parcel booked with the courier aggregator is, by its tracking events. */
  tracking: z.nullable(trackingAnswer),
  /** The GST tax invoice's serial, once the order has shipped (its PDF: GET /api/orders/{id}/invoice). */
  invoiceNumber: z.nullable(z.string()),
  /** The credit note's serial, when an invoiced order was cancelled (GET /api/orders/{id}/credit-note). */
  creditNoteNumber: z.nullable(z.string()),
  refund: z.nullable(orderRefund),
  /**
   * A Cash on Delivery order from an unproven phone waits for the code sent by SMS until this time, then
   * cancels itself (a cancelled order with this set was never confirmed); null when it does not wait
   * (confirmed, or never needed).
   */
  confirmBy: z.nullable(z.string()),
  /** Issue 28: the part of the total paid with store credit (rupees; 0 when none). */
  storeCreditPaid: z.number(),
  /** Issue 28: partial refunds (items returned or refunded), oldest first, each with its credit note. */
  refunds: z.array(partialRefund),
});
export type Order = z.infer<typeof order>;

/** GET /api/orders answers at most this many orders (SPEC: the list of orders; bounded). */
export const MAX_ADMIN_ORDERS_PAGE = 100;

/** Orders a page of My Orders and of the admin order list shows (the shop's own screens ask for these). */
export const ORDERS_PER_PAGE = 20;

/** GET /api/orders (admin): a page of all orders, newest first; without a query, the newest 100. */
export const adminOrdersQuery = z.object({
  pageNumber: optionalQuery(wholeNumber('pageNumber', 1, MAX_PAGE_NUMBER)),
  limit: optionalQuery(wholeNumber('limit', 1, MAX_ADMIN_ORDERS_PAGE)),
  /** One of ADMIN_ORDER_FILTERS; any other value is ignored, as an unknown category is. */
  status: optionalQuery(
    z.pipe(
      z.string(),
      z.transform((v) =>
        (ADMIN_ORDER_FILTERS as readonly string[]).includes(v) ? (v as AdminOrderFilter) : undefined,
      ),
    ),
  ),
  /** An order number (the start of its id), a phone number or part of the customer's or recipient's name. */
  q: optionalQuery(z.string().check(z.trim(), z.maxLength(100, { error: 'q must be at most 100 characters' }))),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/**
 * GET /api/orders/myorders: a page of the customer's orders, newest first; without a query, the newest
 * 100. The paging totals travel in ORDER_PAGE_HEADERS, as for the admin list.
 */
export const myOrdersQuery = z.object({
  pageNumber: optionalQuery(wholeNumber('pageNumber', 1, MAX_PAGE_NUMBER)),
  limit: optionalQuery(wholeNumber('limit', 1, MAX_ADMIN_ORDERS_PAGE)),
});
export type MyOrdersQuery = z.infer<typeof myOrdersQuery>;

/**
 * GET /api/orders answers an array, as SPEC §7 says; the paging totals travel in these response
 * headers (decision 0010).
 */
export const ORDER_PAGE_HEADERS = {
  total: 'x-total-count',
  page: 'x-page',
  pages: 'x-pages',
  /** "true" when a search matched more orders than are counted: the totals count that many. */
  capped: 'x-total-capped',
} as const;

export const orderIdParams = z.object({ id: z.string() });

export const pincodeParams = z.object({ code: z.string() });
/**
 * A pincode in the directory: `city` is the town a buyer writes (its district; in Delhi "New Delhi" or
 * "Delhi"), `division` India Post's postal division, which SPEC's third-party lookup read as the city.
 */
export const pincodeInfo = z.object({
  pincode: z.string(),
  city: z.string(),
  division: z.string(),
  district: z.string(),
  state: z.string(),
});
export type PincodeInfo = z.infer<typeof pincodeInfo>;
/**
 * GET /api/pincode/{code}: the directory's city and state, and (issue 27) whether the courier collects
 * cash there and when a parcel ordered now arrives.
 */
export const pincodeAnswer = z.extend(pincodeInfo, {
  cod: z.boolean(),
  deliveryDays: z.object({ min: z.int(), max: z.int() }),
  deliverBy: z.object({ from: z.string(), to: z.string() }),
  zone: deliveryAnswer.shape.zone,
});
export type PincodeAnswer = z.infer<typeof pincodeAnswer>;

/** POST /api/payments/razorpay/order: price the cart with the online discount and hold its stock. */
export const createPaymentBody = z.object({
  orderItems: placeOrderBody.shape.orderItems,
  shippingAddress: shippingAddressInput,
  expectedTotal: z.optional(expectedTotal),
  couponCode: z.optional(couponCodeField),
  whatsappOptIn: z.optional(whatsappOptIn),
  /** Issue 28: spend store credit first; the gateway is asked for the rest. */
  useStoreCredit: z.optional(useStoreCredit),
});
export type CreatePaymentBody = z.infer<typeof createPaymentBody>;

/** What the browser needs to open the checkout (amount in paise, SPEC §7). */
export const paymentOrder = z.object({
  keyId: z.string(),
  orderId: z.string(),
  amount: z.int(),
  currency: z.literal('INR'),
  description: z.string(),
  name: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  expiresAt: z.string(),
  /** Rupees, as the server priced them, for the page to show. */
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  discountPrice: z.number(),
  totalPrice: z.number(),
  coupon: z.nullable(quoteCoupon),
  /** Issue 28: store credit spent on it (rupees); `amount` is the total less this, in paise. */
  storeCreditApplied: z.number(),
});
export type PaymentOrder = z.infer<typeof paymentOrder>;

/** POST /api/orders/quote: what the cart costs today (nothing is held or placed). */
export const quoteBody = z.object({
  orderItems: placeOrderBody.shape.orderItems,
  paymentMethod: placeOrderBody.shape.paymentMethod,
  /** The delivery address's state, when known: the quote then splits GST into CGST + SGST or IGST. */
  state: z.optional(
    z.string({ error: 'state must be text' }).check(z.trim(), z.maxLength(60, { error: 'state is too long' })),
  ),
  /**
   * Issue 27: the delivery pincode, when known: shipping is then priced on the rate card for its zone,
   * and the quote says whether Cash on Delivery is offered there and when the parcel arrives.
   */
  postalCode: z.optional(postalCode),
  couponCode: z.optional(couponCodeField),
  /** Issue 28: the quote says how much store credit is spent and what is left to pay. */
  useStoreCredit: z.optional(useStoreCredit),
});
export type QuoteBody = z.infer<typeof quoteBody>;

export const cartQuote = z.object({
  /** The cart's lines at today's prices and stock (as the browser keeps them, SPEC §3). */
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      /** Issue 30: the product's Hindi name today, for Hindi pages; absent without one. */
      nameHi: z.optional(z.string()),
      image: z.string(),
      price: z.number(),
      countInStock: z.int(),
      qty: z.int(),
      mrp: z.nullable(z.number()),
      hsnCode: z.nullable(z.string()),
      uqc: z.string(),
      gstPercent: z.number(),
      discount: z.number(),
      taxableValue: z.number(),
      taxPrice: z.number(),
      /**
       * Issue 25: as on an order's lines (price includes the add-ons); issue 30: with their Hindi names
       * and the Hindi labels of the add-ons' filled fields today, where they have them.
       */
      variant: z.nullable(chosenVariant),
      addOns: z.array(chosenAddOn),
      returnable: z.boolean(),
    }),
  ),
  /** Products in the cart that are no longer on sale. */
  unavailable: z.array(z.string()),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  discountPrice: z.number(),
  totalPrice: z.number(),
  shippingGst,
  adjustments: z.array(quoteAdjustment),
  /** Issue 26: the code asked for and what it does to this cart; null when none was sent. */
  coupon: z.nullable(quoteCoupon),
  /** Issue 27: the COD fee inside `shippingPrice` (Cash on Delivery on a rate card with a fee); else null. */
  codFee: z.nullable(codFeeAnswer),
  /** Issue 27: whether this cart may be paid in cash at the door, and why not. */
  cod: codAnswer,
  /** Issue 27: with a known pincode, its zone, COD there and the delivery dates; else null. */
  delivery: z.nullable(deliveryAnswer),
  /**
   * Issue 28: the signed-in customer's store credit and what of it this cart would spend (with
   * `useStoreCredit`); null for a guest.
   */
  storeCredit: z.nullable(z.object({ balance: z.number(), applied: z.number() })),
  /** Issue 28: what is left to pay after store credit (the total without it). */
  amountDue: z.number(),
  /** With a known state: how `taxPrice` splits (CGST + SGST within the seller's state, else IGST). */
  gst: z.nullable(
    z.object({
      supply: z.enum(['intra-state', 'inter-state']),
      placeOfSupply: z.string(),
      cgst: z.number(),
      sgst: z.number(),
      igst: z.number(),
    }),
  ),
});
export type CartQuote = z.infer<typeof cartQuote>;

/**
 * The header that makes a checkout call safe to retry (POST /api/orders and the payment order): the
 * same key with the same body answers what the first request made; with another body, a 422.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
// Other headers pass through untouched (a strict object would drop them from the request).
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(
    z
      .string()
      .check(z.regex(/^[\x21-\x7e]{1,255}$/, { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters' })),
  ),
});

/** How long an unconfirmed Cash on Delivery order holds its stock before it cancels itself. */
export const ORDER_CONFIRM_MINUTES = 30;

/** POST /api/orders/{id}/confirm: the code sent by SMS for an order from an unproven phone. */
export const confirmOrderBody = z.object({
  code: z
    .string({ error: 'code must be text' })
    .check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `code must be ${OTP_LENGTH} digits` })),
});
export type ConfirmOrderBody = z.infer<typeof confirmOrderBody>;
