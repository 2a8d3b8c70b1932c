// The offers module's public face (issue 26): coupon codes and scheduled sales.
export { runningSales } from './running-sales.ts';
export { currentSalesAnswer, publicSaleRoutes, salesForAnswer, shownSales } from './public-routes.ts';
