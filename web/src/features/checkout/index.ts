// The checkout feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

/**
 * Forgets the address and the payment method (sign-out, SPEC §4). The store, with the address schema
 * it reads localStorage with, loads only here and on the checkout pages: none of it is on the home page.
 */
export function clearCheckout(): Promise<void> {
  return import('./checkout-store.ts').then((m) => m.clearCheckout());
}

export const ShippingPage = lazy(() => import('./pages/shipping-page.tsx').then((m) => ({ default: m.ShippingPage })));
export const PaymentPage = lazy(() => import('./pages/payment-page.tsx').then((m) => ({ default: m.PaymentPage })));
export const PlaceOrderPage = lazy(() =>
  import('./pages/place-order-page.tsx').then((m) => ({ default: m.PlaceOrderPage })),
);
