// The returns module's public face (issue 28): customers' returns and replacements.
export { returnRoutes } from './routes.ts';
export { returnPickupTracker } from './moves.ts';
