// The cart feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

export {
  addToCart,
  cartCount,
  clearCart,
  lineKey,
  setCouponCode,
  useCartItems,
  useCouponCode,
  type LineIdentity,
} from './cart-store.ts';
export { couponRefusal, orderLine, useCartQuote, useCouponQuote, type QuotePlace } from './cart-quote.ts';
export { pricesLine, quoteLineFor, type QuoteLine } from './quote-lines.ts';

/** Loaded on first visit, keeping it out of the home page's JavaScript. */
export const CartPage = lazy(() => import('./pages/cart-page.tsx').then((m) => ({ default: m.CartPage })));

/** The code box (issue 26) for the place-order page; loaded with it, out of the home page's files. */
export const CouponBox = lazy(() => import('./components/coupon-box.tsx').then((m) => ({ default: m.CouponBox })));
