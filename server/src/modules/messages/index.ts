export { contactRoutes } from './contact-routes.ts';
export { mailOutboxRoutes } from './dev-routes.ts';
export { enqueueCorrection, enqueueMessages, type NewMessage } from './outbox.ts';
export {
  backInStockMessages,
  messageSettings,
  orderMessages,
  passwordResetMessages,
  type BackInStockAlert,
  type MessageSettings,
  type OrderEvent,
  type OrderEventItem,
  type OrderSavings,
  type PasswordReset,
} from './templates.ts';
export { startOutboxWorker, type OutboxWorker } from './worker.ts';
