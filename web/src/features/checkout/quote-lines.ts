import type { CartItem } from '@rr/core';
import type { QuoteLine } from '../cart/index.ts';

// Issue 32: the cart page asks the same question of the quote, so the matching lives with the cart.
export { pricesLine, quoteLineFor, type QuoteLine } from '../cart/index.ts';

/** `record` with `key` set to `value`, or without `key` when there is no value. */
function withOptional<T extends object, K extends keyof T>(record: T, key: K, value: T[K] | undefined): T {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The cart line as the quote has it today: its price, stock, name, picture, variant name and extras' names
 * and prices; issue 30: with the Hindi names (and the extras' Hindi field labels) as the shop has them
 * today, none where it has none, so a Hindi page names the line as an English one does.
 */
export function lineToday(item: CartItem, line: QuoteLine): CartItem {
  let today: CartItem = withOptional(
    { ...item, name: line.name, image: line.image, price: line.price, countInStock: line.countInStock },
    'nameHi',
    line.nameHi,
  );
  if (item.variant && line.variant) {
    today = withOptional({ ...today, variantName: line.variant.name }, 'variantNameHi', line.variant.nameHi);
  }
  if (item.addOns) {
    today.addOns = item.addOns.map((a) => {
      const priced = line.addOns.find((l) => l._id === a._id);
      if (!priced) return a;
      const named = withOptional({ ...a, name: priced.name, price: priced.price }, 'nameHi', priced.nameHi);
      return withOptional(named, 'fieldNamesHi', priced.fieldNamesHi);
    });
  }
  return today;
}
