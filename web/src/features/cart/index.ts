// The cart feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

export { addToCart, cartCount, clearCart, lineKey, useCartItems, type LineIdentity } from './cart-store.ts';

/** Loaded on first visit, keeping it out of the home page's JavaScript. */
export const CartPage = lazy(() => import('./pages/cart-page.tsx').then((m) => ({ default: m.CartPage })));
