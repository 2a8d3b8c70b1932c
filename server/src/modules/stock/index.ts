// The stock module's public face: taking and returning stock, and its ledger.
export {
  countUnitsSold,
  listedProductIds,
  retakeAll,
  returnStock,
  takeCart,
  setStockCause,
  setStockLevel,
  setVariantStockLevel,
  withStockCause,
  type ProductLine,
  type StockCause,
  type StockLine,
} from './service.ts';
export { alertWishlisters, askForStockAlert, tellBackInStock, type AlertAsker } from './alerts.ts';
export { stockAlertRoutes } from './alert-routes.ts';
export { ledgerDisagreements, stockAtVersions, stockHistory, stockVersionOf, stockVersions } from './ledger.ts';
