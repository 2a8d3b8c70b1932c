// The orders module's public face: order records, written once placed, and their admin changes.
export { orderRoutes } from './routes.ts';
export {
  recordCancellation,
  recordConfirmation,
  recordCreditNote,
  recordDelivery,
  recordInvoice,
  recordRefundFailure,
  recordRefundState,
  recordShipment,
  type RefundState,
} from './records.ts';
export {
  changeOrder,
  invalidChange,
  orderRowFor,
  countOpenCashOnDelivery,
  findOrder,
  insertOrder,
  quoteOfOrder,
  quotesOfOrders,
  unpaidCashOnDelivery,
  type OrderQuote,
  type OrderRecord,
} from './service.ts';
