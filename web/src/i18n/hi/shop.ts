import type { shop as en } from '../en/shop.ts';

export const shop: Record<keyof typeof en, string> = {};
