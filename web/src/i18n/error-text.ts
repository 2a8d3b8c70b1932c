import { LANGUAGE_TAGS, formatDateTimeIST, formatRupees, translate, type Language, type MessageParams } from '@rr/core';
import { useCallback, useState } from 'react';
import { loadTextArea, useLanguage, useTexts, type MessageKey } from './index.tsx';

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

/** Issue 30: how a detail in the page's language is named: `productHi` beside `product` for Hindi. */
const detailInLanguage = (name: string, language: Language) =>
  language === 'en' ? null : `${name}${language[0]!.toUpperCase()}${language.slice(1)}`;

/** The error's `details` as an object (none: empty). */
function detailsOf(error: unknown): Record<string, unknown> {
  const details = fieldOf(error, 'details');
  return details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
}

/**
 * The figures of a refusal as its text's placeholders (core's errorReply `details`), and `message`: `amount` and
 * `…Amount` in rupees, `…At` a date and time, `waitSeconds` (or the Retry-After) as `{wait}`, the rest
 * as they are; a name sent also in the page's language (`productHi` for `product` on a Hindi page) is
 * said in it; without details, the message's rupee figure is its `{amount}`.
 */
export function errorParams(error: unknown, message: string, language: Language): MessageParams {
  // `{message}`: the server's own words, for a text that can only frame them (VALIDATION_FAILED).
  const params: Record<string, string | number> = { amount: RUPEES.exec(message)?.[0] ?? '', message };
  const details = detailsOf(error);
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === 'number' || typeof value === 'string')
      Object.assign(params, detailParam(name, value, language));
  }
  for (const name of Object.keys(details)) {
    const own = detailInLanguage(name, language);
    const value = own === null ? undefined : details[own];
    if (typeof value === 'string' && value.trim() !== '') params[name] = value;
  }
  const retryAfter = fieldOf(error, 'retryAfter');
  if (params.wait === undefined && typeof retryAfter === 'number') params.wait = waitText(retryAfter, language);
  return params;
}

/**
 * The keys of a refusal's texts, the most particular first: with a `reason` in its details (issue 30:
 * one code refused for different reasons, as ADD_ON_REFUSED is) `errors.<CODE>.<reason>`, then
 * `errors.<CODE>`.
 */
function errorKeys(code: string, error: unknown): MessageKey[] {
  const reason = detailsOf(error).reason;
  const keys = typeof reason === 'string' && /^\w+$/.test(reason) ? [`errors.${code}.${reason}`] : [];
  return [...keys, `errors.${code}`] as MessageKey[];
}

/**
 * Issue 30: what an error says, in the page's language. The API's messages are English (decision 0045):
 * on a Hindi page a refusal whose code has a text (`errors.<CODE>`, the account's texts; first
 * `errors.<CODE>.<reason>` when its details give a reason) says that, with the figures and names the
 * server sent beside the message (`details`, the Retry-After); a text missing a figure gives way to the
 * next; anything else (no code, a code no shopper meets, a figure the server did not send) says the
 * error's own words, as English pages do. On a page without the account's texts the first refusal loads
 * them (its own words until they are in).
 */
export function useErrorText(): (error: unknown) => string {
  const language = useLanguage();
  const texts = useTexts();
  const [, textsCame] = useState(0);
  return useCallback(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const code = fieldOf(error, 'code');
      if (language === 'en' || typeof code !== 'string') return message;
      // The texts are the account area's: a page outside it (a product, a listing) loads them with its
      // first refusal, saying the error's own words for the moment it takes, then the text.
      const pending = loadTextArea(language, texts, 'account');
      if (pending) {
        pending.then(() => textsCame((n) => n + 1)).catch(() => undefined);
        return message;
      }
      for (const key of errorKeys(code, error)) {
        if (!(key in texts)) continue;
        const text = translate(language, texts, key, errorParams(error, message, language));
        if (!/\{\w+\}/.test(text)) return text;
      }
      return message;
    },
    [language, texts],
  );
}
