import {
  formatRupees,
  isLanguage,
  pathInLanguage,
  shortOrderNumber,
  toRupees,
  type Language,
  type Paise,
} from '@rr/core';
import type { WhatsappTemplate } from '../../adapters/whatsapp/index.ts';
import type { MessageKind } from '../../db/schema/index.ts';
import { messageTexts } from './i18n/index.ts';
import type { NewMessage } from './outbox.ts';
import type { MessageSettings } from './templates.ts';

/**
 * Issue 27: order messages on WhatsApp, for customers who opted in. Business-initiated WhatsApp messages
 * are templates the shop registers in WhatsApp Manager (category Utility, language English `en`) under
 * the names below, with the words below ({{1}}, {{2}}, ... are the variables, in the order given).
 * A template neither starts nor ends with a variable and has no line breaks, as Meta's review asks. The
 * outbox keeps the template's name and its variables; for a template with a quick-reply button the
 * button's payload is the last variable.
 *
 * Issue 30: each template is registered twice under the same name, in English (`en`) and in Hindi
 * (`hi`, the words in `wordsHi`, the variables in the same order). A Hindi customer's message names the
 * template as `name:hi` in the outbox, and is sent with the language code `hi`.
 */
export interface WhatsappTemplateSpec {
  name: string;
  /** What each variable holds, in order ({{1}} first). */
  variables: readonly string[];
  words: string;
  /** The Hindi template's words (same variables, same order). */
  wordsHi: string;
  /** The quick-reply button's label, for a template with one (its payload follows the variables). */
  quickReply?: string;
  quickReplyHi?: string;
}

export const WHATSAPP_TEMPLATES = {
  order_placed: {
    name: 'rr_order_placed',
    variables: ['first name', 'order number', 'amount', 'how it is paid'],
    words:
      'Namaste {{1}}, your Rudraksha Ratna order #{{2}} of {{3}} is placed ({{4}}). We will message you here when it ships.',
    wordsHi: 'नमस्ते {{1}}, आपका रुद्राक्ष रत्न ऑर्डर #{{2}} ({{3}}) मिल गया है ({{4}})। शिप होने पर हम यहीं संदेश भेजेंगे।',
  },
  cod_confirmation: {
    name: 'rr_cod_confirmation',
    variables: ['first name', 'order number', 'amount', 'confirmation code'],
    words:
      'Namaste {{1}}, please confirm your Cash on Delivery order #{{2}} of {{3}}: tap Confirm order below, or enter the code {{4}} on your order page. An order not confirmed within 30 minutes is cancelled.',
    wordsHi:
      'नमस्ते {{1}}, कृपया अपने कैश ऑन डिलीवरी ऑर्डर #{{2}} ({{3}}) की पुष्टि करें: नीचे ऑर्डर की पुष्टि करें दबाएं, या ऑर्डर पेज पर कोड {{4}} डालें। 30 मिनट में पुष्टि न होने पर ऑर्डर रद्द हो जाएगा।',
    quickReply: 'Confirm order',
    quickReplyHi: 'ऑर्डर की पुष्टि करें',
  },
  order_shipped: {
    name: 'rr_order_shipped',
    variables: ['order number', 'courier', 'tracking number', 'tracking link'],
    words:
      'Your Rudraksha Ratna order #{{1}} has shipped by {{2}}, tracking number {{3}}. Track it here: {{4}} Thank you for your order.',
    wordsHi: 'आपका रुद्राक्ष रत्न ऑर्डर #{{1}} {{2}} से शिप हो गया है, ट्रैकिंग नंबर {{3}}। यहां ट्रैक करें: {{4}} ऑर्डर के लिए धन्यवाद।',
  },
  order_out_for_delivery: {
    name: 'rr_order_out_for_delivery',
    variables: ['order number', 'what to pay'],
    words: 'Your Rudraksha Ratna order #{{1}} is out for delivery today. {{2}} Thank you for shopping with us.',
    wordsHi: 'आपका रुद्राक्ष रत्न ऑर्डर #{{1}} आज डिलीवरी के लिए निकला है। {{2}} हमसे खरीदारी के लिए धन्यवाद।',
  },
  order_delivered: {
    name: 'rr_order_delivered',
    variables: ['order number'],
    words: 'Your Rudraksha Ratna order #{{1}} is delivered. Thank you for shopping with us.',
    wordsHi: 'आपका रुद्राक्ष रत्न ऑर्डर #{{1}} डिलीवर हो गया है। हमसे खरीदारी के लिए धन्यवाद।',
  },
  order_refunded: {
    name: 'rr_order_refunded',
    variables: ['amount', 'order number'],
    words:
      'Namaste, {{1}} for your Rudraksha Ratna order #{{2}} is refunded to the card, UPI or account you paid with. Banks usually show it within 5-7 working days.',
    wordsHi:
      'नमस्ते, आपके रुद्राक्ष रत्न ऑर्डर #{{2}} का {{1}} उसी कार्ड, UPI या खाते में लौटा दिया गया है जिससे भुगतान हुआ था। बैंक में यह आमतौर पर 5-7 कार्यदिवस में दिखता है।',
  },
  back_in_stock: {
    name: 'rr_back_in_stock',
    variables: ['product', 'product link'],
    words: 'Namaste, {{1}} is back in stock at Rudraksha Ratna. Order it here: {{2}} Stock is limited.',
    wordsHi: 'नमस्ते, {{1}} रुद्राक्ष रत्न पर फिर से स्टॉक में है। यहां ऑर्डर करें: {{2}} स्टॉक सीमित है।',
  },
  review_request: {
    name: 'rr_review_request',
    variables: ['first name', 'product', 'order number', 'review link'],
    words:
      'Namaste {{1}}, we hope you like {{2}} from your Rudraksha Ratna order #{{3}}. Please review it here: {{4}} Your review helps other devotees choose.',
    wordsHi:
      'नमस्ते {{1}}, आशा है आपके रुद्राक्ष रत्न ऑर्डर #{{3}} का {{2}} आपको पसंद आया। कृपया यहां रिव्यू लिखें: {{4}} आपका रिव्यू दूसरे भक्तों को चुनने में मदद करता है।',
  },
} as const satisfies Partial<Record<MessageKind, WhatsappTemplateSpec>>;

