// The stock module's public face: pricing a cart from the catalog, and taking and returning its stock.
export {
  countUnitsSold,
  listedProductIds,
  priceCart,
  refuseUnavailable,
  retakeAll,
  returnStock,
  takeCart,
  type PricedCart,
  type PricedLine,
  type ProductLine,
} from './service.ts';
export { askForStockAlert, tellBackInStock, type AlertAsker } from './alerts.ts';
export { stockAlertRoutes } from './alert-routes.ts';
