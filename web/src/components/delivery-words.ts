import { formatDateIST, formatDeliveryDate, type Language } from '@rr/core';
import { useMemo } from 'react';
import { useLanguage, useT } from '../i18n/index.tsx';

/** "Delivered by Tue, 2 Dec", or "Delivered between Mon, 1 Dec and Tue, 2 Dec" when the dates differ. */
export function deliveredByText(deliverBy: { from: string; to: string }): string {
  return deliverBy.from === deliverBy.to
    ? `Delivered by ${formatDeliveryDate(deliverBy.to)}`
    : `Delivered between ${formatDeliveryDate(deliverBy.from)} and ${formatDeliveryDate(deliverBy.to)}`;
}

export const COD_AVAILABLE = 'Cash on Delivery available';
export const COD_NOT_AVAILABLE = 'Cash on Delivery not available here - pay online';

const HINDI_WEEKDAYS = ['रवि', 'सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि'];

/** A delivery date ('2026-12-02') as 'Wed, 2 Dec', or in Hindi 'बुध, 2 दिस॰'. */
export function deliveryDate(date: string, language: Language): string {
  if (language === 'en') return formatDeliveryDate(date);
  const weekday = HINDI_WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  // Midday in India is the same calendar date; the year is left out, as in English.
  return `${weekday}, ${formatDateIST(`${date}T12:00:00+05:30`, language).replace(/ \d{4}$/, '')}`;
}

/** The same words in the page's language (issue 30). */
export function useDeliveryWords() {
  const t = useT();
  const language = useLanguage();
  return useMemo(
    () => ({
      deliveredBy: (deliverBy: { from: string; to: string }) =>
        deliverBy.from === deliverBy.to
          ? t('checkout.deliveredBy', { date: deliveryDate(deliverBy.to, language) })
          : t('checkout.deliveredBetween', {
              from: deliveryDate(deliverBy.from, language),
              to: deliveryDate(deliverBy.to, language),
            }),
      codAvailable: t('checkout.codAvailable'),
      codNotAvailable: t('checkout.codNotHere'),
    }),
    [t, language],
  );
}
