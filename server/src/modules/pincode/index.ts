// The pincode module's public face.
export { pincodeRoutes } from './routes.ts';
