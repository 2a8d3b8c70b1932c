// The storefront's Hindi texts (issue 30): every key of en.ts (i18n.test.ts checks keys and placeholders).
import type { Texts } from './en.ts';
import { account } from './hi/account.ts';
import { common } from './hi/common.ts';
import { content } from './hi/content.ts';
import { shop } from './hi/shop.ts';

export const hi: Texts = { ...common, ...shop, ...content, ...account };
