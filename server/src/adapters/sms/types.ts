/** Sends a one-time sign-in code by SMS. */
export interface SmsSender {
  readonly name: 'sandbox' | 'msg91';
  sendOtp(phone: string, code: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export function otpText(code: string): string {
  return `${code} is your Rudraksha Ratna sign-in code. It is valid for 10 minutes. Do not share it with anyone.`;
}
