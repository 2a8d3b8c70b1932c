// The checkout feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';
import { PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from './storage-keys.ts';

/**
 * Forgets the address and the payment method (sign-out, SPEC §4). The store, with the address schema
 * it reads localStorage with, loads only here and on the checkout pages: none of it is on the home page.
 * They leave localStorage at once, before the store loads: on a slow network, or if the tab is closed
 * first, a shared computer must not keep the last customer's address.
 */
export function clearCheckout(): Promise<void> {
  for (const key of [SHIPPING_ADDRESS_KEY, PAYMENT_METHOD_KEY]) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage blocked: nothing was kept there.
    }
  }
  return import('./checkout-store.ts').then((m) => m.clearCheckout());
}

export const ShippingPage = lazy(() => import('./pages/shipping-page.tsx').then((m) => ({ default: m.ShippingPage })));
export const PaymentPage = lazy(() => import('./pages/payment-page.tsx').then((m) => ({ default: m.PaymentPage })));
export const PlaceOrderPage = lazy(() =>
  import('./pages/place-order-page.tsx').then((m) => ({ default: m.PlaceOrderPage })),
);
