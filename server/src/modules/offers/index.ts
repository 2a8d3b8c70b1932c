// The offers module's public face (issue 26): coupon codes and scheduled sales.
export { runningSales } from './running-sales.ts';
export { offerAdminRoutes } from './admin-routes.ts';
export { couponByCode, refuseCouponForCustomer, type CouponTerms } from './coupon-checks.ts';
export { carryOfferUses, claimOfferUses, lowerOfferUses, releaseOfferUses, type UseOwner } from './uses.ts';
export { couponGuessGuard, type CouponGuessGuard } from './guesses.ts';
export { currentSalesAnswer, publicSaleRoutes, salesForAnswer, shownSales } from './public-routes.ts';
