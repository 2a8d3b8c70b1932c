// The storefront module's public face: server-rendered shop pages and their share pictures.
export { baseUrl, storefrontPages } from './pages.ts';
export { loadStorefrontRenderer, type StorefrontRenderer } from './renderer.ts';
export { storefrontRoutes } from './routes.ts';
