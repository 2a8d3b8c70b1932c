import { LANGUAGE_TAGS, formatDateTimeIST, formatRupees, translate, type Language, type MessageParams } from '@rr/core';
import { useCallback } from 'react';
import { useLanguage, useTexts, type MessageKey } from './index.tsx';

/** A field of an error of the API (the API client's ApiError), or undefined. */
const fieldOf = (error: unknown, field: string): unknown =>
  error instanceof Error && field in error ? (error as unknown as Record<string, unknown>)[field] : undefined;

/** The first rupee figure of a message ("Add ₹120.50 more ..."): `{amount}` when the server sent no details. */
const RUPEES = /₹[\d,]+(?:\.\d+)?/;

/** "40 सेकंड", "15 minutes", "2 घंटे": a wait in whole seconds, minutes or hours, rounded up. */
export function waitText(seconds: number, language: Language): string {
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7200
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** One figure of a refusal as its placeholder: rupees, a date and time, a wait, or as it is. */
function detailParam(name: string, value: number | string, language: Language): MessageParams {
  if (typeof value === 'number' && (name === 'amount' || name.endsWith('Amount')))
    return { [name]: formatRupees(value) };
  if (typeof value === 'string' && name.endsWith('At')) return { [name]: formatDateTimeIST(value, language) };
  if (typeof value === 'number' && name === 'waitSeconds') return { wait: waitText(value, language) };
  return { [name]: value };
}

/**
 * The figures of a refusal as its text's placeholders (core's errorReply `details`): `amount` and
 * `…Amount` in rupees, `…At` a date and time, `waitSeconds` (or the Retry-After) as `{wait}`, the rest
 * as they are; without details, the message's rupee figure is its `{amount}`.
 */
export function errorParams(error: unknown, message: string, language: Language): MessageParams {
  const params: Record<string, string | number> = { amount: RUPEES.exec(message)?.[0] ?? '' };
  const details = fieldOf(error, 'details');
  for (const [name, value] of Object.entries(details && typeof details === 'object' ? details : {})) {
    if (typeof value === 'number' || typeof value === 'string')
      Object.assign(params, detailParam(name, value, language));
  }
  const retryAfter = fieldOf(error, 'retryAfter');
  if (params.wait === undefined && typeof retryAfter === 'number') params.wait = waitText(retryAfter, language);
  return params;
}

/**
 * Issue 30: what an error says, in the page's language. The API's messages are English (decision 0045):
 * on a Hindi page a refusal whose code has a text (`errors.<CODE>`, the account's texts) says that, with
 * the figures the server sent beside the message (`details`, the Retry-After); anything else (no code, a
 * code no shopper meets, a page without the account's texts, a figure the server did not send) says the
 * error's own words, as English pages do.
 */
export function useErrorText(): (error: unknown) => string {
  const language = useLanguage();
  const texts = useTexts();
  return useCallback(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const code = fieldOf(error, 'code');
      const key = `errors.${typeof code === 'string' ? code : ''}` as MessageKey;
      if (language === 'en' || typeof code !== 'string' || !(key in texts)) return message;
      const text = translate(language, texts, key, errorParams(error, message, language));
      return /\{\w+\}/.test(text) ? message : text;
    },
    [language, texts],
  );
}
