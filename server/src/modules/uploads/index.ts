// The uploads module's public face.
export { uploadRoutes } from './routes.ts';
export { certificateUploadRoutes } from './certificate-routes.ts';
export { fileRoutes } from './file-routes.ts';
export type { FileStore } from './file-store.ts';
export { cachedFileStore, openFileStore } from './open-file-store.ts';
export { moveDiskFilesToStore } from './disk-files.ts';
export { isStoredPicture } from './file-service.ts';
