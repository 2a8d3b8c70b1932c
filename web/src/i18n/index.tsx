// Issue 30: the storefront's texts in the page's language. The page's language is in its address
// (core's languageOfPath); English texts come with the app, Hindi ones load before a Hindi page renders.
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
import { useLocation } from 'react-router';
import { en, type MessageKey, type Texts } from './en.ts';

export type { MessageKey, Texts } from './en.ts';

interface LanguageState {
  language: Language;
  texts: Texts;
}

const LanguageContext = createContext<LanguageState>({ language: 'en', texts: en });

/** The texts of `language`: English's are in the app, Hindi's a chunk of their own. */
export async function loadTexts(language: Language): Promise<Texts> {
  return language === 'hi' ? (await import('./hi.ts')).hi : en;
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
  return useMemo<Translate>(() => (key, params) => translate(language, texts, key, params), [language, texts]);
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
