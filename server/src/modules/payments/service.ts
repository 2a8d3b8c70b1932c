import { ONLINE_PAYMENT_METHOD, toRupees, type CreatePaymentBody, type PaymentOrder } from '@rr/core';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { isValidPaymentSignature, type PaymentGateway } from '../../adapters/payments/index.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { paymentHolds, products, type HoldStatus } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { insertOrder, reserveCart, returnStock, takeStock } from '../orders/service.ts';

type HoldRow = typeof paymentHolds.$inferSelect;

const UNKNOWN_PAYMENT = 'This payment does not match an order of yours. Nothing was charged to an order.';

/**
 * PRODUCT.md step 2: prices the cart with the online discount, holds its stock and creates the
 * gateway order for the total in paise. If the gateway fails, the stock goes straight back.
 */
export async function startOnlinePayment(
  db: Database,
  gateway: PaymentGateway,
  settings: Config['payments'],
  customer: AuthUser,
  input: CreatePaymentBody,
): Promise<PaymentOrder> {
  const expiresAt = new Date(Date.now() + settings.holdMinutes * 60_000);
  const hold = await db.transaction(async (tx) => {
    // One checkout at a time: starting again gives back what the last attempt held, in this same
    // transaction, so a refused attempt leaves the earlier one as it was.
    const earlier = await tx
      .select()
      .from(paymentHolds)
      .where(and(eq(paymentHolds.userId, customer.id), eq(paymentHolds.status, 'pending')))
      .for('update');
    for (const pending of earlier) await releaseHold(tx, pending, 'released');
    const { lines, amounts } = await reserveCart(tx, input.orderItems, ONLINE_PAYMENT_METHOD);
    const [row] = await tx
      .insert(paymentHolds)
      .values({
        userId: customer.id,
        customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
        shippingAddress: input.shippingAddress,
        lines,
        ...amounts,
        gateway: gateway.name,
        expiresAt,
      })
      .returning();
    return row!;
  });

  let gatewayOrderId: string;
  try {
    const created = await gateway.createOrder({
      amountPaise: hold.totalPaise,
      receipt: hold.id,
      notes: { hold: hold.id, customer: customer.id },
    });
    gatewayOrderId = created.id;
  } catch (err) {
    await endHold(db, hold.id, 'released');
    throw Object.assign(
      new HttpError(502, 'Online payment is not available just now. Please try again, or choose Cash on Delivery.'),
      { cause: err },
    );
  }
  await db
    .update(paymentHolds)
    .set({ razorpayOrderId: gatewayOrderId, updatedAt: new Date() })
    .where(eq(paymentHolds.id, hold.id));

  return {
    keyId: gateway.keyId,
    orderId: gatewayOrderId,
    amount: hold.totalPaise,
    currency: 'INR',
    description: 'Order Payment',
    name: 'Rudraksha Ratna',
    prefill: { name: customer.name, email: customer.email, contact: customer.phone },
    expiresAt: expiresAt.toISOString(),
    itemsPrice: toRupees(hold.itemsPaise),
    shippingPrice: toRupees(hold.shippingPaise),
    taxPrice: toRupees(hold.taxPaise),
    discountPrice: toRupees(hold.discountPaise),
    totalPrice: toRupees(hold.totalPaise),
  };
}

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
async function releaseHold(tx: Database, hold: HoldRow, status: Extract<HoldStatus, 'released' | 'expired'>) {
  await returnStock(tx, hold.lines);
  await tx.update(paymentHolds).set({ status, updatedAt: new Date() }).where(eq(paymentHolds.id, hold.id));
}

/** The customer closed the checkout or the payment failed: the held stock goes back at once. */
export async function releaseOnlinePayment(db: Database, customer: AuthUser, gatewayOrderId: string): Promise<void> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, gatewayOrderId));
  if (!hold || hold.userId !== customer.id) throw new HttpError(404, UNKNOWN_PAYMENT);
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
 * Turns a verified payment into its order, once: the hold row is locked, so the browser and a webhook
 * arriving together make one order, and a replay returns it. If the hold had already ended, the stock
 * is taken again; when it is gone, the paid order is recorded as cancelled so an admin refunds it.
 */
