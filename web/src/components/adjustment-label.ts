import { ONLINE_DISCOUNT_PERCENT, type AdjustmentTermsAnswer } from '@rr/core';
import { useCallback } from 'react';
import { useLanguage, useT } from '../i18n/index.tsx';

/** A discount as the quote and the order list it: the English label and (issue 30) what it says, as facts. */
export interface LabelledAdjustment {
  kind: string;
  label: string;
  terms?: AdjustmentTermsAnswer;
}

/** "₹250": an amount off as core's English label writes it (whole rupees without paise). */
const rupeesOff = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;

/**
 * Issue 30: a discount's name in the page's language. The online discount is SPEC's name whatever the
 * quote calls it; on other pages than English a sale or coupon is said from its terms; without terms (an
 * order priced before they were kept) or of a kind this page does not know, the server's label shows.
 */
export function useAdjustmentLabel(): (adjustment: LabelledAdjustment) => string {
  const t = useT();
  const language = useLanguage();
  return useCallback(
    ({ kind, label, terms }: LabelledAdjustment) => {
      if (kind === 'online_discount')
        return t('orders.onlineDiscount', { percent: terms?.percentOff ?? ONLINE_DISCOUNT_PERCENT });
      if (language === 'en' || !terms) return label;
      if (kind === 'sale' && terms.name !== undefined && terms.percentOff !== undefined)
        return t('orders.saleDiscount', { name: terms.nameHi || terms.name, percent: terms.percentOff });
      if (kind !== 'coupon' || terms.code === undefined) return label;
      if (terms.percentOff !== undefined)
        return t('orders.couponPercent', { code: terms.code, percent: terms.percentOff });
      if (terms.amountOff !== undefined)
        return t('orders.couponAmount', { code: terms.code, amount: rupeesOff(terms.amountOff) });
      return terms.freeShipping ? t('orders.couponFreeShipping', { code: terms.code }) : label;
    },
    [t, language],
  );
}
