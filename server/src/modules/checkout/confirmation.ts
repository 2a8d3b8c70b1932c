import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ORDER_CONFIRM_MINUTES,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  UUID_PATTERN,
  errorCodes,
  stockUnits,
  type ErrorCode,
  type Order,
  type Language,
} from '@rr/core';
import { and, eq, isNotNull, isNull, lt, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { hotStatement, inList, type Database, type Transaction } from '../../db/client.ts';
import { orderConfirmations, orderItems, orders, products, users } from '../../db/schema/index.ts';
import { DomainError, type ErrorKind } from '../../domain-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { settleCancellation, tellOrderEvent } from '../fulfilment/index.ts';
import type { MessageSettings } from '../messages/index.ts';
import { releaseOfferUses } from '../offers/index.ts';
import { findOrder, recordCancellation, recordConfirmation } from '../orders/index.ts';
import { countUnitsSold, returnStock, type StockLine } from '../stock/index.ts';

/** Wrong tries a code takes before it stops working (as a sign-in code). */
export const CONFIRMATION_ATTEMPTS = 5;
/** Codes one order may be sent, the first included: its 30 minutes hold as many as a sign-in's hour. */
export const CONFIRMATION_SENDS = 5;

/** What sending and checking confirmation codes needs: the SMS sender and the key codes are hashed with. */
export interface Confirmations {
  sms: SmsSender;
  codeKey: string;
  log: FastifyBaseLogger;
}

/** The key confirmation codes are hashed with, derived from the signing secret (like sign-in codes'). */
export const confirmationCodeKey = (secret: string) =>
  createHash('sha256').update(`order-confirmation:${secret}`).digest('base64url');

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
const codeHash = (key: string, orderId: string, code: string) =>
  createHmac('sha256', key).update(`${orderId}:${code}`).digest('base64url');

/** When an unconfirmed order placed now cancels itself. */
export const confirmByFrom = (now: Date) => new Date(now.getTime() + ORDER_CONFIRM_MINUTES * 60_000);

/** The products (`ids`): each one's shelf and the units unconfirmed orders hold of it. */
const unconfirmedShares = hotStatement((db) =>
  db
    .select({
      id: products.id,
      stock: products.countInStock,
      // Written out: inside a one-table select Drizzle leaves column names unqualified.
      held: sql<number>`(select coalesce(sum(oi.qty), 0) from orders o join order_items oi on oi.order_id = o.id
        where o.confirm_by is not null and not o.is_cancelled and oi.product_id = products.id
          and oi.add_on_of is null)`.mapWith(Number),
    })
    .from(products)
    .where(inList(products.id, 'ids')),
);

/**
 * Refuses a cart whose units, with those of every other order awaiting its code, would hold more than
 * half of a product's stock (the units on the shelf and those unconfirmed orders hold). Runs after the
 * cart's stock was taken: its product rows are then locked by this transaction, so orders for them are
 * decided one after another and each sees the others' units.
 */
export async function refuseOverUnconfirmedShare(tx: Transaction, cart: readonly StockLine[]): Promise<void> {
  // Per product, all its variants together (the product's stock is their sum).
  const lines = stockUnits(cart.map((l) => ({ ...l, variantId: null })));
  const ids = lines.map((l) => l.productId);
  // Each product's shelf and the units unconfirmed orders hold of it, in one round trip.
  const found = await unconfirmedShares(tx, { ids });
  for (const line of lines) {
    const product = found.find((p) => p.id === line.productId);
    const others = product?.held ?? 0;
    const onShelf = product?.stock ?? 0;
    const share = Math.floor((onShelf + line.qty + others) / 2);
    if (others + line.qty > share) {
      const room = Math.max(0, share - others);
      throw new DomainError(
        'conflict',
        errorCodes.unconfirmedShare,
        room > 0
          ? `Only ${room} of ${line.name} can be ordered with Cash on Delivery before your phone is confirmed. Please order fewer, or pay online.`
          : `${line.name} cannot be ordered with Cash on Delivery before your phone is confirmed just now. Please pay online, or try again later.`,
        // Issue 30: the message's figures and name (in Hindi too), and which of its two sentences it is.
        {
          details: {
            reason: room > 0 ? 'onlyRoom' : 'noRoom',
            count: room,
            product: line.name,
            ...(line.nameHi ? { productHi: line.nameHi } : {}),
          },
        },
      );
    }
  }
}

/** Stores a new code for an order awaiting confirmation, in the transaction that made it; the code to send. */
export async function issueConfirmationCode(tx: Transaction, codeKey: string, orderId: string): Promise<string> {
  const code = newCode();
  await tx.insert(orderConfirmations).values({ orderId, codeHash: codeHash(codeKey, orderId, code) });
  return code;
}

/**
 * Sends an order's code once the transaction that stored it committed. A failure is logged, not thrown:
 * the order stands and its page offers to send the code again.
 */
export async function sendConfirmationCode(
  confirmations: Confirmations,
  phone: string,
  code: string,
  language: Language = 'en',
): Promise<void> {
  try {
    await confirmations.sms.sendOtp(phone, code, 'order', language);
  } catch (err) {
    confirmations.log.warn({ err }, 'sending an order confirmation code failed');
  }
}

type OrderRow = typeof orders.$inferSelect;
type Outcome = { error: DomainError } | { error?: never };
const refusal = (kind: ErrorKind, code: ErrorCode, message: string): Outcome => ({
  error: new DomainError(kind, code, message),
});

const NOT_CONFIRMED_IN_TIME = `This order was cancelled: it was not confirmed within ${ORDER_CONFIRM_MINUTES} minutes. Please place it again.`;

/** The customer's own order, locked; anyone else's (or none) is "not found". */
async function lockOwnOrder(tx: Transaction, customer: AuthUser, orderId: string): Promise<OrderRow> {
  const [row] = UUID_PATTERN.test(orderId)
    ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    : [];
  if (!row || row.userId !== customer.id) {
    throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
  }
  return row;
}

/** Why a locked order cannot take a code: cancelled, or its time is up (it is cancelled now). */
async function closedForCodes(tx: Transaction, row: OrderRow): Promise<Outcome | null> {
  if (row.isCancelled) {
    return refusal(
      'conflict',
      errorCodes.orderCancelled,
      row.confirmBy ? NOT_CONFIRMED_IN_TIME : 'This order was cancelled.',
    );
  }
  if (row.confirmBy && row.confirmBy.getTime() <= Date.now()) {
    await cancelUnconfirmed(tx, row);
    return refusal('conflict', errorCodes.orderCancelled, NOT_CONFIRMED_IN_TIME);
  }
  return null;
}

/**
 * Confirms an order with the code sent to the customer's phone: the order goes to the packing list and
 * the customer hears it was placed. The right code proves the phone, so the customer's other orders
 * awaiting a code are confirmed with it. A wrong code uses up one of the code's tries.
 */
export async function confirmOrder(
  db: Database,
  confirmations: Confirmations,
  messages: MessageSettings,
  customer: AuthUser,
  orderId: string,
  code: string,
): Promise<Order> {
  // Refusals are returned, not thrown, so a wrong try (or an expiry) is committed.
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockOwnOrder(tx, customer, orderId);
    const closed = await closedForCodes(tx, row);
    if (closed) return closed;
    if (!row.confirmBy) return {};
    const [current] = await tx
      .select()
      .from(orderConfirmations)
      .where(eq(orderConfirmations.orderId, row.id))
      .for('update');
    if (!current || current.attempts >= CONFIRMATION_ATTEMPTS) {
      return refusal('invalid_data', errorCodes.codeUsedUp, 'This code stopped working. Please ask for a new code.');
    }
    const expected = Buffer.from(current.codeHash);
    const actual = Buffer.from(codeHash(confirmations.codeKey, row.id, code));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = current.attempts + 1;
      await tx.update(orderConfirmations).set({ attempts }).where(eq(orderConfirmations.orderId, row.id));
      return attempts >= CONFIRMATION_ATTEMPTS
        ? refusal('invalid_data', errorCodes.codeUsedUp, 'Too many wrong tries. Please ask for a new code.')
        : refusal('invalid_data', errorCodes.wrongCode, 'That is not the code we sent. Please check it and try again.');
    }
    await confirmWaiting(tx, customer.id, messages);
    return {};
  });
  if (outcome.error) throw outcome.error;
  return (await findOrder(db, orderId))!;
}

