import { couponMessages, errorCodes, type Quote } from '@rr/core';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { coupons, offerUses } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

/** Where a use belongs: the payment hold being paid, or the order placed. */
export type UseOwner = { holdId: string; orderId?: never } | { orderId: string; holdId?: never };

/** Each sale's discount on the quote's lines, by sale id. */
function saleDiscounts(quote: Pick<Quote, 'lines'>): Map<string, number> {
  const bySale = new Map<string, number>();
  for (const line of quote.lines) {
    for (const a of line.adjustments) {
      if (a.kind === 'sale' && a.sourceId) bySale.set(a.sourceId, (bySale.get(a.sourceId) ?? 0) + a.amountPaise);
    }
  }
  return bySale;
}

/**
 * Counts the offers a priced cart uses, in the caller's transaction (the order's or the hold's): the
 * coupon's use by one conditional update of its counter, so at most `usage_limit` checkouts ever hold
 * one however many run at once (the rest get 409 and nothing of theirs is kept), and a use row per sale
 * for the owner's reports. Runs after the stock is taken: every checkout locks stock rows, then the
 * coupon's row, so none can deadlock.
 */
export async function claimOfferUses(
  tx: Transaction,
  quote: Pick<Quote, 'lines'>,
  coupon: { id: string; discountPaise: number } | null,
  customerId: string,
  owner: UseOwner,
): Promise<void> {
  const rows: (typeof offerUses.$inferInsert)[] = [];
  if (coupon) {
    const counted = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        and(
          eq(coupons.id, coupon.id),
          eq(coupons.isActive, true),
          sql`(${coupons.usageLimit} is null or ${coupons.uses} < ${coupons.usageLimit})`,
        ),
      )
      .returning({ id: coupons.id });
    if (!counted.length) throw new DomainError('conflict', errorCodes.couponUsedUp, couponMessages.usedUp);
    rows.push({ couponId: coupon.id, customerId, discountPaise: coupon.discountPaise, ...owner });
  }
  for (const [saleId, discountPaise] of saleDiscounts(quote))
    rows.push({ saleId, customerId, discountPaise, ...owner });
  if (rows.length) await tx.insert(offerUses).values(rows);
}

/**
 * A paid hold's uses become its order's. When the hold had ended first (its uses given back), the paid
 * order is honoured at the price paid: its uses are counted again, past any limit.
 */
export async function carryOfferUses(tx: Transaction, holdId: string, orderId: string): Promise<void> {
  const live = await tx
    .update(offerUses)
    .set({ orderId })
    .where(and(eq(offerUses.holdId, holdId), isNull(offerUses.releasedAt)))
    .returning({ id: offerUses.id });
  if (live.length) return;
  const released = await tx.select().from(offerUses).where(eq(offerUses.holdId, holdId));
  if (!released.length) return;
  await tx.insert(offerUses).values(
    released.map((u) => ({
      couponId: u.couponId,
      saleId: u.saleId,
      customerId: u.customerId,
      holdId,
      orderId,
      discountPaise: u.discountPaise,
    })),
  );
  await countCoupons(tx, released, +1);
}

/** Gives back the uses of a cancelled order or an ended hold (once: a released use stays released). */
export async function releaseOfferUses(tx: Transaction, owner: UseOwner): Promise<void> {
  const ofOwner = owner.orderId ? eq(offerUses.orderId, owner.orderId) : eq(offerUses.holdId, owner.holdId!);
  const released = await tx
    .update(offerUses)
    .set({ releasedAt: new Date() })
    .where(and(ofOwner, isNull(offerUses.releasedAt)))
    .returning({ couponId: offerUses.couponId });
  await countCoupons(tx, released, -1);
}

async function countCoupons(tx: Transaction, uses: { couponId: string | null }[], sign: 1 | -1) {
  const ids = uses.flatMap((u) => (u.couponId ? [u.couponId] : []));
  if (!ids.length) return;
  for (const id of [...new Set(ids)].sort()) {
    const n = ids.filter((x) => x === id).length * sign;
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} + ${n}, 0)` })
      .where(eq(coupons.id, id));
  }
}

/**
 * Issue 28: a partial refund gives back its lines' shares of the coupon and the sales, so the owner's
 * reports count what the offers really took off the orders that stayed sold.
 */
export async function lowerOfferUses(
  tx: Transaction,
  orderId: string,
  lines: readonly { adjustments?: readonly { kind: string; amountPaise: number; sourceId?: string }[] }[],
): Promise<void> {
  const byOffer = new Map<string, { kind: 'coupon' | 'sale'; id: string | undefined; paise: number }>();
  for (const a of lines.flatMap((l) => l.adjustments ?? [])) {
    if (a.kind !== 'coupon' && a.kind !== 'sale') continue;
    const key = `${a.kind}/${a.sourceId ?? ''}`;
    const seen = byOffer.get(key) ?? { kind: a.kind, id: a.sourceId, paise: 0 };
    seen.paise += a.amountPaise;
    byOffer.set(key, seen);
  }
  for (const { kind, id, paise } of byOffer.values()) {
    const which =
      kind === 'coupon'
        ? id
          ? eq(offerUses.couponId, id)
          : isNotNull(offerUses.couponId)
        : id
          ? eq(offerUses.saleId, id)
          : isNotNull(offerUses.saleId);
    await tx
      .update(offerUses)
      .set({ discountPaise: sql`greatest(0, ${offerUses.discountPaise} - ${paise})` })
      .where(and(eq(offerUses.orderId, orderId), which));
  }
}
