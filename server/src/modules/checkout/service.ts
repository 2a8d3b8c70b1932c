import {
  DEFAULT_PAYMENT_METHOD,
  MAX_ORDER_TOTAL_PAISE,
  ONLINE_PAYMENT_METHOD,
  STORE_CREDIT_PAYMENT_METHOD,
  errorCodes,
  shortOrderNumber,
  formatRupees,
  toPaise,
  stockUnits,
  toRupees,
  type CartQuote,
  type CreatePaymentBody,
  type Order,
  type PaymentMethod,
  type PaymentOrder,
  type PlaceOrderBody,
  type QuoteBody,
  type Language,
} from '@rr/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Config } from '../../config.ts';
import { hotStatement, type Database, type Transaction } from '../../db/client.ts';
import { users, type orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refundWebhook, tellOrderEvent, type MessageAccount, type RefundContext } from '../fulfilment/index.ts';
import { codConfirmationMessage, enqueueMessages, type MessageSettings } from '../messages/index.ts';
import { findOrder, insertOrder, openCashOnDeliveryOf, type OpenCashOnDelivery } from '../orders/index.ts';
import {
  confirmByFrom,
  issueConfirmationCode,
  refuseOverUnconfirmedShare,
  sendConfirmationCode,
  type Confirmations,
} from './confirmation.ts';
import { claimKey, inProgress, recordOutcome, releaseKey, type IdempotentRequest } from './idempotency.ts';
import {
  completeHold,
  earlierPaymentOrder,
  insertHold,
  lockPaidHold,
  openGatewayOrder,
  pendingHoldTotals,
  quoteOfHold,
  readWebhook,
  recordWebhookEvent,
  releasePendingHoldsOf,
  type VerifiedPayment,
  type WebhookDelivery,
} from '../payments/index.ts';
import { carryOfferUses, claimOfferUses, releaseOfferUses } from '../offers/index.ts';
import {
  priceCart,
  quoteAnswer,
  refuseUnavailable,
  type CartDestination,
  type CartOffers,
  type PricedCart,
} from '../pricing/index.ts';
import { type Deliveries } from '../shipping/index.ts';
import { listedProductIds, retakeAll, takeCart } from '../stock/index.ts';
import { changeStoreCredit, storeCreditBalance } from '../store-credit/index.ts';

export type OrderLimits = Config['orderLimits'];

/** Unpaid Cash on Delivery orders one customer may have on the way: no one can tie up the stock. */
export const MAX_OPEN_COD_ORDERS = 5;

/** What checkout needs of the customer's row, read as it is locked. */
interface LockedCustomer {
  /** Issue 27: they get order messages on WhatsApp. */
  onWhatsapp: boolean;
  /** Their phone was proven by a code once (decision 0030). */
  phoneProven: boolean;
  language: Language;
  /** What the order's news needs of the account (its row is locked: nobody changes it meanwhile). */
  messages: MessageAccount;
}

const lockedCustomerRow = hotStatement((db) =>
  db
    .select({
      optedIn: users.whatsappOptInAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      language: users.language,
      orderEmails: users.orderEmails,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('customerId')))
    .for('update'),
);

/**
 * Locks the customer's row for the rest of the transaction: one customer's orders and holds are then
 * decided one after another, so concurrent requests cannot each pass a limit that together they break.
 * Issue 27: `whatsappOptIn` true records their opt-in to WhatsApp messages. Answers what checkout needs
 * of the row, which nobody else can change before the transaction ends.
 */
async function lockCustomer(tx: Transaction, customerId: string, whatsappOptIn?: boolean): Promise<LockedCustomer> {
  const [row] = await lockedCustomerRow(tx, { customerId });
  if (whatsappOptIn && !row?.optedIn) await recordWhatsappOptIn(tx, customerId);
  const onWhatsapp = Boolean(row?.optedIn) || whatsappOptIn === true;
  const language = row?.language ?? 'en';
  return {
    onWhatsapp,
    phoneProven: Boolean(row?.phoneVerifiedAt),
    language,
    messages: { orderEmails: row?.orderEmails ?? true, whatsapp: onWhatsapp, language },
  };
}

/** Issue 27: the customer agreed to order messages on WhatsApp (the first agreement's time is kept). */
export async function recordWhatsappOptIn(db: Database | Transaction, customerId: string): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({ whatsappOptInAt: now, updatedAt: now })
    .where(and(eq(users.id, customerId), isNull(users.whatsappOptInAt)));
}