/**
 * The customer proved their phone (a right code, or the order's WhatsApp button pressed on it): the
 * phone is marked proven and every order of theirs awaiting confirmation goes to the packing list, the
 * customer hearing each was placed.
 */
async function confirmWaiting(tx: Transaction, customerId: string, messages: MessageSettings): Promise<void> {
  const now = new Date();
  await tx
    .update(users)
    .set({ phoneVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, customerId), isNull(users.phoneVerifiedAt)));
  const waiting = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, customerId), isNotNull(orders.confirmBy), not(orders.isCancelled)))
    .orderBy(orders.id)
    .for('update');
  for (const order of waiting) {
    await recordConfirmation(tx, order.id, now);
    await tx.delete(orderConfirmations).where(eq(orderConfirmations.orderId, order.id));
    await tellOrderEvent(tx, order, { kind: 'order_placed' }, messages);
  }
}

/**
 * Issue 27: the customer pressed "Confirm order" under the order's WhatsApp message. From the phone of
 * the order's customer, it confirms the order as its code would; anything else (another phone, an
 * order confirmed, cancelled or unknown: a replayed notification) changes nothing. An order whose time
 * is up is cancelled, as a late code finds it.
 */
export async function confirmOrderByButton(
  db: Database,
  messages: MessageSettings,
  press: { phone: string; orderId: string },
): Promise<'confirmed' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [row] = UUID_PATTERN.test(press.orderId)
      ? await tx.select().from(orders).where(eq(orders.id, press.orderId)).for('update')
      : [];
    if (!row?.userId || !row.confirmBy || row.isCancelled) return 'ignored';
    const [owner] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId));
    if (owner?.phone !== press.phone) return 'ignored';
    if (await closedForCodes(tx, row)) return 'ignored';
    await confirmWaiting(tx, row.userId, messages);
    return 'confirmed';
  });
}

