// The orders module's public face: order records, written once placed, and their admin changes.
export { orderRoutes } from './routes.ts';
export { countOpenCashOnDelivery, findOrder, insertOrder, unpaidCashOnDelivery, type OrderRecord } from './service.ts';
export { type FulfilmentContext } from './fulfilment.ts';
