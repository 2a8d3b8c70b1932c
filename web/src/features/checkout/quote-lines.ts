import type { CartItem, CartQuote } from '@rr/core';
import { lineKey } from '../cart/index.ts';

/** A quote line with the choices issue 25 adds (absent from servers before it). */
export type QuoteLine = CartQuote['lines'][number] & {
  variant?: { _id: string; name: string } | null;
  addOns?: Array<{ _id: string; name: string; price: number; values: Record<string, string> }>;
};

/**
 * Whether `line` of the quote prices cart line `item`: the same product, variant and add-ons with their
 * text. A cart line saved without a variant is priced as the default one, whichever that is; a quote
 * that names no add-ons (a server before issue 25) is taken at its word on the product.
 */
export function pricesLine(item: CartItem, line: QuoteLine): boolean {
  if (line.product !== item.product) return false;
  if (item.variant !== undefined && (line.variant?._id ?? undefined) !== item.variant) return false;
  if (line.addOns === undefined) return true;
  return (
    lineKey({ product: item.product, addOns: item.addOns }) === lineKey({ product: line.product, addOns: line.addOns })
  );
}

/** The quote's line for cart line `item`, if it has one. */
export function quoteLineFor(item: CartItem, quote: CartQuote | undefined): QuoteLine | undefined {
  return (quote?.lines as QuoteLine[] | undefined)?.find((line) => pricesLine(item, line));
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
  if (item.addOns && line.addOns) {
    today.addOns = item.addOns.map((a) => {
      const priced = line.addOns!.find((l) => l._id === a._id);
      return priced ? { ...a, name: priced.name, price: priced.price } : a;
    });
  }
  return today;
}
