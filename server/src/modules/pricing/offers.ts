import {
  buildQuote,
  couponMessages,
  couponRuleFor,
  errorCodes,
  formatRupees,
  ruleCovers,
  toRupees,
  type AdjustmentRule,
  type Quote,
  type QuoteLineInput,
  type QuoteRules,
} from '@rr/core';
import type { Database } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { couponByCode, refuseCouponForCustomer, type CouponTerms } from '../offers/index.ts';

/** What a code does to a cart: the discount (paise, before GST, or the shipping waived), whether applied. */
export interface QuoteCouponState {
  code: string;
  discountPaise: number;
  applied: boolean;
  message: string | null;
  /** Why it is not applied (issue 30), and with 'online_better' what paying online takes off. */
  reason?: 'online_better' | 'shipping_free';
  onlineDiscountPaise?: number;
}

interface OfferRules {
  sales: AdjustmentRule[];
  /** The online payment discount's rule when the cart is paid online. */
  online: AdjustmentRule[];
  couponCode: string | undefined;
  customerId: string | null;
  now: Date;
  /** Issue 27: the rate card's freight and the COD fee, the same whichever offers apply. */
  charges: Pick<QuoteRules, 'shippingChargePaise' | 'codFee'>;
}

const couponDiscountOf = (quote: Quote, coupon: CouponTerms) =>
  coupon.freeShipping
    ? (quote.shipping.waivedPaise ?? 0)
    : quote.adjustments.filter((a) => a.kind === 'coupon').reduce((sum, a) => sum + a.amountPaise, 0);

/**
 * Refuses a code the cart cannot use: it covers none of its lines, or the lines it covers are worth less
 * (after sale prices, before GST) than its minimum. The message says how much more to add.
 */
function refuseForCart(inputs: readonly QuoteLineInput[], sales: AdjustmentRule[], coupon: CouponTerms) {
  const rule = couponRuleFor(coupon);
  const afterSales = buildQuote(inputs, { adjustments: sales });
  const worth = afterSales.lines.filter((l) => ruleCovers(rule, l)).reduce((sum, l) => sum + l.taxablePaise, 0);
  if (worth === 0) {
    throw new DomainError('invalid_data', errorCodes.couponNotApplicable, couponMessages.nothingCovered);
  }
  if (worth < coupon.minOrderPaise) {
    throw new DomainError(
      'invalid_data',
      errorCodes.couponMinOrder,
      couponMessages.minOrder(formatRupees(toRupees(coupon.minOrderPaise - worth))),
      { details: { amount: toRupees(coupon.minOrderPaise - worth) } },
    );
  }
}

/**
 * The cart's quote under its offers (decision 0041): sales first, then the code, then the online
 * discount. A code that does not combine with the online discount gives way to it when paying online
 * gives more (the customer always gets the better of the two, never both); the answer then says so.
 */
export async function applyOffers(
  db: Database,
  inputs: QuoteLineInput[],
  rules: OfferRules,
): Promise<{ quote: Quote; coupon: (QuoteCouponState & { id: string }) | null }> {
  const withoutCode = () => buildQuote(inputs, { ...rules.charges, adjustments: [...rules.sales, ...rules.online] });
  if (!rules.couponCode) return { quote: withoutCode(), coupon: null };
  const coupon = await couponByCode(db, rules.couponCode, rules.now);
  refuseForCart(inputs, rules.sales, coupon);
  if (rules.customerId) await refuseCouponForCustomer(db, coupon, rules.customerId);
  const combines = coupon.combinesWithOnlineDiscount;
  const withCode = buildQuote(inputs, {
    ...rules.charges,
    adjustments: [...rules.sales, couponRuleFor(coupon), ...(combines ? rules.online : [])],
    freeShipping: coupon.freeShipping,
  });
  const discountPaise = couponDiscountOf(withCode, coupon);
  const state = { id: coupon.id, code: coupon.code, discountPaise };
  if (discountPaise === 0) {
    return {
      quote: withoutCode(),
      coupon: {
        ...state,
        applied: false,
        message: 'Shipping is already free on this order: the code changes nothing.',
        reason: 'shipping_free',
      },
    };
  }
  if (rules.online.length && !combines) {
    const online = withoutCode();
    if (online.amounts.totalPaise < withCode.amounts.totalPaise) {
      const onlineOff = online.adjustments
        .filter((a) => a.kind === 'online_discount')
        .reduce((s, a) => s + a.amountPaise, 0);
      return {
        quote: online,
        coupon: {
          ...state,
          applied: false,
          message: `Paying online already takes ${formatRupees(toRupees(onlineOff))} off, more than this code: you get the better of the two. With Cash on Delivery the code applies.`,
          reason: 'online_better',
          onlineDiscountPaise: onlineOff,
        },
      };
    }
  }
  return {
    quote: { ...withCode, coupon: { code: coupon.code, discountPaise } },
    coupon: { ...state, applied: true, message: null },
  };
}
