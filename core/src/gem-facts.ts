// Issue 14's product facts that the storefront's pages read (the listing filters, the product page): no
// zod here, so they come without the contract's schemas (contract/product-facts.ts).
import { CARATS_PER_RATTI } from './constants.ts';

/** A gem's weight in commercial ratti, to 2 decimals. */
export function rattiFromCarats(carats: number): number {
  return Math.round((carats / CARATS_PER_RATTI) * 100) / 100;
}

/** The nine planets (navagraha) gems are worn for. */
export const PLANETS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu'] as const;
export type Planet = (typeof PLANETS)[number];

/** Origins the trade names, offered as suggestions: any other origin may be typed. */
export const ORIGIN_SUGGESTIONS = [
  'Nepal',
  'Indonesia (Java)',
  'India',
  'Sri Lanka',
  'Myanmar (Burma)',
  'Thailand',
  'Colombia',
  'Zambia',
  'Brazil',
  'Italy',
  'Japan',
  'Africa',
  'Mozambique',
  'Australia',
  'China',
] as const;
