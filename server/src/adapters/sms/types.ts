import type { Language } from '@rr/core';
import { messageText } from '../../modules/messages/i18n/index.ts';

/**
 * A transactional SMS in India goes out under a DLT-registered template: `kind` names the template,
 * `variables` fill it (each at most 30 characters) and `text` is what the customer reads.
 */
export interface TemplateSms {
  kind: string;
  text: string;
  variables: string[];
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
 * The code's SMS in `language`. The Hindi ones are Unicode SMS (70 characters a segment) and are kept to
 * one segment; the texts are in the messages module's i18n files.
 */
export function otpText(code: string, purpose: OtpPurpose = 'sign-in', language: Language = 'en'): string {
  return messageText(language, purpose === 'order' ? 'otp.order' : 'otp.signIn', { code });
}
