import { CARD_NAME_MAX, CARD_NAME_TRUNCATED } from './constants.ts';
import { toPaise, toRupees } from './money.ts';
import { gstBasisPointsOf, unitPriceWithGstPaise } from './pricing.ts';

/** SPEC §9: names longer than 40 characters show their first 37 and an ellipsis. */
export function truncateCardName(name: string): string {
  const chars = Array.from(name);
  return chars.length > CARD_NAME_MAX ? `${chars.slice(0, CARD_NAME_TRUNCATED).join('')}...` : name;
}

/** How long a page's meta (and og, twitter) description may be: what search results show of one. */
export const META_DESCRIPTION_MAX = 160;

/**
 * Issue 32: a description for a page's head, on one line, of at most `max` characters: a longer one is
 * cut after its last whole word that fits, with an ellipsis (never mid-word, never after a comma).
 */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  // The last space that leaves room for the ellipsis: the words before it are whole. One word longer
  // than all of it is cut (nothing else can be done with it).
  const space = chars.lastIndexOf(' ', max - 1);
  const kept = chars.slice(0, space > 0 ? space : max - 1).join('');
  return `${kept.replace(/[\s,;:.\-–—।|(]+$/u, '')}…`;
}

/**
 * The saving on a real MRP, in whole percent (rounded down, never overstated); null when none. The MRP
 * includes GST and the price does not, so the saving is measured from the price with the product's GST.
 */
export function discountPercent(price: number, mrp: number | null | undefined, gstPercent: number): number | null {
  if (mrp == null || price <= 0) return null;
  const paid = toRupees(unitPriceWithGstPaise(toPaise(price), gstBasisPointsOf(gstPercent)));
  if (!(mrp > paid)) return null;
  const percent = Math.floor(((mrp - paid) / mrp) * 100);
  return percent >= 1 ? percent : null;
}

/** Star icons for a 0..5 rating in half steps: 'full' | 'half' | 'empty' for each of 5 places. */
export function ratingStars(rating: number): Array<'full' | 'half' | 'empty'> {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return Array.from({ length: 5 }, (_, i) => {
    const left = halves - i * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}

/** Capitalised category for headings and titles: 'gems' -> 'Gems'. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1).toLowerCase();
}

/** The short order number people quote ('5D55A62B'): the start of the order id, upper-cased. */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