/** Sends a new code for an order awaiting one, at most once a minute and CONFIRMATION_SENDS times. */
export async function resendConfirmationCode(
  db: Database,
  confirmations: Confirmations,
  customer: AuthUser,
  orderId: string,
): Promise<string> {
  const outcome = await db.transaction(async (tx): Promise<Outcome & { code?: string }> => {
    const row = await lockOwnOrder(tx, customer, orderId);
    const closed = await closedForCodes(tx, row);
    if (closed) return closed;
    const [current] = await tx
      .select()
      .from(orderConfirmations)
      .where(eq(orderConfirmations.orderId, row.id))
      .for('update');
    if (!row.confirmBy || !current) {
      return refusal('conflict', errorCodes.orderNotAwaiting, 'This order is already confirmed.');
    }
    const wait = Math.ceil(OTP_RESEND_SECONDS - (Date.now() - current.sentAt.getTime()) / 1000);
    if (wait > 0) {
      const refused = new DomainError(
        'rate_limited',
        errorCodes.codeResendWait,
        `Please wait ${wait} seconds before asking for another code.`,
        { retryAfterSeconds: wait },
      );
      return { error: refused };
    }
    if (current.sends >= CONFIRMATION_SENDS) {
      return refusal(
        'rate_limited',
        errorCodes.codeHourlyLimit,
        'No more codes can be sent for this order. Please contact the shop, or place it again paying online.',
      );
    }
    const code = newCode();
    await tx
      .update(orderConfirmations)
      .set({
        codeHash: codeHash(confirmations.codeKey, row.id, code),
        attempts: 0,
        sends: current.sends + 1,
        sentAt: new Date(),
      })
      .where(eq(orderConfirmations.orderId, row.id));
    return { code };
  });
  if (outcome.error) throw outcome.error;
  // Issue 30: in the customer's language.
  const [account] = await db.select({ language: users.language }).from(users).where(eq(users.id, customer.id));
  try {
    await confirmations.sms.sendOtp(customer.phone, outcome.code!, 'order', account?.language ?? 'en');
  } catch (err) {
    throw new DomainError(
      'upstream_failed',
      errorCodes.smsFailed,
      'We could not send the code just now. Please try again in a minute.',
      {
        cause: err,
      },
    );
  }
  return `A new code was sent to your phone ending ${customer.phone.slice(-4)}.`;
}

/** Cancels a locked order that was never confirmed: its stock goes back, through the stock ledger. */
async function cancelUnconfirmed(tx: Transaction, row: OrderRow): Promise<void> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  await returnStock(tx, lines, { reason: 'unconfirmed', reference: row.id });
  await countUnitsSold(tx, lines, -1);
  await recordCancellation(tx, row.id, new Date());
  await releaseOfferUses(tx, { orderId: row.id });
  await tx.delete(orderConfirmations).where(eq(orderConfirmations.orderId, row.id));
  // Issue 28: store credit it spent comes back (a COD order paid nothing else before delivery).
  await settleCancellation(tx, row, new Date());
}

/**
 * Cancels the orders whose code never came in time; returns how many. Runs every minute, like the hold
 * release. Nobody is messaged: the phone was never proven to be the customer's, and the order page says
 * what happened.
 */
export async function cancelUnconfirmedOrders(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.confirmBy), not(orders.isCancelled), lt(orders.confirmBy, now)));
  let cancelled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row?.confirmBy || row.isCancelled || row.confirmBy.getTime() >= now.getTime()) return false;
      await cancelUnconfirmed(tx, row);
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
