// The payments module's public face: holds of stock for a payment, the gateway's orders, and checking
// that a payment (from the browser or a webhook) is real.
export { paymentRoutes } from './routes.ts';
export {
  completeHold,
  earlierPaymentOrder,
  insertHold,
  lockPaidHold,
  openGatewayOrder,
  pendingHoldTotals,
  quoteOfHold,
  recordWebhookEvent,
  releaseExpiredHolds,
  releasePendingHoldsOf,
  verifyCheckoutPayment,
  type VerifiedPayment,
} from './service.ts';
export { readWebhook, type WebhookDelivery } from './webhook.ts';
