import type { CartItem } from '@rr/core';
import type { QuoteLine } from '../cart/index.ts';

// Issue 32: the cart page asks the same question of the quote, so the matching lives with the cart.
export { pricesLine, quoteLineFor, type QuoteLine } from '../cart/index.ts';

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