/**
 * Prices the cart and takes the stock, inside the caller's transaction (which holds the customer's
 * lock): one customer can never tie up more than the unpaid limits, counting open Cash on Delivery
 * orders and pending holds. A product it sells out leaves its wishlisters waiting for it (issue 28), told
 * at `shopUrl`.
 */
async function reserveCart(
  tx: Transaction,
  {
    customerId,
    shopUrl,
    openCod,
  }: {
    customerId: string;
    shopUrl: string;
    /** The customer's open Cash on Delivery orders, when the caller has read them already (under the lock). */
    openCod?: OpenCashOnDelivery;
  },
  cart: PlaceOrderBody['orderItems'],
  paymentMethod: PaymentMethod,
  limits: OrderLimits,
  expectedTotal: number | undefined,
  couponCode: string | undefined,
  destination: CartDestination,
  stockReason?: 'order',
) {
  const priced = await priceCart(tx, cart, paymentMethod, limits.maxLineQty, { couponCode, customerId }, destination);
  refuseUnavailable(priced);
  const { quote } = priced;
  const { amounts } = quote;
  if (expectedTotal !== undefined && amounts.totalPaise > toPaise(expectedTotal)) {
    throw new DomainError(
      'conflict',
      errorCodes.priceChanged,
      `Prices changed since you looked: this order now costs ${formatRupees(toRupees(amounts.totalPaise))}. Please check it and place it again.`,
      { details: { amount: toRupees(amounts.totalPaise) } },
    );
  }
  if (amounts.totalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw new DomainError(
      'invalid_data',
      errorCodes.orderTooLarge,
      'Orders above ₹1,00,00,000 are arranged with us directly. Please contact the shop.',
    );
  }
  refuseUndeliverable(priced, paymentMethod);
  const cod = openCod ?? (await openCashOnDeliveryOf(tx, customerId));
  const held = await pendingHoldTotals(tx, customerId);
  const unpaid = { units: cod.units + held.units, paise: cod.paise + held.paise };
  const units = stockUnits(quote.lines).reduce((sum, line) => sum + line.qty, 0);
  if (unpaid.units + units > limits.maxUnpaidUnits || unpaid.paise + amounts.totalPaise > limits.maxUnpaidPaise) {
    throw new DomainError(
      'conflict',
      errorCodes.unpaidLimit,
      `Orders that are not paid yet are limited to ${limits.maxUnpaidUnits} items and ${formatRupees(toRupees(limits.maxUnpaidPaise))} in all` +
        (unpaid.units
          ? `, and ${unpaid.units} items (${formatRupees(toRupees(unpaid.paise))}) are already on their way to you unpaid`
          : '') +
        '. Please pay online or contact the shop for a larger order.',
      { details: { maxItems: limits.maxUnpaidUnits, maxAmount: toRupees(limits.maxUnpaidPaise) } },
    );
  }
  const reason = stockReason ?? (paymentMethod === ONLINE_PAYMENT_METHOD ? 'hold' : 'order');
  // Taken for an order written in this transaction: its units sold are counted with the stock.
  await takeCart(tx, quote.lines, { reason, actorId: customerId, shopUrl }, { countSold: reason === 'order' });
  return { quote, coupon: priced.coupon, priced };
}

/**
 * Issue 27: refuses an order the courier cannot take there, and Cash on Delivery where it is not offered
 * (the customer reads why, and is offered online payment).
 */
function refuseUndeliverable(priced: PricedCart, paymentMethod: PaymentMethod): void {
  if (priced.delivery && !priced.delivery.serviceable) {
    throw new DomainError(
      'invalid_data',
      errorCodes.pincodeNotServiced,
      `Our couriers do not deliver to pincode ${priced.delivery.place.pincode} yet. Please contact the shop.`,
      { details: { pincode: priced.delivery.place.pincode } },
    );
  }
  if (paymentMethod === DEFAULT_PAYMENT_METHOD && !priced.cod.allowed) {
    // Issue 30: why (and the limit in rupees), for a Hindi page to say it as the quote's reason says it.
    const { refusal, limit } = priced.cod;
    throw new DomainError('invalid_data', errorCodes.codNotAvailable, priced.cod.reason!, {
      details: { ...(refusal ? { reason: refusal } : {}), ...(limit !== undefined ? { amount: limit } : {}) },
    });
  }
}

