import type { Paise } from './money.ts';
import { bestSaleFor } from './contract/offers.ts';
import type { AdjustmentRule, QuoteLineInput } from './quote.ts';

/**
 * Issue 26: the quote's rules for festival offers (decision 0041). Sales are applied first (each product
 * at its best running sale, never two), then the coupon, then the online payment discount.
 */

/** A running sale as the rules need it. */
export interface SaleOffer {
  _id: string;
  name: string;
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
  };
}
