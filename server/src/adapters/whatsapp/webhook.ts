import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Protocol facts relied on (Meta's webhooks guide and the WhatsApp "button messages" webhook reference,
 * read through the search tool):
 * - Subscribing, Meta calls GET with hub.mode=subscribe, hub.verify_token (the token set in the app
 *   dashboard) and hub.challenge, and expects the challenge back as the body with 200.
 * - Each POST carries X-Hub-Signature-256: 'sha256=' + hex HMAC-SHA256 of the raw body, keyed with the
 *   app secret.
 * - A tapped quick-reply button arrives as {object: 'whatsapp_business_account', entry: [{changes: [{field:
 *   'messages', value: {messages: [{from: '<digits with country code>', id: 'wamid...', type: 'button',
 *   button: {payload, text}}]}}]}]}. Meta may deliver one notification more than once.
 */

/** The X-Hub-Signature-256 header Meta sends with `rawBody`. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `header` is the signature of `rawBody`, compared in constant time. */
export function signatureMatches(appSecret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a subscription check names our verify token (compared in constant time). */
export function verifyTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = createHmac('sha256', 'verify').update(expected).digest();
  const b = createHmac('sha256', 'verify').update(given).digest();
  return timingSafeEqual(a, b);
}

/** A customer tapped a quick-reply button. */
export interface ButtonPress {
  /** The 10-digit Indian mobile it came from (or the digits as sent, for a number outside India). */
  phone: string;
  payload: string;
  messageId: string;
}

/** '919876543210' (or '+91 98765 43210') -> '9876543210'. */
export function indianMobile(from: string): string {
  const digits = from.replace(/\D/g, '');
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

type Loose = Record<string, unknown>;
const list = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.filter((v): v is Loose => typeof v === 'object' && v !== null) : [];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The quick-reply button presses in a webhook notification; anything else in it (statuses, texts) is passed over. */
export function buttonPresses(notification: unknown): ButtonPress[] {
  if (typeof notification !== 'object' || notification === null) return [];
  const presses: ButtonPress[] = [];
  for (const entry of list((notification as Loose).entry)) {
    for (const change of list(entry.changes)) {
      const value = change.value as Loose | undefined;
      for (const message of list(value?.messages)) {
        const button = message.button as Loose | undefined;
        if (message.type !== 'button' || !button) continue;
        const payload = text(button.payload);
        const from = text(message.from);
        if (payload && from) presses.push({ phone: indianMobile(from), payload, messageId: text(message.id) });
      }
    }
  }
  return presses;
}
