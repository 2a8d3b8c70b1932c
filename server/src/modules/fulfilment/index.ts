export { takeNextNumber } from './document-series.ts';
export { gstReportLines, istMonthRange, GST_REPORT_COLUMNS } from './gst-report.ts';
export { invoiceOf, issueCreditNote, issueInvoice, renderOrderDocument } from './invoices.ts';
export { tellOrderEvent } from './order-events.ts';
export {
  processRefund,
  recordRefund,
  refundWebhook,
  requestRefund,
  retryRefund,
  sweepPendingRefunds,
  type RefundContext,
} from './refunds.ts';
export { fulfilmentRoutes } from './routes.ts';
export { type FulfilmentContext } from './order-changes.ts';
