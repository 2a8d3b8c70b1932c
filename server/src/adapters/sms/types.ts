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
  /** A one-time code, for signing in or (`purpose` 'order') for confirming a Cash on Delivery order. */
  sendOtp(phone: string, code: string, purpose?: OtpPurpose): Promise<void>;
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

export function otpText(code: string, purpose: OtpPurpose = 'sign-in'): string {
  if (purpose === 'order') {
    return `${code} is your Rudraksha Ratna code to confirm your Cash on Delivery order. Do not share it with anyone.`;
  }
  return `${code} is your Rudraksha Ratna sign-in code. It is valid for 10 minutes. Do not share it with anyone.`;
}
