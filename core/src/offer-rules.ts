import { percentOf, type Paise } from './money.ts';
import type { AdjustmentRule, AdjustmentTerms, QuoteLineInput } from './quote.ts';

/**
 * Issue 26: the quote's rules for festival offers (decision 0041). Sales are applied first (each product
 * at its best running sale, never two), then the coupon, then the online payment discount. No zod here:
 * the storefront's first JavaScript reads these (the schemas are in contract/offers.ts).
 */

/** Codes are case-insensitive: stored and compared in capitals, A-Z, 0-9 and hyphens. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{1,28}[A-Z0-9])?$/;

/** What a code as typed becomes: trimmed and in capitals ("diwali-25 " is "DIWALI-25"). */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** One unit's price in a sale of `percentOff`: what every page shows and the quote charges. */
export const salePricePaise = (unitPaise: Paise, percentOff: number): Paise =>
  unitPaise - percentOf(unitPaise, percentOff);

/**
 * The sale a product is in: of the running sales that cover it (its id or its category), the largest
 * percent, then the one ending first. Sales never stack.
 */
export function bestSaleFor<
  S extends { percentOff: number; endsAt: string; categories: readonly string[]; products: readonly string[] },
>(sales: readonly S[], product: { id: string; category: string }): S | null {
  let best: S | null = null;
  for (const s of sales) {
    if (!s.products.includes(product.id) && !s.categories.includes(product.category)) continue;
    if (!best || s.percentOff > best.percentOff || (s.percentOff === best.percentOff && s.endsAt < best.endsAt))
      best = s;
  }
  return best;
}

/** A running sale as the rules need it. */
export interface SaleOffer {
  _id: string;
  name: string;
  /** Issue 30: its Hindi name; absent or empty: none. */
  nameHi?: string;
  percentOff: number;
  endsAt: string;
  categories: readonly string[];
  products: readonly string[];
}

/** The label a sale's discount carries on the quote, the invoice and the order: "Diwali Sale (20% off)". */
export const saleLabel = (sale: Pick<SaleOffer, 'name' | 'percentOff'>) => `${sale.name} (${sale.percentOff}% off)`;

/**
 * One rule per sale that is the best for some product of the lines: it covers those products' own lines
 * (not their add-ons), each unit at the sale price the pages show.
 */
export function saleRulesFor(
  sales: readonly SaleOffer[],
  lines: readonly Pick<QuoteLineInput, 'productId' | 'category'>[],
): AdjustmentRule[] {
  const bySale = new Map<string, { sale: SaleOffer; productIds: Set<string> }>();
  for (const line of lines) {
    const sale = bestSaleFor(sales, { id: line.productId, category: line.category ?? '' });
    if (!sale) continue;
    const entry = bySale.get(sale._id) ?? { sale, productIds: new Set<string>() };
    entry.productIds.add(line.productId);
    bySale.set(sale._id, entry);
  }
  return [...bySale.values()].map(({ sale, productIds }) => ({
    kind: 'sale',
    label: saleLabel(sale),
    percentOff: sale.percentOff,
    perUnit: true,
    productIds,
    productLinesOnly: true,
    sourceId: sale._id,
    terms: { name: sale.name, ...(sale.nameHi && { nameHi: sale.nameHi }), percentOff: sale.percentOff },
  }));
}

/** A coupon as the rules need it (amounts in paise). */
export interface CouponOffer {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffPaise: Paise | null;
  freeShipping: boolean;
  categories: readonly string[];
  productIds: readonly string[];
}

/** The label a coupon's discount carries: "Coupon DIWALI10 (10% off)". */
export function couponLabel(coupon: CouponOffer): string {
  const what =
    coupon.percentOff !== null
      ? `${coupon.percentOff}% off`
      : coupon.amountOffPaise !== null
        ? `₹${(coupon.amountOffPaise / 100).toLocaleString('en-IN')} off`
        : 'free shipping';
  return `Coupon ${coupon.code} (${what})`;
}

/** The coupon's rule: its lines (all, or those of its products and categories, add-ons with them). */
export function couponRuleFor(coupon: CouponOffer): AdjustmentRule {
  const limited = coupon.categories.length > 0 || coupon.productIds.length > 0;
  return {
    kind: 'coupon',
    label: couponLabel(coupon),
    ...(coupon.percentOff !== null ? { percentOff: coupon.percentOff } : {}),
    ...(coupon.amountOffPaise !== null ? { amountOffPaise: coupon.amountOffPaise } : {}),
    // A free-shipping code takes nothing off the lines (the quote's freeShipping waives the charge).
    ...(coupon.freeShipping ? { percentOff: 0 } : {}),
    ...(limited ? { productIds: new Set(coupon.productIds), categories: new Set(coupon.categories) } : {}),
    sourceId: coupon.id,
    terms: couponTerms(coupon),
  };
}

/** What a coupon's label says, as facts (issue 30): its code and a percent, an amount or free shipping. */
function couponTerms(coupon: CouponOffer): AdjustmentTerms {
  if (coupon.percentOff !== null) return { code: coupon.code, percentOff: coupon.percentOff };
  if (coupon.amountOffPaise !== null) return { code: coupon.code, amountOffPaise: coupon.amountOffPaise };
  return { code: coupon.code, freeShipping: true };
}
