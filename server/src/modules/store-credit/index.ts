export { changeStoreCredit, storeCreditBalance, storeCreditOf, type CreditChange } from './ledger.ts';
export { storeCreditRoutes } from './routes.ts';