type WhatsappKind = keyof typeof WHATSAPP_TEMPLATES;

/** The payload of a COD confirmation's "Confirm order" button: it names the order. */
export const CONFIRM_ORDER_PAYLOAD = 'confirm_order:';
export const confirmOrderPayload = (orderId: string) => `${CONFIRM_ORDER_PAYLOAD}${orderId}`;
/** The order a button's payload names, or null for another button's. */
export const orderOfPayload = (payload: string) =>
  payload.startsWith(CONFIRM_ORDER_PAYLOAD) ? payload.slice(CONFIRM_ORDER_PAYLOAD.length) : null;

/** The outbox's name of a template in a language: `name` for English, `name:hi` for Hindi. */
export const templateRef = (name: string, language: Language) => (language === 'en' ? name : `${name}:${language}`);

/** The template name and language an outbox row's `template` holds. */
export function templateOfRef(ref: string | null): { name: string | null; language: Language } {
  const [name = null, language] = ref?.split(':') ?? [];
  return { name, language: isLanguage(language) ? language : 'en' };
}

/** A template's words (in `language`) with its variables filled in. */
export function whatsappText(
  spec: WhatsappTemplateSpec,
  variables: readonly string[],
  language: Language = 'en',
): string {
  return (language === 'hi' ? spec.wordsHi : spec.words).replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => variables[Number(n) - 1] ?? '',
  );
}

function whatsappMessage(
  kind: WhatsappKind,
  idempotencyKey: string,
  phone: string,
  variables: string[],
  { buttonPayload, language = 'en' }: { buttonPayload?: string; language?: Language | undefined } = {},
): NewMessage {
  const spec: WhatsappTemplateSpec = WHATSAPP_TEMPLATES[kind];
  return {
    idempotencyKey,
    kind,
    channel: 'whatsapp',
    recipient: phone,
    subject: '',
    template: templateRef(spec.name, language),
    text: whatsappText(spec, variables, language),
    html: null,
    language,
    variables: buttonPayload === undefined ? variables : [...variables, buttonPayload],
  };
}

