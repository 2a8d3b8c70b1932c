/**
 * Issue 30: the shop speaks English (en-IN) and Hindi (hi-IN). A storefront page's language is in its
 * address: English pages are where they always were, Hindi ones under `/hi` (`/hi/product/{id}`). A
 * customer's language is kept on their account (users.language) and chooses their messages' language.
 * Texts live in plain message files per language (web/src/i18n, server/src/modules/messages/i18n);
 * `translate` fills one in. Decision 0045.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hi';
}

/** BCP 47 tags, for `<html lang>` and hreflang. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Open Graph's form of the same (`og:locale`). */
export const OG_LOCALES: Record<Language, string> = { en: 'en_IN', hi: 'hi_IN' };
/** Each language's name in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** Where the Hindi storefront's pages are: the router's basename on those pages. */
export const HINDI_BASE = '/hi';

/**
 * The language of a storefront address and the page's path within it: `/hi/product/x` is the Hindi
 * `/product/x`, `/hi` the Hindi home page; every other path is English.
 */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  if (pathname === HINDI_BASE || pathname.startsWith(`${HINDI_BASE}/`)) {
    return { language: 'hi', path: pathname.slice(HINDI_BASE.length) || '/' };
  }
  return { language: 'en', path: pathname };
}

/** The address of a page (`path` as the router knows it, search included) in `language`. */
export function pathInLanguage(language: Language, path: string): string {
  if (language === 'en') return path;
  return path === '/' ? HINDI_BASE : `${HINDI_BASE}${path}`;
}

/** A language's texts: message key -> text with `{name}` placeholders. */
export type MessageTexts = Readonly<Record<string, string>>;
export type MessageParams = Readonly<Record<string, string | number>>;

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The text of `key` with its placeholders filled. A key with plural forms is written as `key#one`,
 * `key#other` (and any other CLDR category the language uses); `params.count` chooses one. A key the
 * texts lack comes back as the key itself, so a missing text shows where it is (the parity tests keep
 * every language's files complete).
 */
export function translate(language: Language, texts: MessageTexts, key: string, params: MessageParams = {}): string {
  let text = texts[key];
  if (text === undefined && typeof params.count === 'number') {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LANGUAGE_TAGS[language])));
    text = texts[`${key}#${rules.select(params.count)}`] ?? texts[`${key}#other`];
  }
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The placeholders a text uses, for the parity tests: both languages' texts of a key take the same ones. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** Issue 30: a variant's or add-on's name in `language`: its Hindi one where the shop wrote it. */
export const nameIn = (record: { name: string; nameHi?: string | null | undefined }, language: Language): string =>
  (language === 'hi' && record.nameHi) || record.name;

/**
 * A product's (or any catalog record's) name and description in `language`: the Hindi ones where the
 * shop wrote them, else the English ones.
 */
export function localizedText(
  record: { name: string; description: string; nameHi?: string; descriptionHi?: string },
  language: Language,
): { name: string; description: string } {
  if (language === 'en') return { name: record.name, description: record.description };
  return { name: record.nameHi || record.name, description: record.descriptionHi || record.description };
}
