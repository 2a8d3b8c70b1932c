export * from './catalog.ts';
export * from './newsletter.ts';
