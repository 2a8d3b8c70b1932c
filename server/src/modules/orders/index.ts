// The orders module's public face: order records, written once placed, and their admin changes.
export { orderRoutes } from './routes.ts';
export {
  countOpenCashOnDelivery,
  findOrder,
  insertOrder,
  quoteOfOrder,
  quotesOfOrders,
  unpaidCashOnDelivery,
  type OrderQuote,
  type OrderRecord,
} from './service.ts';
export { type FulfilmentContext } from './fulfilment.ts';
