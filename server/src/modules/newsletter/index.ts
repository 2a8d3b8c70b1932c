// The newsletter module's public face.
export { newsletterRoutes } from './routes.ts';
