import {
  FREE_SHIPPING_ABOVE_PAISE,
  ONLINE_DISCOUNT_PERCENT,
  SHIPPING_FEE_PAISE,
  TAX_PERCENT,
  toRupees,
} from '@rr/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/index.tsx';

/**
 * The shop's contact details and service promises (SPEC §1 and §9), quoted by the FAQ and every policy
 * page so that the pages cannot drift apart. Street numbers are placeholders, like the e-mail domain.
 */
export const shopContact = {
  email: 'support@rudraksharatna.example',
  phoneDisplay: '+91 98765 43210',
  phoneHref: 'tel:+919876543210',
  hours: 'Monday to Saturday, 10:00 to 18:00 IST',
  offices: [
    {
      name: 'Head Office, Varanasi',
      lines: ['Rudraksha Ratna', '12/34 Example Lane, near Godowlia Chowk', 'Varanasi, Uttar Pradesh 221001', 'India'],
    },
    {
      name: 'Branch, Haridwar',
      lines: ['Rudraksha Ratna', '56 Example Marg, near Har Ki Pauri', 'Haridwar, Uttarakhand 249401', 'India'],
    },
  ],
} as const;

export const shopPolicy = {
  dispatch: '3 business days',
  delivery: '10 to 14 business days',
  /**
   * The window for reporting a damaged, defective or wrong item. SPEC §9 records two readings (Shipping
   * and Returns: 7 days; Terms: three business days); the shop keeps the customer's longer one everywhere.
   */
  damageReport: '7 days of delivery',
  customMaking: '3 to 4 weeks',
  freeShippingAbove: `₹${toRupees(FREE_SHIPPING_ABOVE_PAISE)}`,
  shippingFee: `₹${toRupees(SHIPPING_FEE_PAISE)}`,
  taxPercent: TAX_PERCENT,
  onlineDiscountPercent: ONLINE_DISCOUNT_PERCENT,
} as const;

/**
 * The service promises in the page's language, as the pages and the FAQ quote them (issue 30). The
 * English texts are shopPolicy's and shopContact's own (shop-details.test.ts).
 */
export function usePolicy() {
  const t = useT();
  return useMemo(
    () => ({
      ...shopPolicy,
      dispatch: t('content.policy.dispatch'),
      delivery: t('content.policy.delivery'),
      damageReport: t('content.policy.damageReport'),
      customMaking: t('content.policy.customMaking'),
      hours: t('content.contact.hours'),
    }),
    [t],
  );
}
