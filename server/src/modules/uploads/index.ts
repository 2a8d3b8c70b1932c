// The uploads module's public face.
export { uploadRoutes } from './routes.ts';