/** The coupon a reserved cart uses (when applied), for its use to be counted with the order or hold. */
const usedCoupon = (reserved: Awaited<ReturnType<typeof reserveCart>>) =>
  reserved.coupon?.applied ? { id: reserved.coupon.id, discountPaise: reserved.coupon.discountPaise } : null;

/** What the cart costs today, for the place-order page to show before anything is placed. */
export async function quoteCart(
  db: Database,
  body: QuoteBody,
  limits: Pick<OrderLimits, 'maxLineQty'>,
  sellerState: string,
  customerId: string | null,
  deliveries: Deliveries,
  known: Pick<CartOffers, 'sales'> = {},
): Promise<CartQuote> {
  const [priced, balancePaise] = await Promise.all([
    priceCart(
      db,
      body.orderItems,
      body.paymentMethod,
      limits.maxLineQty,
      { couponCode: body.couponCode, customerId, ...known },
      { deliveries, postalCode: body.postalCode },
    ),
    customerId ? storeCreditBalance(db, customerId) : null,
  ]);
  const credit = balancePaise === null ? null : { balancePaise, use: body.useStoreCredit === true };
  return quoteAnswer(priced, sellerState, body.state, credit);
}

/**
 * PRODUCT.md step 2: prices the cart with the online discount, holds its stock and creates the
 * gateway order for the total in paise.
 */
export async function startOnlinePayment(
  db: Database,
  gateway: PaymentGateway,
  settings: Config['payments'],
  limits: OrderLimits,
  customer: AuthUser,
  input: CreatePaymentBody,
  deliveries: Deliveries,
  shopUrl: string,
  idempotency?: IdempotentRequest,
): Promise<PaymentOrder> {
  const expiresAt = new Date(Date.now() + settings.holdMinutes * 60_000);
  const started = await db.transaction(async (tx) => {
    const earlier = idempotency && (await claimKey(tx, idempotency));
    if (earlier?.holdId) return { earlierHoldId: earlier.holdId };
    // One checkout at a time: starting again gives back what the last attempt held, in this same
    // transaction under the customer's lock, so a refused attempt leaves the earlier one as it was.
    await lockCustomer(tx, customer.id, input.whatsappOptIn);
    await releasePendingHoldsOf(tx, customer.id);
    const reserved = await reserveCart(
      tx,
      { customerId: customer.id, shopUrl },
      input.orderItems,
      ONLINE_PAYMENT_METHOD,
      limits,
      input.expectedTotal,
      input.couponCode,
      { deliveries, postalCode: input.shippingAddress.postalCode },
    );
    // Issue 28: store credit spent on a hold is taken now and given back if the hold ends unpaid; the
    // gateway takes the rest (at least ₹1: credit covering everything places the order without it).
    const total = reserved.quote.amounts.totalPaise;
    const credit = input.useStoreCredit ? Math.min(await creditFor(tx, customer.id, total), total - 100) : 0;
    const hold = await insertHold(tx, {
      customer,
      shippingAddress: input.shippingAddress,
      quote: reserved.quote,
      gateway,
      expiresAt,
      storeCreditPaise: Math.max(0, credit),
    });
    await spendCredit(tx, customer.id, null, credit, 'Held for an online payment');
    await claimOfferUses(tx, reserved.quote, usedCoupon(reserved), customer.id, { holdId: hold.id });
    if (idempotency) await recordOutcome(tx, idempotency, { holdId: hold.id });
    return { hold, coupon: reserved.coupon };
  });
  if (started.earlierHoldId) {
    return (await earlierPaymentOrder(db, gateway, customer, started.earlierHoldId)) ?? throwInProgress();
  }
  try {
    const opened = await openGatewayOrder(db, gateway, customer, started.hold!);
    // A code that gave way to the online discount is said so, as the quote says it.
    const coupon = started.coupon;
    if (coupon && !coupon.applied) {
      opened.coupon = {
        code: coupon.code,
        discount: toRupees(coupon.discountPaise),
        applied: false,
        message: coupon.message,
      };
    }
    return opened;
  } catch (err) {
    // The gateway failed and the hold is released: a retry with the same key starts afresh.
    if (idempotency) await releaseKey(db, idempotency);
    throw err;
  }
}

function throwInProgress(): never {
  throw inProgress();
}

