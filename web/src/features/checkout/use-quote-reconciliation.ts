import type { CartItem, CartQuote, PaymentMethod } from '@rr/core';
import { useEffect, useState } from 'react';
import { addToCart, couponRefusal, useCouponQuote, type QuotePlace } from '../cart/index.ts';
import { lineToday, quoteLineFor } from './quote-lines.ts';

/** The cart lines whose price, stock, name or picture (or extras') the quote says have changed, as they are today. */
function changedLines(cart: readonly CartItem[], quote: CartQuote): CartItem[] {
  return cart.flatMap((item) => {
    const line = quoteLineFor(item, quote);
    if (!line) return [];
    const today = lineToday(item, line);
    return JSON.stringify(today) === JSON.stringify(item) ? [] : [today];
  });
}

/**
 * The server prices the cart, so what the place-order page shows is what the order will cost. The cart
 * is kept in step with today's prices and stock (`pricesChanged` says they moved); lines that can no
 * longer be bought, or not in that quantity, hold the order back until the cart changes. The quote carries
 * the cart's code (issue 26): `coupon` applies and removes it.
 */
export function useQuoteReconciliation(cart: readonly CartItem[], method: PaymentMethod, place: QuotePlace = {}) {
  const coupon = useCouponQuote(cart, method, place);
  const { quote } = coupon;
  const [pricesChanged, setPricesChanged] = useState(false);

  useEffect(() => {
    if (!quote.data) return;
    const changed = changedLines(cart, quote.data);
    if (changed.length === 0) return;
    changed.forEach(addToCart);
    setPricesChanged(true);
  }, [quote.data, cart]);

  const unavailable = cart.filter((item) => quote.data?.unavailable.includes(item.product));
  const shortOfStock = cart.flatMap((item) => {
    const line = quoteLineFor(item, quote.data);
    return line !== undefined && item.qty > line.countInStock ? [{ item, left: line.countInStock }] : [];
  });
  const canPlace = Boolean(quote.data) && unavailable.length === 0 && shortOfStock.length === 0 && !quote.isFetching;
  // A refused code is the code box's to say (and it is dropped): not a failure of the quote.
  const quoteError = couponRefusal(quote.error) === null ? quote.error : null;
  return { quote, quoteError, coupon, pricesChanged, unavailable, shortOfStock, canPlace };
}
