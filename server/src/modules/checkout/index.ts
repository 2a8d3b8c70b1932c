// The checkout module's public face: its routes, and the one entry that places an order.
export { checkoutRoutes } from './routes.ts';
export { whatsappDevRoutes, whatsappWebhookRoutes } from './whatsapp-routes.ts';
export { placeOrder, type OrderRequest, type PlacedOrder } from './service.ts';
export { forgetOldKeys } from './idempotency.ts';
export { cancelUnconfirmedOrders } from './confirmation.ts';