/** What an order is placed from: a Cash on Delivery cart, or a verified online payment of a hold. */
export type OrderRequest =
  | {
      customer: AuthUser;
      orderItems: PlaceOrderBody['orderItems'];
      shippingAddress: PlaceOrderBody['shippingAddress'];
      limits: OrderLimits;
      /** For an unproven phone's order, which waits for a code. */
      confirmations: Confirmations;
      /** The total the checkout showed (rupees): a dearer order is refused. */
      expectedTotal?: number | undefined;
      couponCode?: string | undefined;
      /** Issue 27: the shop's deliveries (the rate card, COD rules, the courier's serviceability). */
      deliveries: Deliveries;
      /** Issue 27: true records the customer's opt-in to WhatsApp messages. */
      whatsappOptIn?: boolean | undefined;
      /** Issue 28: spend store credit first (COD); with the online method, it must cover the whole total. */
      useStoreCredit?: boolean | undefined;
      paymentMethod?: PaymentMethod;
      payment?: never;
    }
  | { payment: VerifiedPayment; customer?: never };

export interface PlacedOrder {
  order: Order;
  /** False when the payment had already made its order (a replay, or the browser and a webhook together). */
  created: boolean;
}

/**
 * The one way an order comes to be, for the order route and the payment webhook alike: Cash on Delivery
 * priced, limits checked and stock taken in one transaction; or a verified online payment turned into
 * the order of what its hold priced and held.
 */
export async function placeOrder(
  db: Database,
  request: OrderRequest,
  messages: MessageSettings,
  idempotency?: IdempotentRequest,
): Promise<PlacedOrder> {
  const placed = await db.transaction(async (tx): Promise<Made> => {
    const earlier = idempotency && (await claimKey(tx, idempotency));
    if (earlier) {
      if (!earlier.orderId) throw inProgress();
      return { orderId: earlier.orderId, created: false };
    }
    const made: Made = request.payment
      ? await orderFromPayment(tx, request.payment, messages.publicUrl)
      : request.paymentMethod === ONLINE_PAYMENT_METHOD
        ? await storeCreditOrder(tx, request, messages.publicUrl)
        : await cashOnDeliveryOrder(tx, request, messages.publicUrl);
    if (idempotency) await recordOutcome(tx, idempotency, { orderId: made.orderId });
    // An order awaiting its code is told as placed once it is confirmed.
    if (made.created && !made.code) {
      // The customer (and the shop) hear of it from the outbox, written with the order.
      const { order, account } = made;
      await tellOrderEvent(
        tx,
        order,
        { kind: order.isCancelled ? 'order_cancelled' : 'order_placed' },
        messages,
        account,
      );
    }
    return made;
  });
  if (placed.code && !request.payment) {
    await sendConfirmationCode(request.confirmations, request.customer.phone, placed.code, placed.language);
  }
  return { order: (await findOrder(db, placed.orderId))!, created: placed.created };
}

type OrderRow = typeof orders.$inferSelect;

/**
 * What placing made: an order created now comes with its row as written and, when the customer's row was
 * locked, their message choices (its news needs nothing read again), and `code`, the confirmation code
 * to send an unproven phone; one made before, only its id.
 */
type Made =
  | { orderId: string; created: false; code?: undefined; language?: undefined }
  | {
      orderId: string;
      created: true;
      order: OrderRow;
      account?: MessageAccount;
      code?: string;
      language?: Language;
    };

/**
 * A Cash on Delivery order, priced and its stock taken. From a phone never proven by a code, it waits
 * for the code sent to it (decision 0030): it holds its stock ORDER_CONFIRM_MINUTES at most, and such
 * orders together never hold more than half of a product's stock.
 */
