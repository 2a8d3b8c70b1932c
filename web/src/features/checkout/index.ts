// The checkout feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

export { clearCheckout } from './checkout-store.ts';

export const ShippingPage = lazy(() => import('./pages/shipping-page.tsx').then((m) => ({ default: m.ShippingPage })));
export const PaymentPage = lazy(() => import('./pages/payment-page.tsx').then((m) => ({ default: m.PaymentPage })));
export const PlaceOrderPage = lazy(() =>
  import('./pages/place-order-page.tsx').then((m) => ({ default: m.PlaceOrderPage })),
);
