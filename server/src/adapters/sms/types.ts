import type { Language } from '@rr/core';

/**
 * A transactional SMS in India goes out under a DLT-registered template: `kind` and `language` name the
 * template, `variables` fill it (each at most 30 characters) and `text` is what the customer reads.
 */
export interface TemplateSms {
  kind: string;
  text: string;
  variables: string[];
  /** Issue 30: the language `text` is written in (the customer's; English when absent). */
  language?: Language;
}

/** Sends one-time sign-in codes and order messages by SMS. A rejected promise means "not sent". */
export interface SmsSender {
  readonly name: 'sandbox' | 'msg91';
  /**
   * A one-time code, for signing in or (`purpose` 'order') for confirming a Cash on Delivery order, in
   * `language` (issue 30: the account's; English for a number no account has).
   */
  sendOtp(phone: string, code: string, purpose?: OtpPurpose, language?: Language): Promise<void>;
  /** Once `signal` aborts, the request is cut off and rejects (the provider may have taken it already). */
  sendTemplate(phone: string, message: TemplateSms, signal?: AbortSignal): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    /** Trying again cannot help (no template for the message): the outbox gives up at once. */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export type OtpPurpose = 'sign-in' | 'order';

/**
 * Issue 30: the code's SMS in each language. A Hindi SMS is Unicode, 70 characters a segment: the Hindi
 * ones are kept to one segment (messages-language.test.ts).
 */
const OTP_TEXTS: Record<Language, Record<OtpPurpose, (code: string) => string>> = {
  en: {
    'sign-in': (code) =>
      `${code} is your Rudraksha Ratna sign-in code. It is valid for 10 minutes. Do not share it with anyone.`,
    order: (code) =>
      `${code} is your Rudraksha Ratna code to confirm your Cash on Delivery order. Do not share it with anyone.`,
  },
  hi: {
    'sign-in': (code) => `${code} रुद्राक्ष रत्न साइन-इन कोड है। 10 मिनट मान्य। किसी को न बताएं।`,
    order: (code) => `${code} रुद्राक्ष रत्न: COD ऑर्डर की पुष्टि का कोड। किसी को न बताएं।`,
  },
};

/** The code's SMS in `language` (the account's; English for a number no account has). */
export function otpText(code: string, purpose: OtpPurpose = 'sign-in', language: Language = 'en'): string {
  return OTP_TEXTS[language][purpose](code);
}
