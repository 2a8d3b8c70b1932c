// The catalog module's public face.
export { catalogAdminRoutes } from './admin-routes.ts';
export { cachedCatalog, type PublicListQuery } from './cached-reads.ts';
export { catalogRoutes } from './routes.ts';
export { productNotFound, refreshProductRating, refreshRatingsReviewedBy } from './service.ts';
export { searchSynonymRoutes } from './synonym-routes.ts';
