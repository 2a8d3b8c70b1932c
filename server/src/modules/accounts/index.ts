// The accounts module's public face.
export { devRoutes } from './dev-routes.ts';
export { userAdminRoutes } from './admin-routes.ts';
export { accountRoutes } from './routes.ts';
export { ensureAdmin } from './service.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { createTokenSigner } from './tokens.ts';
