import type { CartItem, CartQuote } from '@rr/core';
import { lineKey } from './cart-store.ts';

export type QuoteLine = CartQuote['lines'][number];

/**
 * Whether `line` of the quote prices cart line `item`: the same product, variant and add-ons with their
 * text (issue 25). A cart line saved without a variant is priced as the default one, whichever that is.
 */
export function pricesLine(item: CartItem, line: QuoteLine): boolean {
  if (line.product !== item.product) return false;
  if (item.variant !== undefined && (line.variant?._id ?? undefined) !== item.variant) return false;
  return (
    lineKey({ product: item.product, addOns: item.addOns }) === lineKey({ product: line.product, addOns: line.addOns })
  );
}

/** The quote's line for cart line `item`, if it has one. */
export function quoteLineFor(item: CartItem, quote: CartQuote | undefined): QuoteLine | undefined {
  return quote?.lines.find((line) => pricesLine(item, line));
}
