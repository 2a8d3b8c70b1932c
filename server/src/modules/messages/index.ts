export { mailOutboxRoutes } from './dev-routes.ts';
export { enqueueCorrection, enqueueMessages, type NewMessage } from './outbox.ts';
export {
  backInStockMessages,
  messageSettings,
  orderMessages,
  type BackInStockAlert,
  type MessageSettings,
  type OrderEvent,
} from './templates.ts';
export { startOutboxWorker, type OutboxWorker } from './worker.ts';
