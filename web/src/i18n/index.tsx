// Issue 30: the storefront's texts in the page's language. The page's language is in its address
// (core's languageOfPath). The shop's texts (common, shop, content) come first: English's with the app,
// Hindi's before a Hindi page renders. The account's texts are an area of their own that loads with the
// pages that use them (<TextArea>), so the home page does not carry them.
import {
  HINDI_BASE,
  LANGUAGE_TAGS,
  formatDateIST,
  formatDateTimeIST,
  pathInLanguage,
  translate,
  type Language,
  type MessageParams,
} from '@rr/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { common } from './en/common.ts';
import { content } from './en/content.ts';
import { shop } from './en/shop.ts';
import type { MessageKey, Texts } from './en.ts';

export type { MessageKey, Texts } from './en.ts';

interface LanguageState {
  language: Language;
  texts: Texts;
}

/**
 * The texts a page starts with, its areas still to come (<TextArea> adds them before a page that reads
 * them renders). Typed as all texts: a key of an area not yet loaded reads as the key itself.
 */
export async function startingTexts(language: Language): Promise<Texts> {
  const first = language === 'hi' ? (await import('./hi-first.ts')).hiFirst : { ...common, ...shop, ...content };
  return { ...first } as Texts;
}

/**
 * The texts of a component rendered outside the app (a component test): English's first ones. The web's
 * test setup (testing/setup.ts) fills in the rest, so that a component test reads every English text.
 */
export const outsideAppTexts = { ...common, ...shop, ...content } as Texts;

const LanguageContext = createContext<LanguageState>({ language: 'en', texts: outsideAppTexts });

/**
 * The areas that load with their pages: the account, checkout and orders (account). `key` is one of the
 * area's keys: the texts have the area once they have it. (The static pages' texts are first texts: the
 * home page shows the FAQ and the shop's promises.)
 */
const AREAS = {
  account: {
    key: 'account.signIn',
    en: () => import('./en/account.ts').then((m) => m.account),
    hi: () => import('./hi/account.ts').then((m) => m.account),
  },
} as const satisfies Record<string, { key: MessageKey } & Record<Language, () => Promise<Record<string, string>>>>;

export type TextAreaName = keyof typeof AREAS;

/** An area's key, for i18n.test.ts to check that it is the area's. */
export const areaKey = (area: TextAreaName): MessageKey => AREAS[area].key;

const loading = new Map<string, Promise<void>>();

/** Loads `area` into `texts` (once per page): what a page of that area waits for. */
export function loadTextArea(language: Language, texts: Texts, area: TextAreaName): Promise<void> | null {
  if (AREAS[area].key in texts) return null;
  const id = `${language}:${area}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = AREAS[area][language]().then((loaded) => {
      Object.assign(texts, loaded);
    });
    loading.set(id, pending);
  }
  return pending;
}

/**
 * A layout route for the pages of a text area: they render once the area's texts are in (a suspense, as
 * a lazy page's code; a server-rendered page keeps its HTML until then). The server has all the texts.
 */
export function TextArea({ area }: { area: TextAreaName }) {
  const { language, texts } = useContext(LanguageContext);
  const pending = loadTextArea(language, texts, area);
  if (pending) throw pending;
  return <Outlet />;
}

export function LanguageProvider({ language, texts, children }: LanguageState & { children: ReactNode }) {
  const value = useMemo(() => ({ language, texts }), [language, texts]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

/** The router's basename for a language: Hindi pages live under /hi, so every link stays in Hindi. */
export const routerBase = (language: Language) => (language === 'hi' ? HINDI_BASE : undefined);

export function useLanguage(): Language {
  return useContext(LanguageContext).language;
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** `t(key, params)`: the text of `key` in the page's language; `params.count` chooses a plural form. */
export function useT(): Translate {
  const { language, texts } = useContext(LanguageContext);
  return useMemo<Translate>(
    () => (key, params) => {
      const text = translate(language, texts, key, params);
      // A key read before its area loaded (or never written): said where the e2e tests look for errors.
      if (text === key) console.error(`No ${language} text for ${key}`);
      return text;
    },
    [language, texts],
  );
}

/** The page's texts (the areas loaded so far): for hooks that look a key up before translating it. */
export function useTexts(): Texts {
  return useContext(LanguageContext).texts;
}

/** Dates in the page's language ('21 Nov 2026', '21 नव॰ 2026'), in Indian time. */
export function useDates() {
  const language = useLanguage();
  return useMemo(
    () => ({
      date: (iso: string) => formatDateIST(iso, language),
      dateTime: (iso: string) => formatDateTimeIST(iso, language),
    }),
    [language],
  );
}

/** This page's address in another language (search included): what the language switch links to. */
export function usePathIn(): (language: Language) => string {
  const { pathname, search } = useLocation();
  return (language) => pathInLanguage(language, pathname + search);
}

export { LANGUAGE_TAGS };
