import {
  errorCodes,
  toRupees,
  storedQuote,
  type PaymentOrder,
  type PlaceOrderBody,
  type Quote,
  type ShippingAddressInput,
} from '@rr/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  isValidPaymentSignature,
  paymentSignature,
  sandboxId,
  type PaymentGateway,
} from '../../adapters/payments/index.ts';
import { hotStatement, type Database, type Transaction } from '../../db/client.ts';
import { paymentHolds, webhookEvents, type HoldStatus } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { changeStoreCredit } from '../store-credit/index.ts';
import { releaseOfferUses } from '../offers/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { returnStock } from '../stock/index.ts';

export type HoldRow = typeof paymentHolds.$inferSelect;

const UNKNOWN_PAYMENT = 'This payment does not match an order of yours. Nothing was charged to an order.';

/**
 * A payment whose proof was checked (the checkout's signature or a signed webhook for the full amount):
 * only this module makes one, so an order is never completed from an unverified payment.
 */
declare const verified: unique symbol;
export interface VerifiedPayment {
  readonly gatewayOrderId: string;
  readonly paymentId: string;
  readonly [verified]: true;
}
// Also webhook.ts's, the other maker of a VerifiedPayment (decision 0012).
export const verifiedPayment = (gatewayOrderId: string, paymentId: string) =>
  ({ gatewayOrderId, paymentId }) as VerifiedPayment;

/** Gives back what a customer's pending checkouts hold, inside the caller's transaction. */
export async function releasePendingHoldsOf(tx: Transaction, customerId: string): Promise<void> {
  const pending = await tx
    .select()
    .from(paymentHolds)
    .where(and(eq(paymentHolds.userId, customerId), eq(paymentHolds.status, 'pending')))
    .for('update');
  for (const hold of pending) await releaseHold(tx, hold, 'released');
}

const pendingHoldsRead = hotStatement((db) =>
  db
    .select({
      units:
        sql<number>`coalesce(sum((select sum((line->>'qty')::int) from jsonb_array_elements(payment_holds.lines) line where line->>'addOnOf' is null)), 0)`.mapWith(
          Number,
        ),
      paise: sql<number>`coalesce(sum(${paymentHolds.totalPaise}), 0)`.mapWith(Number),
    })
    .from(paymentHolds)
    .where(and(eq(paymentHolds.userId, sql.placeholder('customerId')), eq(paymentHolds.status, 'pending'))),
);

/** Units and value a customer's pending holds tie up (under the caller's customer lock). */
export async function pendingHoldTotals(
  tx: Transaction,
  customerId: string,
): Promise<{ units: number; paise: number }> {
  const [held] = await pendingHoldsRead(tx, { customerId });
  return { units: held?.units ?? 0, paise: held?.paise ?? 0 };
}

/** Records a hold of stock already taken in the caller's transaction, until `expiresAt`. */
export async function insertHold(
  tx: Transaction,
  hold: {
    customer: AuthUser;
    shippingAddress: ShippingAddressInput;
    quote: Quote;
    gateway: PaymentGateway;
    expiresAt: Date;
    /** Issue 28: store credit spent on it (the caller takes it from the balance). */
    storeCreditPaise?: number;
  },
): Promise<HoldRow> {
  const { customer } = hold;
  const [row] = await tx
    .insert(paymentHolds)
    .values({
      userId: customer.id,
      customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
      shippingAddress: hold.shippingAddress,
      lines: hold.quote.lines,
      ...hold.quote.amounts,
      shippingTaxPaise: hold.quote.shipping.taxPaise,
      shippingGstBasisPoints: hold.quote.shipping.gstBasisPoints,
      shippingHsnCode: hold.quote.shipping.hsnCode,
      couponCode: hold.quote.coupon?.code ?? null,
      couponDiscountPaise: hold.quote.coupon?.discountPaise ?? null,
      gateway: hold.gateway.name,
      expiresAt: hold.expiresAt,
      storeCreditPaise: hold.storeCreditPaise ?? 0,
    })
    .returning();
  return row!;
}

/**
 * The quote a hold was priced with, as it stored it. A hold made before the quote existed (decision
 * 0039) took its online discount after tax: that part of its discount is not on its lines.
 */
