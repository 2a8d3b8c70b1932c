// The storefront module's public face: server-rendered shop pages and their share pictures.
export { baseUrl, storefrontPages, type RenderedPage } from './pages.ts';
export { loadStorefrontRenderer, type StorefrontRenderer } from './renderer.ts';
export { storefrontRoutes } from './routes.ts';
