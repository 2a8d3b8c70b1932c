// The addresses module's public face (issue 28: a customer's saved delivery addresses).
export { addressRoutes } from './routes.ts';
