// The catalog module's public face.
export { catalogAdminRoutes } from './admin-routes.ts';
export { catalogRoutes } from './routes.ts';
export { searchSynonymRoutes } from './synonym-routes.ts';
export { productNotFound, refreshProductRating, refreshRatingsReviewedBy } from './service.ts';
