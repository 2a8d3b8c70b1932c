import type { Language } from '@rr/core';
import { LANGUAGE_TAGS, useLanguage, usePathIn, useT } from '../i18n/index.tsx';

/**
 * Issue 30: this page in the other language (हिन्दी on English pages, English on Hindi ones). A plain
 * link: the other language's page comes rendered by the server with its own texts.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const other: Language = language === 'hi' ? 'en' : 'hi';
  const t = useT();
  const pathIn = usePathIn();
  return (
    <a
      href={pathIn(other)}
      hrefLang={LANGUAGE_TAGS[other]}
      lang={LANGUAGE_TAGS[other]}
      className={className}
      aria-label={t('language.switchLabel')}
    >
      {t('language.switch')}
    </a>
  );
}
