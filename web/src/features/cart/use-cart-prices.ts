import { DEFAULT_PAYMENT_METHOD, type CartItem, type CartQuote } from '@rr/core';
import { useEffect, useState } from 'react';
import { couponRefusal, useCouponQuote } from './cart-quote.ts';
import { cartStore, lineKey } from './cart-store.ts';
import { quoteLineFor, type QuoteLine } from './quote-lines.ts';

/** What the cart page says under a line (issue 32): its price moved, it sold out, or fewer are left. */
export interface LineNews {
  /** The price the cart was saved at and today's, when they differ. */
  priceChange?: { from: number; to: number };
  /** No longer on sale, or none left. */
  outOfStock: boolean;
  /** How many are left, when the line asks for more. */
  onlyLeft: number | null;
}

/**
 * The cart line with today's price and stock from the quote (and its extras' prices); the rest (its
 * name as the shopper saw it, the quantity) stays as saved. The place-order page brings names up to date.
 */
export function repriced(item: CartItem, line: QuoteLine): CartItem {
  const today: CartItem = { ...item, price: line.price, countInStock: line.countInStock };
  if (item.addOns) {
    today.addOns = item.addOns.map((a) => {
      const priced = line.addOns.find((l) => l._id === a._id);
      return priced && priced.price !== a.price ? { ...a, price: priced.price } : a;
    });
  }
  return today;
}

const samePrices = (a: CartItem, b: CartItem) =>
  a.price === b.price &&
  a.countInStock === b.countInStock &&
  (a.addOns ?? []).every((addOn, i) => addOn.price === b.addOns?.[i]?.price);

/** Whether the quote still has the line on sale, and how many of it are left. */
export function stockNews(item: CartItem, quote: CartQuote): Omit<LineNews, 'priceChange'> {
  const line = quoteLineFor(item, quote);
  if (!line || quote.unavailable.includes(item.product) || line.countInStock < 1) {
    return { outOfStock: true, onlyLeft: null };
  }
  return { outOfStock: false, onlyLeft: item.qty > line.countInStock ? line.countInStock : null };
}

/**
 * Issue 32: the cart page asks the server what the saved cart costs today (the quote, as at checkout:
 * prices, stock, sales and the code). The saved cart takes today's prices and stock, so the change is
 * told once, on this visit; `news` says per line what changed. When the quote cannot be had, the cart
 * shows as saved and `failed` says so.
 */
export function useCartPrices(items: readonly CartItem[]) {
  const coupon = useCouponQuote(items, DEFAULT_PAYMENT_METHOD);
  const { quote } = coupon;
  // The price each line was saved at, by line, from the first quote that moved it.
  const [moved, setMoved] = useState<Record<string, { from: number; to: number }>>({});
  // A quote for the cart before its last change (kept on screen while the next comes) says nothing of it.
  const today = quote.data && !quote.isPlaceholderData ? quote.data : undefined;

  useEffect(() => {
    if (!today) return;
    const changes: Record<string, { from: number; to: number }> = {};
    for (const item of items) {
      const line = quoteLineFor(item, today);
      if (line && line.price !== item.price) changes[lineKey(item)] = { from: item.price, to: line.price };
    }
    if (Object.keys(changes).length > 0) {
      setMoved((was) => {
        const next = { ...was };
        for (const [key, change] of Object.entries(changes)) {
          const from = was[key]?.from ?? change.from;
          if (from === change.to) delete next[key];
          else next[key] = { from, to: change.to };
        }
        return next;
      });
    }
    // Only what the quote prices changes; the quantity and a line added meanwhile stay as they are.
    const stale = items.some((item) => {
      const line = quoteLineFor(item, today);
      return line !== undefined && !samePrices(item, repriced(item, line));
    });
    if (!stale) return;
    cartStore.set((saved) =>
      saved.map((item) => {
        const line = quoteLineFor(item, today);
        return line ? repriced(item, line) : item;
      }),
    );
  }, [today, items]);

  const news = (item: CartItem): LineNews | null => {
    const priceChange = moved[lineKey(item)];
    const stock = today ? stockNews(item, today) : { outOfStock: false, onlyLeft: null };
    if (!priceChange && !stock.outOfStock && stock.onlyLeft === null) return null;
    return { ...(priceChange ? { priceChange } : {}), ...stock };
  };
  // A refused code is the code box's to say (and it is dropped): not a failure of the quote.
  const failed = items.length > 0 && !quote.data && quote.isError && couponRefusal(quote.error) === null;
  return { coupon, news, failed };
}
