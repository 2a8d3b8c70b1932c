// The storefront's English texts (issue 30), one file per area of the app (en/*.ts); hi.ts has the same
// keys in Hindi. Keys are `area.what`; a text with plural forms has `key#one` and `key#other`. Every key
// is in hi.ts too (i18n.test.ts).
import { account } from './en/account.ts';
import { common } from './en/common.ts';
import { content } from './en/content.ts';
import { shop } from './en/shop.ts';

export const en = { ...common, ...shop, ...content, ...account } as const;

type TextKey = keyof typeof en;
/** What `t` takes: a text's key, or a plural text's key without its `#one` / `#other`. */
export type MessageKey = TextKey extends infer K ? (K extends `${infer Base}#${string}` ? Base : K) : never;
/** A language's storefront texts: every key of the English ones. */
export type Texts = Readonly<Record<TextKey, string>>;
