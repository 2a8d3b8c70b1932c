import { couponMessages, errorCodes, formatDateTimeIST, type CouponOffer } from '@rr/core';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coupons, offerUses, orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

/** A coupon as checkout reads it. */
export interface CouponTerms extends CouponOffer {
  minOrderPaise: number;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  combinesWithOnlineDiscount: boolean;
}

const refuse = (
  kind: 'invalid_data' | 'conflict',
  code: (typeof errorCodes)[keyof typeof errorCodes],
  message: string,
  details?: Record<string, string>,
) => new DomainError(kind, code, message, details ? { details } : {});

/**
 * The coupon a customer's code names, if it can be used at `now`: refused (4xx, with the message the
 * cart page shows) when no coupon has it, it is paused, not started, ended or used up.
 */
export async function couponByCode(db: Database, code: string, now: Date): Promise<CouponTerms> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  // Issue 30: one code, two reasons the message tells apart: `reason` lets a Hindi page tell them apart too.
  if (!row) {
    throw refuse('invalid_data', errorCodes.couponInvalid, couponMessages.unknown(code), { reason: 'unknown', code });
  }
  if (!row.isActive) {
    throw refuse('invalid_data', errorCodes.couponInvalid, couponMessages.paused, { reason: 'paused' });
  }
  if (row.startsAt && row.startsAt > now) {
    throw refuse(
      'invalid_data',
      errorCodes.couponNotStarted,
      couponMessages.notStarted(formatDateTimeIST(row.startsAt.toISOString())),
      { startsAt: row.startsAt.toISOString() },
    );
  }
  if (row.endsAt && row.endsAt <= now) throw refuse('invalid_data', errorCodes.couponExpired, couponMessages.expired);
  if (row.usageLimit !== null && row.uses >= row.usageLimit) {
    throw refuse('conflict', errorCodes.couponUsedUp, couponMessages.usedUp);
  }
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffPaise: row.amountOffPaise,
    freeShipping: row.freeShipping,
    categories: row.categories,
    productIds: row.productIds,
    minOrderPaise: row.minOrderPaise,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    combinesWithOnlineDiscount: row.combinesWithOnlineDiscount,
  };
}

/**
 * Refuses a coupon this customer may not use: a first-order code after an order that was not
 * cancelled, or a code used as often as it allows one customer (live uses: orders not cancelled and
 * checkouts being paid). Exact when called under the customer's lock (checkout holds it).
 */
export async function refuseCouponForCustomer(db: Database, coupon: CouponTerms, customerId: string): Promise<void> {
  if (coupon.firstOrderOnly) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, customerId), eq(orders.isCancelled, false)))
      .limit(1);
    if (earlier) throw refuse('conflict', errorCodes.couponFirstOrderOnly, couponMessages.firstOrder);
  }
  if (coupon.perCustomerLimit !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(offerUses)
      .where(
        and(eq(offerUses.couponId, coupon.id), eq(offerUses.customerId, customerId), isNull(offerUses.releasedAt)),
      );
    if ((used?.n ?? 0) >= coupon.perCustomerLimit) {
      throw refuse('conflict', errorCodes.couponCustomerLimit, couponMessages.perCustomer);
    }
  }
}
