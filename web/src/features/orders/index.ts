// The orders feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

export const OrderPage = lazy(() => import('./pages/order-page.tsx').then((m) => ({ default: m.OrderPage })));
export const OrderListPage = lazy(() =>
  import('./pages/order-list-page.tsx').then((m) => ({ default: m.OrderListPage })),
);
export const MyOrders = lazy(() => import('./my-orders.tsx').then((m) => ({ default: m.MyOrders })));
