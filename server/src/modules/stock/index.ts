// The stock module's public face: pricing a cart from the catalog, and taking and returning its stock.
export {
  countUnitsSold,
  listedProductIds,
  priceCart,
  refuseUnavailable,
  retakeAll,
  returnStock,
  takeCart,
  setStockCause,
  withStockCause,
  type PricedCart,
  type PricedLine,
  type ProductLine,
  type StockCause,
} from './service.ts';
export { askForStockAlert, tellBackInStock, type AlertAsker } from './alerts.ts';
export { stockAlertRoutes } from './alert-routes.ts';
export { ledgerDisagreements, stockAtVersions, stockHistory, stockVersionOf, stockVersions } from './ledger.ts';
