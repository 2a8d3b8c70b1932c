/**
 * The from-to filters of a listing (price in rupees before GST, weight in carats) as the address carries
 * them: what `parseListingFilters` reads on the server, and what the filter panel checks before it
 * applies a pair. No zod here: the panel's code loads with the storefront's first page.
 */
export const RANGE_PATTERNS = {
  price: /^\d{1,7}(?:\.\d{1,2})?$/,
  weight: /^\d{1,5}(?:\.\d{1,2})?$/,
} as const;

export type RangeFilterName = keyof typeof RANGE_PATTERNS;

/** Why a typed pair cannot be applied: a value that is no number of its kind, or a minimum above the maximum. */
export type RangeProblem = 'rangeNotNumber' | 'rangeReversed';

/**
 * What is wrong with a from-to pair as typed, if anything (either bound may be left out). Applied as it
 * is, either would show an empty listing (PRODUCT.md "The contract": a value no product can have is an
 * empty result, not an error), so the panel says why instead.
 */
export function rangeProblem(
  name: RangeFilterName,
  min: string | undefined,
  max: string | undefined,
): RangeProblem | null {
  const pattern = RANGE_PATTERNS[name];
  if ([min, max].some((value) => value !== undefined && !pattern.test(value))) return 'rangeNotNumber';
  return min !== undefined && max !== undefined && Number(min) > Number(max) ? 'rangeReversed' : null;
}
