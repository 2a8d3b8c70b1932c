export { contactRoutes } from './contact-routes.ts';
export { mailOutboxRoutes, whatsappOutboxRoutes } from './dev-routes.ts';
export { enqueueCorrection, enqueueMessages, outboxBacklog, type NewMessage, type OutboxBacklog } from './outbox.ts';
export { orderMessageRoutes } from './order-message-routes.ts';
export {
  backInStockMessages,
  messageSettings,
  orderMessages,
  passwordResetMessages,
  reviewRequestMessages,
  returnMessages,
  type ReturnUpdate,
  type BackInStockAlert,
  type MessageSettings,
  type OrderEvent,
  type OrderEventItem,
  type OrderSavings,
  type PasswordReset,
  type ReviewRequest,
} from './templates.ts';
export {
  codConfirmationMessage,
  orderOfPayload,
  whatsappOrderMessages,
  WHATSAPP_TEMPLATES,
} from './whatsapp-templates.ts';
export { startOutboxWorker, type OutboxWorker } from './worker.ts';
