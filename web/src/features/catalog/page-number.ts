import { MAX_PAGE_NUMBER } from '@rr/core';

/** A page number from the URL: 1 when absent, null when it is not a valid page. */
export function parsePageNumber(raw: string | null | undefined): number | null {
  if (raw == null || raw === '') return 1;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE_NUMBER ? n : null;
}
