import type { CartItem, CartQuote } from '@rr/core';
import { lineKey } from '../cart/index.ts';

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

/** The cart line as the quote has it today: its price, stock, name, picture, variant name and extras' names and prices. */
export function lineToday(item: CartItem, line: QuoteLine): CartItem {
  const today: CartItem = {
    ...item,
    name: line.name,
    image: line.image,
    price: line.price,
    countInStock: line.countInStock,
  };
  if (item.variant && line.variant) today.variantName = line.variant.name;
  if (item.addOns) {
    today.addOns = item.addOns.map((a) => {
      const priced = line.addOns.find((l) => l._id === a._id);
      return priced ? { ...a, name: priced.name, price: priced.price } : a;
    });
  }
  return today;
}
