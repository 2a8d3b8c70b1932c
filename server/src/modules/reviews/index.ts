// The reviews module's public face.
export { reviewRoutes } from './routes.ts';
export { reviewedProducts } from './service.ts';
