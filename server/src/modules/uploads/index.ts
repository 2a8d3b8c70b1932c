// The uploads module's public face.
export { uploadRoutes } from './routes.ts';
export { certificateUploadRoutes } from './certificate-routes.ts';
