// The categories module's public face.
export { categoryRoutes } from './routes.ts';
export { gstBasisPointsOfCategory } from './service.ts';
