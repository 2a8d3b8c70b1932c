export { takeNextNumber } from './document-series.ts';
export { gstReportLines, istMonthRange, GST_REPORT_COLUMNS } from './gst-report.ts';
export { invoiceOf, issueCreditNote, issueInvoice, renderOrderDocument } from './invoices.ts';
export { tellOrderEvent, type MessageAccount } from './order-events.ts';
export { warmDocumentFonts } from './pdf-text.ts';
export {
  processRefund,
  recordRefund,
  refundWebhook,
  settleCancellation,
  retryRefund,
  sweepPendingRefunds,
  type RefundContext,
} from './refunds.ts';
export { fulfilmentRoutes } from './routes.ts';
export {
  partialRefundWebhook,
  recordPartialRefund,
  refundItems,
  sweepPendingPartialRefunds,
  processPartialRefund,
} from './partial-refunds.ts';
export { productLinesOf, withAddOns } from './after-sale-lines.ts';
export { bookReturnPickup } from './booking.ts';
export { type FulfilmentContext } from './order-changes.ts';
export { fulfilmentContextOf } from './context.ts';