export function quoteOfHold(hold: HoldRow): Quote {
  return storedQuote(
    hold.lines,
    {
      chargePaise: hold.shippingPaise,
      taxPaise: hold.shippingTaxPaise,
      gstBasisPoints: hold.shippingGstBasisPoints,
      hsnCode: hold.shippingHsnCode,
    },
    {
      itemsPaise: hold.itemsPaise,
      shippingPaise: hold.shippingPaise,
      taxPaise: hold.taxPaise,
      discountPaise: hold.discountPaise,
      totalPaise: hold.totalPaise,
    },
    hold.couponCode === null ? null : { code: hold.couponCode, discountPaise: hold.couponDiscountPaise ?? 0 },
  );
}

/**
 * Creates the gateway order for a hold's total in paise, and what the browser opens the checkout with.
 * If the gateway fails, the stock goes straight back.
 */
export async function openGatewayOrder(
  db: Database,
  gateway: PaymentGateway,
  customer: AuthUser,
  hold: HoldRow,
): Promise<PaymentOrder> {
  let gatewayOrderId: string;
  try {
    const created = await gateway.createOrder({
      amountPaise: gatewayAmountOf(hold),
      receipt: hold.id,
      notes: { hold: hold.id, customer: customer.id },
    });
    gatewayOrderId = created.id;
  } catch (err) {
    await endHold(db, hold.id, 'released');
    throw paymentUnavailable(err);
  }
  await db
    .update(paymentHolds)
    .set({ razorpayOrderId: gatewayOrderId, updatedAt: new Date() })
    .where(eq(paymentHolds.id, hold.id));
  return paymentOrderOf(gateway, customer, hold, gatewayOrderId);
}

/** What the browser opens the checkout with, for a hold and its gateway order. */
function paymentOrderOf(
  gateway: PaymentGateway,
  customer: AuthUser,
  hold: HoldRow,
  gatewayOrderId: string,
): PaymentOrder {
  return {
    keyId: gateway.keyId,
    orderId: gatewayOrderId,
    amount: gatewayAmountOf(hold),
    currency: 'INR',
    description: 'Order Payment',
    name: 'Rudraksha Ratna',
    prefill: { name: customer.name, email: customer.email, contact: customer.phone },
    expiresAt: hold.expiresAt.toISOString(),
    itemsPrice: toRupees(hold.itemsPaise),
    shippingPrice: toRupees(hold.shippingPaise),
    taxPrice: toRupees(hold.taxPaise),
    discountPrice: toRupees(hold.discountPaise),
    totalPrice: toRupees(hold.totalPaise),
    coupon:
      hold.couponCode === null
        ? null
        : { code: hold.couponCode, discount: toRupees(hold.couponDiscountPaise ?? 0), applied: true, message: null },
    storeCreditApplied: toRupees(hold.storeCreditPaise),
  };
}

/** Issue 28: what the gateway is asked for: the hold's total less the store credit spent on it. */
export const gatewayAmountOf = (hold: Pick<HoldRow, 'totalPaise' | 'storeCreditPaise'>) =>
  hold.totalPaise - hold.storeCreditPaise;

/** How long a repeated request waits for the first one's gateway order: the gateway's own time limit. */
const GATEWAY_ORDER_WAIT_MS = 12_000;
const GATEWAY_ORDER_POLL_MS = 100;

/**
 * The payment order an earlier request made for this hold (a repeated request with its idempotency
 * key). The first request asks the gateway after committing the hold, so its gateway order may still be
 * on its way: this waits for it for as long as the gateway may take. When the gateway failed (the hold
 * was released without one) this answers what the first request did; null if it is still not there.
 */
export async function earlierPaymentOrder(
  db: Database,
  gateway: PaymentGateway,
  customer: AuthUser,
  holdId: string,
): Promise<PaymentOrder | null> {
  const deadline = Date.now() + GATEWAY_ORDER_WAIT_MS;
  for (;;) {
    const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.id, holdId));
    if (hold?.razorpayOrderId) return paymentOrderOf(gateway, customer, hold, hold.razorpayOrderId);
    if (!hold || hold.status !== 'pending') throw paymentUnavailable();
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, GATEWAY_ORDER_POLL_MS));
  }
}

const paymentUnavailable = (cause?: unknown) =>
  new DomainError(
    'upstream_failed',
    errorCodes.paymentUnavailable,
    'Online payment is not available just now. Please try again, or choose Cash on Delivery.',
    { cause },
  );

/** Ends a pending hold and puts its stock back; a hold that is no longer pending is left alone. */
async function endHold(
  db: Database,
  holdId: string,
  status: Extract<HoldStatus, 'released' | 'expired'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [hold] = await tx.select().from(paymentHolds).where(eq(paymentHolds.id, holdId)).for('update');
    if (!hold || hold.status !== 'pending') return false;
    await releaseHold(tx, hold, status);
    return true;
  });
}

