/**
 * A WhatsApp business-initiated message is an approved template (WhatsApp Manager): `name` picks it,
 * `body` fills its body's {{1}}, {{2}}, ... in order, and `buttonPayload`, for a template with a
 * quick-reply button, is what the webhook hands back when the customer taps it.
 */
export interface WhatsappTemplate {
  /** The message's kind (order_placed, cod_confirmation, ...), for logs and the sandbox outbox. */
  kind: string;
  name: string;
  body: string[];
  buttonPayload?: string | undefined;
  /** Issue 30: the language the template is registered in and sent with ('en' when absent). */
  language?: 'en' | 'hi' | undefined;
  /** The words the customer reads, filled in (the sandbox keeps them; the provider has the template's). */
  text: string;
}

/** Sends order messages on WhatsApp. A rejected promise means "not sent". */
export interface WhatsappSender {
  readonly name: 'sandbox' | 'cloud' | 'none';
  /**
   * To an Indian mobile (10 digits). Once `signal` aborts, the request is cut off and rejects (the
   * provider may have taken it already).
   */
  send(phone: string, message: WhatsappTemplate, signal?: AbortSignal): Promise<void>;
}

export class WhatsappDeliveryError extends Error {
  constructor(
    message: string,
    /** Trying again cannot help (the provider refused the request itself): the outbox gives up at once. */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'WhatsappDeliveryError';
  }
}
