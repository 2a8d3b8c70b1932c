export * from './constants.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './display.ts';
export * from './demo-mrp.ts';
export * from './contract/common.ts';
export * from './contract/catalog.ts';
export * from './contract/newsletter.ts';
