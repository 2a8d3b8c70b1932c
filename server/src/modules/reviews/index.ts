// The reviews module's public face.
export { reviewRoutes } from './routes.ts';
export { reviewedBy } from './service.ts';
