import type { content as en } from '../en/content.ts';

export const content: Record<keyof typeof en, string> = {};