async function cashOnDeliveryOrder(
  tx: Transaction,
  {
    customer,
    orderItems,
    shippingAddress,
    limits,
    confirmations,
    expectedTotal,
    couponCode,
    deliveries,
    whatsappOptIn,
    useStoreCredit,
  }: Exclude<OrderRequest, { payment: VerifiedPayment }>,
  shopUrl: string,
): Promise<Made> {
  const account = await lockCustomer(tx, customer.id, whatsappOptIn);
  const openCod = await openCashOnDeliveryOf(tx, customer.id);
  if (openCod.orders >= MAX_OPEN_COD_ORDERS) {
    throw new DomainError(
      'conflict',
      errorCodes.openCashOnDeliveryLimit,
      `You already have ${MAX_OPEN_COD_ORDERS} Cash on Delivery orders on their way. Please pay online, or wait for one to arrive.`,
      { details: { count: MAX_OPEN_COD_ORDERS } },
    );
  }
  const reserved = await reserveCart(
    tx,
    { customerId: customer.id, shopUrl, openCod },
    orderItems,
    DEFAULT_PAYMENT_METHOD,
    limits,
    expectedTotal,
    couponCode,
    { deliveries, postalCode: shippingAddress.postalCode },
  );
  const { quote, priced } = reserved;
  const waits = waitsForConfirmation(priced, account.phoneProven);
  if (waits) await refuseOverUnconfirmedShare(tx, quote.lines);
  const credit = useStoreCredit ? await creditFor(tx, customer.id, quote.amounts.totalPaise) : 0;
  const order = await insertOrder(tx, {
    customer,
    shippingAddress,
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    quote,
    storeCreditPaise: credit,
    ...(waits ? { confirmBy: confirmByFrom(new Date()) } : {}),
    unitsSoldCounted: true,
  });
  const orderId = order.id;
  await spendCredit(tx, customer.id, orderId, credit);
  await claimOfferUses(tx, quote, usedCoupon(reserved), customer.id, { orderId });
  if (!waits) return { orderId, created: true, order, account: account.messages };
  const code = await issueConfirmationCode(tx, confirmations.codeKey, orderId);
  // Issue 30: the code goes in the customer's language.
  const { language } = account;
  // Issue 27: on WhatsApp too, with a button that confirms it (the SMS goes once this commits).
  if (account.onWhatsapp) {
    await enqueueMessages(tx, [
      codConfirmationMessage({
        orderId,
        totalPaise: quote.amounts.totalPaise,
        customer: { ...customer, language },
        code,
      }),
    ]);
  }
  return { orderId, created: true, order, code, language };
}

/** Issue 28: the store credit a checkout spends: the balance (under the customer's lock), at most the total. */
async function creditFor(tx: Transaction, customerId: string, totalPaise: number): Promise<number> {
  return Math.min(await storeCreditBalance(tx, customerId), totalPaise);
}

/** Takes the credit an order (or a payment hold) spends from the balance, with its ledger entry. */
async function spendCredit(tx: Transaction, customerId: string, orderId: string | null, paise: number, note?: string) {
  if (paise <= 0) return;
  await changeStoreCredit(tx, {
    userId: customerId,
    amountPaise: -paise,
    kind: 'checkout',
    orderId,
    note: note ?? (orderId ? `Paid towards order #${shortOrderNumber(orderId)}` : 'Paid at checkout'),
  });
}

/**
 * Issue 28: an order paid entirely with store credit: priced as paid in advance (the online discount),
 * stock taken, the credit spent, placed paid; 409 STORE_CREDIT_SHORT when the credit does not cover it
 * (then the rest is paid online).
 */
async function storeCreditOrder(
  tx: Transaction,
  request: Exclude<OrderRequest, { payment: VerifiedPayment }>,
  shopUrl: string,
): Promise<Made> {
  const { customer, orderItems, shippingAddress, limits, expectedTotal, couponCode, deliveries } = request;
  const account = await lockCustomer(tx, customer.id, request.whatsappOptIn);
  if (!request.useStoreCredit) {
    throw new DomainError(
      'invalid_data',
      errorCodes.paymentFieldsMissing,
      'An online payment needs razorpay_order_id, razorpay_payment_id and razorpay_signature.',
    );
  }
  const reserved = await reserveCart(
    tx,
    { customerId: customer.id, shopUrl },
    orderItems,
    ONLINE_PAYMENT_METHOD,
    limits,
    expectedTotal,
    couponCode,
    { deliveries, postalCode: shippingAddress.postalCode },
    'order',
  );
  const total = reserved.quote.amounts.totalPaise;
  const balance = await storeCreditBalance(tx, customer.id);
  if (balance < total) {
    throw new DomainError(
      'conflict',
      errorCodes.storeCreditShort,
      `Your store credit (${formatRupees(toRupees(balance))}) does not cover this order (${formatRupees(toRupees(total))}): pay the rest online.`,
      // askedAmount as the ledger's refusal names it (one text says both, issue 30).
      { details: { creditAmount: toRupees(balance), totalAmount: toRupees(total), askedAmount: toRupees(total) } },
    );
  }
  const order = await insertOrder(tx, {
    customer,
    shippingAddress,
    paymentMethod: STORE_CREDIT_PAYMENT_METHOD,
    quote: reserved.quote,
    storeCreditPaise: total,
    unitsSoldCounted: true,
  });
  const orderId = order.id;
  await spendCredit(tx, customer.id, orderId, total);
  await claimOfferUses(tx, reserved.quote, usedCoupon(reserved), customer.id, { orderId });
  return { orderId, created: true, order, account: account.messages };
}

