// The wishlist module's public face (issue 28).
export { wishlistRoutes } from './routes.ts';
