// The seo module's public face: robots.txt and the sitemap.
export { seoRoutes } from './routes.ts';
