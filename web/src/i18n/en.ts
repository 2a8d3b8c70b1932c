// The storefront's English texts (issue 30). Keys are `area.what`; a text with plural forms has
// `key#one` and `key#other`. Every key is in hi.ts too (i18n.test.ts).
export const en = {
  'category.gems': 'Gems',
  'category.mala': 'Mala',
  'category.rudraksha': 'Rudraksha',
  'head.collection': '{label} Collection',
  'head.home': 'Home',
  'head.page': 'Page {page}',
  'head.search': 'Search: {keyword}',
  'head.shareAlt': 'Rudraksha Ratna: rudraksha, gems and malas',
  'head.shopDescription':
    'Authentic Nepal and Java rudraksha, lab-certified gemstones and handmade jaap malas, shipped across India. Cash on Delivery or 10% off when you pay online.',
  'language.switch': 'हिन्दी',
  'language.switchLabel': 'हिन्दी में देखें (Hindi)',
  'layout.skipToContent': 'Skip to content',
  'nav.cart': 'Cart',
  'nav.cartItems#one': '{count} item',
  'nav.cartItems#other': '{count} items',
  'nav.signIn': 'Sign In',
} as const;

type TextKey = keyof typeof en;
/** What `t` takes: a text's key, or a plural text's key without its `#one` / `#other`. */
export type MessageKey = TextKey extends infer K ? (K extends `${infer Base}#${string}` ? Base : K) : never;
/** A language's storefront texts: every key of the English ones. */
export type Texts = Readonly<Record<TextKey, string>>;
