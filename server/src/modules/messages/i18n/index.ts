import { translate, type Language, type MessageParams } from '@rr/core';
import { en, type MessageKey } from './en.ts';
import { hi } from './hi.ts';

export { en, hi, type MessageKey };

/** Each language's message texts (issue 30). */
export const MESSAGE_TEXTS: Record<Language, Record<MessageKey, string>> = { en, hi };

/** A customer message's text in `language`, its placeholders filled. */
export function messageText(language: Language, key: MessageKey, params?: MessageParams): string {
  return translate(language, MESSAGE_TEXTS[language], key, params);
}

/** The texts of one language, as a function (`t('placed.subject', { number })`). */
export function messageTexts(language: Language | undefined) {
  const lang = language ?? 'en';
  return (key: MessageKey, params?: MessageParams) => messageText(lang, key, params);
}