async function fulfilHold(
  db: Database,
  gatewayOrderId: string,
  paymentId: string,
): Promise<{ orderId: string; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .select()
      .from(paymentHolds)
      .where(eq(paymentHolds.razorpayOrderId, gatewayOrderId))
      .for('update');
    if (!hold) return null;
    if (hold.status === 'completed' && hold.orderId) return { orderId: hold.orderId, created: false };

    // A product an admin deleted meanwhile leaves its line without a catalog link; the order stands.
    const stillListed = new Set(
      (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(
            inArray(
              products.id,
              hold.lines.map((l) => l.productId),
            ),
          )
      ).map((p) => p.id),
    );
    let cancelledAt: Date | undefined;
    if (hold.status !== 'pending') {
      const taken: HoldRow['lines'] = [];
      for (const line of [...hold.lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
        if (!stillListed.has(line.productId) || !(await takeStock(tx, line.productId, line.qty))) break;
        taken.push(line);
      }
      if (taken.length < hold.lines.length) {
        await returnStock(tx, taken);
        cancelledAt = new Date();
      }
    }
    const { itemsPaise, shippingPaise, taxPaise, discountPaise, totalPaise } = hold;
    const orderId = await insertOrder(tx, {
      customer: hold.customer,
      shippingAddress: hold.shippingAddress,
      paymentMethod: ONLINE_PAYMENT_METHOD,
      reservation: {
        lines: hold.lines.map((line) => (stillListed.has(line.productId) ? line : { ...line, productId: null })),
        amounts: { itemsPaise, shippingPaise, taxPaise, discountPaise, totalPaise },
      },
      paid: { at: new Date(), razorpayOrderId: gatewayOrderId, razorpayPaymentId: paymentId },
      cancelledAt,
    });
    await tx
      .update(paymentHolds)
      .set({ status: 'completed', orderId, updatedAt: new Date() })
      .where(eq(paymentHolds.id, hold.id));
    return { orderId, created: true };
  });
}

/** PRODUCT.md step 4: the browser's checkout result, checked against the gateway order we stored. */
export async function confirmCheckoutPayment(
  db: Database,
  keySecret: string,
  customer: AuthUser,
  result: { orderId: string; paymentId: string; signature: string },
): Promise<{ orderId: string; created: boolean }> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, result.orderId));
  if (!hold || hold.userId !== customer.id) throw new HttpError(400, UNKNOWN_PAYMENT);
  if (!isValidPaymentSignature(keySecret, hold.razorpayOrderId!, result.paymentId, result.signature)) {
    throw new HttpError(400, 'The payment could not be verified. No order was placed.');
  }
  return (await fulfilHold(db, hold.razorpayOrderId!, result.paymentId))!;
}

/**
 * PRODUCT.md step 5: a signed webhook says an order was paid. Completes the order when the browser
 * never came back; ignores payments that are not for one of our holds or not for its full amount.
 */
export async function confirmWebhookPayment(
  db: Database,
  payment: { orderId: string; paymentId: string; amountPaise: number },
): Promise<'completed' | 'already-completed' | 'ignored'> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, payment.orderId));
  if (!hold || hold.totalPaise !== payment.amountPaise) return 'ignored';
  const outcome = await fulfilHold(db, payment.orderId, payment.paymentId);
  return outcome?.created ? 'completed' : 'already-completed';
}

/** For the sandbox's test dialog: the hold a gateway order id belongs to, while it can still be paid. */
export async function findPayableHold(db: Database, gatewayOrderId: string): Promise<HoldRow | null> {
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, gatewayOrderId));
  return hold && hold.status === 'pending' ? hold : null;
}