/**
 * Issue 27, the owner's setting: a Cash on Delivery order waits for the customer's confirmation when its
 * phone was never proven by a code, or when its total is above the owner's risk threshold.
 */
function waitsForConfirmation(priced: PricedCart, phoneProven: boolean): boolean {
  const { codConfirmAbovePaise, codConfirmUnproven } = priced.shipping;
  if (codConfirmAbovePaise !== null && priced.quote.amounts.totalPaise > codConfirmAbovePaise) return true;
  return codConfirmUnproven && !phoneProven;
}

/**
 * Turns a verified payment into its order, once: the hold row is locked, so the browser and a webhook
 * arriving together make one order, and a replay returns it. If the hold had already ended, the stock
 * is taken again; when it is gone, the paid order is recorded as cancelled so an admin refunds it.
 */
async function orderFromPayment(tx: Transaction, payment: VerifiedPayment, shopUrl: string): Promise<Made> {
  const hold = await lockPaidHold(tx, payment);
  if (!hold) {
    throw new DomainError(
      'not_found',
      errorCodes.unknownPayment,
      'This payment does not match an order of yours. Nothing was charged to an order.',
    );
  }
  if (hold.status === 'completed' && hold.orderId) return { orderId: hold.orderId, created: false };

  // A product an admin deleted meanwhile leaves its line without a catalog link; the order stands.
  const stillListed = await listedProductIds(
    tx,
    hold.lines.map((l) => l.productId),
  );
  const cancelledAt =
    hold.status !== 'pending' &&
    !(await retakeAll(tx, hold.lines, {
      reason: 'hold-retaken',
      actorId: hold.customer.id,
      reference: hold.id,
      shopUrl,
    }))
      ? new Date()
      : undefined;
  const quote = quoteOfHold(hold);
  const order = await insertOrder(tx, {
    customer: hold.customer,
    shippingAddress: hold.shippingAddress,
    paymentMethod: ONLINE_PAYMENT_METHOD,
    quote: {
      ...quote,
      lines: quote.lines.map((line) => (stillListed.has(line.productId) ? line : { ...line, productId: null })),
    },
    paid: { at: new Date(), razorpayOrderId: payment.gatewayOrderId, razorpayPaymentId: payment.paymentId },
    cancelledAt,
    storeCreditPaise: hold.storeCreditPaise,
  });
  const orderId = order.id;
  // The credit the hold took belongs to the order now; if the order could not be made, it comes back.
  if (cancelledAt && hold.storeCreditPaise > 0 && hold.userId) {
    await changeStoreCredit(tx, {
      userId: hold.userId,
      amountPaise: hold.storeCreditPaise,
      kind: 'order_cancelled',
      orderId,
      note: `Order #${shortOrderNumber(orderId)} could not be made: sold out`,
    });
  }
  await completeHold(tx, hold.id, orderId);
  if (cancelledAt) await releaseOfferUses(tx, { holdId: hold.id });
  else await carryOfferUses(tx, hold.id, orderId);
  return { orderId, created: true, order };
}

/**
 * PRODUCT.md step 5: a signed webhook says an order was paid. Places the order when the browser never
 * came back; a payment that is not for one of our holds, or not for its full amount, is ignored.
 */
export async function confirmWebhookPayment(
  refunds: RefundContext,
  webhookSecret: string,
  delivery: WebhookDelivery,
): Promise<{
  status: 'completed' | 'already-completed' | 'refund-recorded' | 'ignored' | 'duplicate';
  event?: string | undefined;
}> {
  const { db } = refunds;
  const news = await readWebhook(db, webhookSecret, delivery);
  if (news.duplicate) return { status: 'duplicate' };
  let status: 'completed' | 'already-completed' | 'refund-recorded' | 'ignored' = 'ignored';
  if (news.payment) {
    status = (await placeOrder(db, { payment: news.payment }, refunds.messages)).created
      ? 'completed'
      : 'already-completed';
  } else if (news.refund) {
    await refundWebhook(refunds, news.refund);
    status = 'refund-recorded';
  }
  if (news.eventId) await recordWebhookEvent(db, news.eventId, news.event);
  return { status, event: news.event };
}
