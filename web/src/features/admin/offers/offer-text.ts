import { IST_OFFSET_MS, formatRupees, type Coupon, type OfferState } from '@rr/core';

export const STATUS_LABELS: Record<OfferState, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  paused: 'Paused',
};

/** ₹200 rather than ₹200.00 for a round amount; paise when there are some. */
export const wholeRupees = (rupees: number) => formatRupees(rupees).replace(/\.00$/, '');

/** What a coupon gives: "10% off", "₹200 off", "Free shipping". */
export function couponGives(coupon: Pick<Coupon, 'percentOff' | 'amountOff' | 'freeShipping'>): string {
  if (coupon.percentOff != null) return `${coupon.percentOff}% off`;
  if (coupon.amountOff != null) return `${wholeRupees(coupon.amountOff)} off`;
  return 'Free shipping';
}

export const minOrderText = (minOrder: number) => (minOrder > 0 ? wholeRupees(minOrder) : 'None');

/** "3 of 100", or "3" when there is no limit. */
export const usesText = (uses: number, limit: number | null) => (limit === null ? String(uses) : `${uses} of ${limit}`);

/** An ISO time as a datetime-local input holds it, in Indian time ("2026-10-20T18:30"); '' for none. */
export function istInputValue(iso: string | null): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A comma-separated list held in one form value (category slugs, product ids) and back. */
export const listOf = (joined: string) => (joined === '' ? [] : joined.split(','));
export const joinList = (items: readonly string[]) => items.join(',');

/** Empty text as `empty` (no limit, no date), else the text for the schema to read. */
export const textOr = <T>(text: string, empty: T) => (text.trim() === '' ? empty : text.trim());

/** The form's own check that the end comes after the start (datetime-local texts sort as times). */
export const endAfterStart = (startsAt: string, endsAt: string) =>
  startsAt !== '' && endsAt !== '' && endsAt <= startsAt ? 'The end must be after the start' : undefined;
