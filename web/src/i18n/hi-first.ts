// The Hindi texts a Hindi page starts with (issue 30): the shop's. The account's and the static pages'
// load with their pages (index.tsx, TextArea); hi.ts has them all.
import { common } from './hi/common.ts';
import { shop } from './hi/shop.ts';

export const hiFirst = { ...common, ...shop };
