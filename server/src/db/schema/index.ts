export * from './accounts.ts';
export * from './catalog.ts';
export * from './newsletter.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './messages.ts';
export * from './search.ts';
