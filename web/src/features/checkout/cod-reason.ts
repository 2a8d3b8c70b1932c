import { formatDecimal, type CodAnswer } from '@rr/core';
import { useLanguage, useT } from '../../i18n/index.tsx';

/**
 * Issue 30: why the quote refuses Cash on Delivery, in the page's language: on English pages the quote's
 * reason as the server wrote it, on Hindi ones the text of its refusal, with the limit the quote sends
 * (decision 0052: never read from its English reason).
 */
export function useCodReason(): (cod: CodAnswer) => string {
  const t = useT();
  const language = useLanguage();
  return (cod) => {
    if (cod.refusal === null || (language === 'en' && cod.reason)) return cod.reason ?? t('checkout.codNotAvailable');
    if (cod.refusal === 'above_limit' && cod.limit === undefined) return cod.reason ?? t('checkout.codNotAvailable');
    return t(`checkout.codRefused.${cod.refusal}`, { amount: `₹${formatDecimal(cod.limit ?? 0)}` });
  };
}
