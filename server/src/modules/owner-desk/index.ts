// The owner's desk (issue 15): dashboard, CSV exports, catalog import and stock history routes.
export { ownerDeskRoutes } from './routes.ts';