/** Puts a locked pending hold's stock back and ends it, inside the caller's transaction. */
async function releaseHold(tx: Transaction, hold: HoldRow, status: Extract<HoldStatus, 'released' | 'expired'>) {
  const reason = status === 'released' ? 'release' : 'expire';
  await returnStock(tx, hold.lines, {
    reason,
    actorId: status === 'released' ? hold.userId : null,
    reference: hold.id,
  });
  await releaseOfferUses(tx, { holdId: hold.id });
  // Issue 28: store credit it took comes back.
  if (hold.storeCreditPaise > 0 && hold.userId) {
    await changeStoreCredit(tx, {
      userId: hold.userId,
      amountPaise: hold.storeCreditPaise,
      kind: 'order_cancelled',
      note: 'Online payment not completed',
    });
  }
  await tx.update(paymentHolds).set({ status, updatedAt: new Date() }).where(eq(paymentHolds.id, hold.id));
}

/** The customer closed the checkout or the payment failed: the held stock goes back at once. */
export async function releaseOnlinePayment(db: Database, customer: AuthUser, gatewayOrderId: string): Promise<void> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, gatewayOrderId));
  if (!hold || hold.userId !== customer.id) {
    throw new DomainError('not_found', errorCodes.unknownPayment, UNKNOWN_PAYMENT);
  }
  await endHold(db, hold.id, 'released');
}

/** Releases every hold whose time is up; returns how many. Runs every minute. */
export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<number> {
  const expired = await db
    .select({ id: paymentHolds.id })
    .from(paymentHolds)
    .where(and(eq(paymentHolds.status, 'pending'), lt(paymentHolds.expiresAt, now)));
  let released = 0;
  for (const hold of expired) if (await endHold(db, hold.id, 'expired')) released += 1;
  return released;
}

/**
 * Locks the hold a verified payment is for, for the rest of the caller's transaction: the browser and a
 * webhook arriving together then complete it one after the other.
 */
export async function lockPaidHold(tx: Transaction, payment: VerifiedPayment): Promise<HoldRow | null> {
  const [hold] = await tx
    .select()
    .from(paymentHolds)
    .where(eq(paymentHolds.razorpayOrderId, payment.gatewayOrderId))
    .for('update');
  return hold ?? null;
}

/** Marks a locked hold completed by its order. */
export async function completeHold(tx: Transaction, holdId: string, orderId: string): Promise<void> {
  await tx
    .update(paymentHolds)
    .set({ status: 'completed', orderId, updatedAt: new Date() })
    .where(eq(paymentHolds.id, holdId));
}

type CheckoutResult = Pick<PlaceOrderBody, 'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature'>;

/** PRODUCT.md step 4: the browser's checkout result, checked against the gateway order we stored. */
export async function verifyCheckoutPayment(
  db: Database,
  keySecret: string,
  customer: AuthUser,
  result: CheckoutResult,
): Promise<VerifiedPayment> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = result;
  if (!orderId || !paymentId || !signature) {
    throw new DomainError(
      'invalid_data',
      errorCodes.paymentFieldsMissing,
      'An online payment needs razorpay_order_id, razorpay_payment_id and razorpay_signature.',
    );
  }
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, orderId));
  if (!hold || hold.userId !== customer.id) {
    throw new DomainError('invalid_data', errorCodes.unknownPayment, UNKNOWN_PAYMENT);
  }
  if (!isValidPaymentSignature(keySecret, hold.razorpayOrderId!, paymentId, signature)) {
    throw new DomainError(
      'invalid_data',
      errorCodes.paymentNotVerified,
      'The payment could not be verified. No order was placed.',
    );
  }
  return verifiedPayment(hold.razorpayOrderId!, paymentId);
}

/** Remembers a handled webhook delivery, so a repeat of it is acknowledged and ignored. */
export async function recordWebhookEvent(db: Database, eventId: string, event: string | undefined): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({ id: eventId, event: event ?? 'unknown' })
    .onConflictDoNothing();
}

/**
 * The sandbox's test dialog pays a pending order: the signed result Razorpay's checkout would hand the
 * browser, for a hold that can still be paid.
 */
export async function paySandboxOrder(
  db: Database,
  keySecret: string,
  gatewayOrderId: string,
): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, gatewayOrderId));
  if (!hold || hold.status !== 'pending') {
    throw new DomainError('not_found', errorCodes.noPaymentWaiting, 'No payment is waiting for this order.');
  }
  const paymentId = sandboxId('pay');
  return {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(keySecret, gatewayOrderId, paymentId),
  };
}
