import type { Language } from '@rr/core';
import { SmsDeliveryError, type SmsSender, type TemplateSms } from './types.ts';

export interface Msg91Options {
  authKey: string;
  /** MSG91's flow template, mapped in MSG91 to the DLT-registered template; its variable is `otp`. */
  templateId: string;
  /** Issue 30: the flow template of the Hindi code SMS (none: Hindi customers get the English one). */
  templateIdHi?: string;
  /**
   * Flow templates of order messages by kind (order_placed, order_shipped, ...); their variables are
   * `var1`, `var2`, ... in order. A kind without a template is not sent by SMS.
   */
  orderTemplates?: Record<string, string>;
  /**
   * Issue 30: the flow templates of the Hindi order messages by kind (their own DLT templates, Unicode,
   * the same variables in the same order). A kind without one goes to a Hindi customer under the English
   * template (its variables are the Hindi message's).
   */
  orderTemplatesHi?: Record<string, string>;
  baseUrl: string;
  timeoutMs?: number;
}

/** MSG91 (an Indian DLT-registered provider) over HTTPS: POST /api/v5/flow. */
export class Msg91Sms implements SmsSender {
  readonly name = 'msg91';

  constructor(private readonly options: Msg91Options) {}

  async sendOtp(phone: string, code: string, _purpose?: unknown, language?: Language): Promise<void> {
    const templateId = (language === 'hi' && this.options.templateIdHi) || this.options.templateId;
    await this.flow(templateId, { mobiles: `91${phone}`, otp: code });
  }

  async sendTemplate(phone: string, message: TemplateSms, signal?: AbortSignal): Promise<void> {
    const templateId =
      (message.language === 'hi' && this.options.orderTemplatesHi?.[message.kind]) ||
      this.options.orderTemplates?.[message.kind];
    if (!templateId) throw new SmsDeliveryError(`no MSG91 template is configured for ${message.kind}`, true);
    const variables = Object.fromEntries(message.variables.map((value, i) => [`var${i + 1}`, value]));
    await this.flow(templateId, { mobiles: `91${phone}`, ...variables }, signal);
  }

  private async flow(templateId: string, recipient: Record<string, string>, signal?: AbortSignal): Promise<void> {
    const url = new URL('/api/v5/flow', this.options.baseUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authkey: this.options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ template_id: templateId, short_url: '0', recipients: [recipient] }),
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs ?? 10_000), ...(signal ? [signal] : [])]),
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