/** What an order event's WhatsApp message is written from (OrderEvent has it all). */
export interface WhatsappOrderEvent {
  kind: string;
  orderId: string;
  totalPaise: Paise;
  paymentMethod: string;
  /** `whatsapp`: they opted in (else there is no message). */
  customer: { name: string; phone: string; whatsapp?: boolean | undefined; language?: Language | undefined };
  shipment?: { courier: string; trackingNumber: string; trackingUrl: string | null } | undefined;
  refund?: { amountPaise: Paise } | undefined;
  idempotencyKey: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const rupees = (paise: Paise) => formatRupees(toRupees(paise));
const cashOnDelivery = (event: WhatsappOrderEvent) => event.paymentMethod === 'Cash on Delivery';

/** Each order event's variables, by kind; a kind not here has no WhatsApp message (cancellations, for one). */
const ORDER_VARIABLES: Partial<
  Record<WhatsappKind, (event: WhatsappOrderEvent, orderUrl: string, t: ReturnType<typeof messageTexts>) => string[]>
> = {
  order_placed: (e, _url, t) => [
    firstName(e.customer.name),
    shortOrderNumber(e.orderId),
    rupees(e.totalPaise),
    cashOnDelivery(e) ? t('wa.cod') : t('wa.paidOnline'),
  ],
  order_shipped: (e, orderUrl) => [
    shortOrderNumber(e.orderId),
    e.shipment?.courier ?? '',
    e.shipment?.trackingNumber ?? '',
    e.shipment?.trackingUrl ?? orderUrl,
  ],
  order_out_for_delivery: (e, _url, t) => [
    shortOrderNumber(e.orderId),
    cashOnDelivery(e) ? t('wa.keepCash', { amount: rupees(e.totalPaise) }) : t('wa.nothingToPay'),
  ],
  order_delivered: (e) => [shortOrderNumber(e.orderId)],
  order_refunded: (e) => [rupees(e.refund?.amountPaise ?? e.totalPaise), shortOrderNumber(e.orderId)],
};

/**
 * An order event's WhatsApp message (its template keyed by kind) for a customer who opted in; none for
 * anyone else, or for a kind without a template.
 */
export function whatsappOrderMessages(event: WhatsappOrderEvent, settings: MessageSettings): NewMessage[] {
  const kind = event.kind as WhatsappKind;
  const language = event.customer.language ?? 'en';
  const orderUrl = `${settings.publicUrl}${pathInLanguage(language, `/order/${event.orderId}`)}`;
  const variables = ORDER_VARIABLES[kind]?.(event, orderUrl, messageTexts(language));
  if (!variables || !event.customer.whatsapp) return [];
  return [whatsappMessage(kind, `${event.idempotencyKey}:whatsapp`, event.customer.phone, variables, { language })];
}

/** A COD order awaiting confirmation: its code, and a "Confirm order" button whose payload names it. */
export function codConfirmationMessage(order: {
  orderId: string;
  totalPaise: Paise;
  customer: { name: string; phone: string; language?: Language | undefined };
  code: string;
}): NewMessage {
  return whatsappMessage(
    'cod_confirmation',
    `cod_confirmation:${order.orderId}:whatsapp`,
    order.customer.phone,
    [firstName(order.customer.name), shortOrderNumber(order.orderId), rupees(order.totalPaise), order.code],
    { buttonPayload: confirmOrderPayload(order.orderId), language: order.customer.language },
  );
}

/** A back-in-stock alert's WhatsApp message, keyed by the alert. */
export function backInStockWhatsapp(alert: {
  alertId: string;
  product: { name: string; url: string };
  phone: string;
  language?: Language | undefined;
}) {
  return whatsappMessage(
    'back_in_stock',
    `back_in_stock:${alert.alertId}:whatsapp`,
    alert.phone,
    [alert.product.name, alert.product.url],
    { language: alert.language },
  );
}

/**
 * The template an outbox row names, as the sender takes it: the body's variables, and for a template
 * with a quick-reply button the last variable as its payload. Null for a name this shop does not have.
 */
export function whatsappTemplateOf(message: {
  kind: string;
  template: string | null;
  variables: string[];
  text: string;
}): WhatsappTemplate | null {
  const { name, language } = templateOfRef(message.template);
  const spec: WhatsappTemplateSpec | undefined = Object.values(WHATSAPP_TEMPLATES).find((t) => t.name === name);
  if (!spec) return null;
  const count = spec.variables.length;
  return {
    kind: message.kind,
    name: spec.name,
    language,
    body: message.variables.slice(0, count),
    buttonPayload: spec.quickReply ? message.variables[count] : undefined,
    text: message.text,
  };
}

/** Issue 28: a review request's WhatsApp message (the first product not yet reviewed), keyed by the order. */
export function reviewRequestWhatsapp(request: {
  orderId: string;
  customer: { name: string; phone: string; language?: Language | undefined };
  product: { name: string; url: string };
  notBefore: Date;
}): NewMessage {
  const message = whatsappMessage(
    'review_request',
    `review_request:${request.orderId}:whatsapp`,
    request.customer.phone,
    [firstName(request.customer.name), request.product.name, shortOrderNumber(request.orderId), request.product.url],
    { language: request.customer.language },
  );
  return { ...message, nextAttemptAt: request.notBefore };
}
