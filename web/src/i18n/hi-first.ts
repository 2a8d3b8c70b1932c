// The Hindi texts a Hindi page starts with (issue 30): the shop's and the static pages'. The account's
// load with their pages (index.tsx, TextArea); hi.ts has them all.
import { common } from './hi/common.ts';
import { content } from './hi/content.ts';
import { shop } from './hi/shop.ts';

export const hiFirst = { ...common, ...shop, ...content };
