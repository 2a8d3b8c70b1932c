import { SmsDeliveryError, type SmsSender } from './types.ts';

export interface Msg91Options {
  authKey: string;
  /** MSG91's flow template, mapped in MSG91 to the DLT-registered template; its variable is `otp`. */
  templateId: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** MSG91 (an Indian DLT-registered provider) over HTTPS: POST /api/v5/flow. */
export class Msg91Sms implements SmsSender {
  readonly name = 'msg91';

  constructor(private readonly options: Msg91Options) {}

  async sendOtp(phone: string, code: string): Promise<void> {
    const url = new URL('/api/v5/flow', this.options.baseUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authkey: this.options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: this.options.templateId,
          short_url: '0',
          recipients: [{ mobiles: `91${phone}`, otp: code }],
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsDeliveryError(`MSG91 unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const body = (await response.json().catch(() => null)) as { type?: string; message?: string } | null;
    if (!response.ok || body?.type !== 'success') {
      throw new SmsDeliveryError(
        `MSG91 refused the message (${response.status}): ${body?.message ?? 'no reason given'}`,
      );
    }
  }
}
