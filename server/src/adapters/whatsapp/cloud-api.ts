import { WhatsappDeliveryError, type WhatsappSender, type WhatsappTemplate } from './types.ts';

/*
 * Protocol facts relied on (Meta's WhatsApp Cloud API reference and its error-codes page, read through
 * the search tool, November 2026):
 * - A message is POST {base}/{phone-number-id}/messages on graph.facebook.com, with
 *   `Authorization: Bearer <access token>` and a JSON body {messaging_product: 'whatsapp', recipient_type:
 *   'individual', to: '<country code and number, digits>', type: 'template', template: {name, language:
 *   {code}, components}}.
 * - components: {type: 'body', parameters: [{type: 'text', text}, ...]} fills {{1}}, {{2}}, ... in order;
 *   a quick-reply button's payload is {type: 'button', sub_type: 'quick_reply', index: '0', parameters:
 *   [{type: 'payload', payload}]}, handed back in the webhook as messages[].button.payload.
 * - A refusal answers {error: {message, type, code, error_data: {details}, fbtrace_id}}; 429 (and the
 *   throughput code 130429) and 5xx are worth retrying, other 4xx are not (bad template, parameters,
 *   token or number).
 * - Parameter text may not hold new lines, tabs or more than four spaces in a row: variables are put on
 *   one line before sending.
 */

export interface CloudWhatsappOptions {
  token: string;
  phoneNumberId: string;
  /** https://graph.facebook.com/v21.0 (tests: a local fake). */
  baseUrl: string;
  /** The English templates' language code as approved ('en'); Hindi ones are sent as 'hi'. */
  languageCode?: string;
  timeoutMs?: number;
}

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** One line, as template parameters must be. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The template's components as the Cloud API takes them: the body's variables, then the button's payload. */
export function templateComponents(message: WhatsappTemplate): unknown[] {
  const components: unknown[] = [];
  if (message.body.length > 0) {
    components.push({ type: 'body', parameters: message.body.map((text) => ({ type: 'text', text: oneLine(text) })) });
  }
  if (message.buttonPayload !== undefined) {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: message.buttonPayload }],
    });
  }
  return components;
}

/** What a refusal says, and whether trying again may help (5xx, 429 and the throughput code may). */
async function refusal(response: Response): Promise<WhatsappDeliveryError> {
  const answer = (await response.json().catch(() => null)) as GraphError | null;
  const reason = [answer?.error?.message, answer?.error?.error_data?.details].filter(Boolean).join(': ');
  const retryable = response.status >= 500 || response.status === 429 || answer?.error?.code === 130429;
  return new WhatsappDeliveryError(
    `WhatsApp refused the message (${response.status}): ${reason || 'no reason given'}`,
    !retryable,
  );
}

/** WhatsApp Business Cloud API (Meta) over HTTPS: approved templates to Indian mobiles. */
export class CloudWhatsapp implements WhatsappSender {
  readonly name = 'cloud';

  constructor(private readonly options: CloudWhatsappOptions) {}

  async send(phone: string, message: WhatsappTemplate, signal?: AbortSignal): Promise<void> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(this.options.phoneNumberId)}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(this.requestBody(phone, message)),
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs ?? 10_000), ...(signal ? [signal] : [])]),
      });
    } catch (err) {
      throw new WhatsappDeliveryError(`WhatsApp unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!response.ok) throw await refusal(response);
  }

  private requestBody(phone: string, message: WhatsappTemplate) {
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${phone}`,
      type: 'template',
      template: {
        name: message.name,
        language: { code: message.language === 'hi' ? 'hi' : (this.options.languageCode ?? 'en') },
        components: templateComponents(message),
      },
    };
  }
}
