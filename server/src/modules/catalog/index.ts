// The catalog module's public face.
export { catalogAdminRoutes } from './admin-routes.ts';
export { cachedCatalog, type PublicListQuery } from './cached-reads.ts';
export { catalogRoutes } from './routes.ts';
export { productCards } from './cards.ts';
export { productNotFound, refreshProductRating, refreshRatingsOfOrder, refreshRatingsReviewedBy } from './service.ts';
export {
  PLACEHOLDER_IMAGE,
  insertProducts,
  mrpRefusal,
  writeProductUpdate,
  type NewProduct,
  type PricedProduct,
} from './product-writes.ts';
export { lockProductsWithVariants } from './variant-writes.ts';
export { auditedProductUpdate, recordProductsCreated } from './product-audit.ts';
export { searchSynonymRoutes } from './synonym-routes.ts';
export { withAddOnFieldOrder } from './add-on-fields.ts';
