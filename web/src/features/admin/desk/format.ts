import { formatDecimal, formatRupees } from '@rr/core';

/** Counts with Indian digit grouping (1,23,456). */
export const formatCount = formatDecimal;
/** Rupees with Indian grouping, no paise for large round figures on the cards. */
export const formatMoney = (rupees: number) => formatRupees(rupees);
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;

/** "+12%" / "−5%" / "new" against the period before; null when both are zero. */
export function changeOf(current: number, previous: number): { text: string; up: boolean } | null {
  if (current === previous) return previous === 0 ? null : { text: 'same', up: true };
  if (previous === 0) return { text: 'new', up: true };
  const percent = Math.round(((current - previous) / previous) * 100);
  return { text: `${percent >= 0 ? '+' : '−'}${Math.abs(percent)}%`, up: percent >= 0 };
}
