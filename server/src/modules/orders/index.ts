// The orders module's public face: order records, written once placed, and their admin changes.
export { orderRoutes } from './routes.ts';
export {
  recordCancellation,
  recordCashCollected,
  recordConfirmation,
  recordCreditNote,
  recordDelivery,
  recordInvoice,
  recordRefundFailure,
  recordRefundState,
  recordShipment,
  recordTracking,
  type InvoiceRecord,
  type RefundState,
} from './records.ts';
export {
  changeOrder,
  orderStateOf,
  recordOrderChange,
  type OrderAudit,
  invalidChange,
  orderRowFor,
  findOrder,
  insertOrder,
  quoteOfOrder,
  quotesOfOrders,
  openCashOnDeliveryOf,
  type OpenCashOnDelivery,
  type OrderQuote,
  type OrderRecord,
} from './service.ts';
// Issue 25: an order's add-on texts in the order their add-on asks them, as documents print them (the
// add-ons are the catalog's; fulfilment reads them through here).
export { withAddOnFieldOrder } from '../catalog/index.ts';
