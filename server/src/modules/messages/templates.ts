import {
  addOnChoiceLabel,
  formatRupees,
  maskPhone,
  nameIn,
  pathInLanguage,
  productWithVariant,
  reviewFormPath,
  shortOrderNumber,
  toRupees,
  type AdjustmentTerms,
  type Language,
  type Paise,
} from '@rr/core';
import type { Config } from '../../config.ts';
import type { MessageKind } from '../../db/schema/index.ts';
import { messageTexts } from './i18n/index.ts';
import type { NewMessage } from './outbox.ts';
import { backInStockWhatsapp, reviewRequestWhatsapp, whatsappOrderMessages } from './whatsapp-templates.ts';

/** DLT: a template's variables are at most 30 characters each. */
export const SMS_VARIABLE_MAX = 30;

/** A line of the order as the buyer chose it: the product, its variant and its add-ons with their texts. */
export interface OrderEventItem {
  name: string;
  /**
   * Issue 30: the Hindi names of the product, its variant and its add-ons when it was bought (null or
   * absent: none), for Hindi messages.
   */
  nameHi?: string | null;
  qty: number;
  variantName: string | null;
  variantNameHi?: string | null;
  addOns: {
    name: string;
    nameHi?: string | null;
    values: Readonly<Record<string, string>>;
    /** Issue 30: the Hindi labels of its fields when it was bought, by field name (null or absent: none). */
    fieldNamesHi?: Readonly<Record<string, string>> | null;
  }[];
}

/** Issue 26: what the offers took off a new order (before GST), for its e-mails. */
export interface OrderSavings {
  /** The coupon and what it took off (or the shipping charge a free-shipping code waived). */
  coupon: { code: string; amountPaise: Paise } | null;
  /**
   * Each sale by its label ("Diwali Sale (20% off)") and what it took off the order's lines; its name and
   * percent when the order kept them (issue 30: the e-mail says them in its own language).
   */
  sales: { label: string; amountPaise: Paise; terms?: AdjustmentTerms }[];
}

/** What the customer and the shop are told about one order event. */
export interface OrderEvent {
  kind: Exclude<
    MessageKind,
    'shop_new_order' | 'back_in_stock' | 'password_reset' | 'cod_confirmation' | 'review_request'
  >;
  orderId: string;
  totalPaise: Paise;
  paymentMethod: string;
  /** `whatsapp`: issue 27, they opted in to order messages on WhatsApp. */
  /** `language` (issue 30): of the customer's account when the event happened ('en' when absent). */
  customer: {
    name: string;
    phone: string;
    email: string;
    orderEmails: boolean;
    whatsapp?: boolean;
    language?: Language;
  };
  shipment?: { courier: string; trackingNumber: string; trackingUrl: string | null };
  /**
   * How it went back (issue 28): the card/UPI (default), store credit (`storeCreditPaise` of it), or a
   * bank/UPI transfer the owner made (its reference is `refundId`).
   */
  refund?: {
    amountPaise: Paise;
    refundId: string;
    method?: 'gateway' | 'store_credit' | 'transfer';
    storeCreditPaise?: Paise;
  };
  /** Issue 27: a failed delivery's reason, as the courier gave it. */
  tracking?: { note: string | null };
  /** What was bought, listed in the new order's e-mails (absent: not listed). */
  items?: readonly OrderEventItem[];
  /** What the offers took off the new order, told in its e-mails (absent: nothing told). */
  savings?: OrderSavings;
  /** Telling one event twice (a retried request, a replayed webhook) writes nothing new. */
  idempotencyKey: string;
}

export interface MessageSettings {
  /** Links in messages start here (https://shop.example.in). */
  publicUrl: string;
  /** The shop's own copy of each new order (null: none). */
  shopEmail: string | null;
}

/** The settings messages are written with, from the configuration. */
export function messageSettings(config: Pick<Config, 'publicUrl' | 'shopEmail'>): MessageSettings {
  return { publicUrl: config.publicUrl, shopEmail: config.shopEmail };
}

const SHOP = 'Rudraksha Ratna';

function clip(value: string): string {
  return value.length <= SMS_VARIABLE_MAX ? value : `${value.slice(0, SMS_VARIABLE_MAX - 1)}…`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The same words as plain text and as a small HTML e-mail (a paragraph a line; links clickable). */
function emailBodies(lines: string[], link: { label: string; url: string } | null, shop = SHOP) {
  const all = link ? [...lines, `${link.label}: ${link.url}`] : lines;
  const text = [...all, '', shop].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(shop)}</p>`,
  ].join('\n');
  return { text, html };
}

/**
 * "2 × Nepal 5 Mukhi Rudraksha — 20 mm, with Silver capping and Energisation (Wearer's name: राम कुमार;
 * Gotra: Kashyap)": what a new order's e-mails list, a paragraph a line (the shop does the energisation
 * in the name written here). Plain text: the HTML e-mail escapes it like every line.
 */
export function orderItemLines(items: readonly OrderEventItem[] | undefined, language: Language = 'en'): string[] {
  const t = messageTexts(language);
  return (items ?? []).map((item) => {
    const addOns = item.addOns.map((a) =>
      addOnChoiceLabel(nameIn(a, language), a.values, language === 'hi' ? a.fieldNamesHi : null),
    );
    const variant = item.variantName && nameIn({ name: item.variantName, nameHi: item.variantNameHi }, language);
    const product = productWithVariant(nameIn(item, language), variant);
    return addOns.length
      ? t('item.with', { qty: item.qty, product, addOns: addOns.join(t('item.and')) })
      : t('item.plain', { qty: item.qty, product });
  });
}

/**
 * "You saved ₹299.70 in the Diwali Sale (20% off).", "You saved ₹169.83 with DIWALI10.": a line a sale
 * and one for the coupon, amounts before GST as the cart showed them; none when nothing was saved.
 */
export function savingLines(savings: OrderSavings | undefined, language: Language = 'en'): string[] {
  const t = messageTexts(language);
  const saved = (paise: Paise) => formatRupees(toRupees(paise));
  const lines = (savings?.sales ?? [])
    .filter((sale) => sale.amountPaise > 0)
    .map(({ amountPaise, label, terms }) =>
      terms?.name !== undefined && terms.percentOff !== undefined
        ? t('saving.salePercent', {
            amount: saved(amountPaise),
            name: nameIn({ name: terms.name, nameHi: terms.nameHi }, language),
            percent: terms.percentOff,
          })
        : t('saving.sale', { amount: saved(amountPaise), label }),
    );
  const coupon = savings?.coupon;
  if (coupon && coupon.amountPaise > 0)
    lines.push(t('saving.coupon', { amount: saved(coupon.amountPaise), code: coupon.code }));
  return lines;
}

/** The shop's own e-mail of a new order: who, how much, how paid, and what to pack. */
function shopNewOrderMessage(event: OrderEvent, shopEmail: string, orderUrl: string): NewMessage {
  const number = shortOrderNumber(event.orderId);
  const amount = formatRupees(toRupees(event.totalPaise));
  return {
    idempotencyKey: `${event.idempotencyKey}:shop`,
    kind: 'shop_new_order',
    channel: 'email',
    recipient: shopEmail,
    subject: `New order #${number}: ${amount}, ${event.paymentMethod}`,
    ...emailBodies(
      [
        `New order #${number} from ${event.customer.name} (${event.customer.phone}).`,
        `${amount}, ${event.paymentMethod}.`,
        ...(event.savings?.coupon
          ? [`Coupon ${event.savings.coupon.code}: ${formatRupees(toRupees(event.savings.coupon.amountPaise))} off.`]
          : []),
        ...orderItemLines(event.items),
      ],
      { label: 'Open the order', url: orderUrl },
    ),
    variables: [],
  };
}

/** A message's words: its SMS (with the DLT template's variables), its e-mail's subject and lines. */
type Words = { sms: { text: string; variables: string[] }; subject: string; lines: string[] };
type Texts = ReturnType<typeof messageTexts>;
type Basics = { number: string; amount: string; name: string; t: Texts; language: Language };

/** A new order's SMS (DLT template: number, amount, how paid) and e-mail, with what its offers saved. */
function orderPlacedWords(event: OrderEvent, { number, amount, name, t, language }: Basics): Words {
  const how = event.paymentMethod === 'Cash on Delivery' ? 'cod' : 'paid';
  return {
    sms: {
      text: t(`placed.sms.${how}`, { number, amount }),
      variables: [number, amount, t(`placed.smsVar.${how}`)],
    },
    subject: t('placed.subject', { number }),
    lines: [
      t('greeting', { name }),
      t(`placed.thanks.${how}`, { number, amount }),
      ...savingLines(event.savings, language),
      ...orderItemLines(event.items, language),
      t('placed.next'),
    ],
  };
}

/** Issue 28: a refund's words, by how the money went back (card/UPI, store credit, a bank transfer). */
function refundWords(refund: NonNullable<OrderEvent['refund']>, { number, name, t }: Basics): Words {
  const amount = formatRupees(toRupees(refund.amountPaise));
  const credit = refund.storeCreditPaise ?? 0;
  const subject = t('refund.subject', { amount, number });
  const reference = refund.refundId;
  if (refund.method === 'transfer') {
    return {
      sms: {
        text: t('refund.transfer.sms', { amount, number, reference }),
        variables: [amount, number, reference.slice(0, 30)],
      },
      subject,
      lines: [t('greeting', { name }), t('refund.transfer.line', { amount, number, reference })],
    };
  }
  if (credit === refund.amountPaise) {
    return {
      sms: { text: t('refund.credit.sms', { amount, number }), variables: [amount, number] },
      subject,
      lines: [t('greeting', { name }), t('refund.credit.line', { amount, number })],
    };
  }
  const creditLine = credit ? [t('refund.gateway.creditPart', { credit: formatRupees(toRupees(credit)) })] : [];
  return {
    sms: { text: t('refund.gateway.sms', { amount, number }), variables: [amount, number] },
    subject,
    lines: [
      t('greeting', { name }),
      t('refund.gateway.line', { amount, number, reference }),
      ...creditLine,
      t('refund.gateway.banks'),
    ],
  };
}

/**
 * Issue 27: what the courier's tracking events tell the customer. Out for delivery (DLT variables: the
 * number, then what to pay at the door), a failed delivery (the number, the courier's reason) and a
 * parcel returned to us (the number).
 */
function trackingWords(
  event: OrderEvent & { kind: 'order_out_for_delivery' | 'order_delivery_failed' | 'order_returned' },
  { number, amount, name, t }: Basics,
): Words {
  if (event.kind === 'order_out_for_delivery') {
    const due = event.paymentMethod === 'Cash on Delivery' ? amount : t('outForDelivery.paid');
    return {
      sms: { text: t('outForDelivery.sms', { number, due }), variables: [number, due] },
      subject: t('outForDelivery.subject', { number }),
      lines: [t('greeting', { name }), t('outForDelivery.line', { number }), t('outForDelivery.due', { due })],
    };
  }
  if (event.kind === 'order_delivery_failed') {
    const reason = event.tracking?.note?.trim() || t('deliveryFailed.noReason');
    return {
      sms: { text: t('deliveryFailed.sms', { number, reason }), variables: [number, reason] },
      subject: t('deliveryFailed.subject', { number }),
      lines: [t('greeting', { name }), t('deliveryFailed.line', { number, reason }), t('deliveryFailed.next')],
    };
  }
  return {
    sms: { text: t('returned.sms', { number }), variables: [number] },
    subject: t('returned.subject', { number }),
    lines: [t('greeting', { name }), t('returned.line', { number }), t('returned.next')],
  };
}

/** A shipment's words: the courier and tracking number, and its link when the courier has one. */
function shippedWords(shipment: NonNullable<OrderEvent['shipment']>, { number, name, t }: Basics): Words {
  const { courier, trackingNumber: tracking, trackingUrl: url } = shipment;
  const text = t('shipped.sms', { number, courier, tracking });
  return {
    sms: {
      text: url ? `${text} ${t('shipped.smsTrack', { url })}` : text,
      variables: [number, clip(courier), clip(tracking)],
    },
    subject: t('shipped.subject', { number }),
    lines: [
      t('greeting', { name }),
      t('shipped.line', { number, courier, tracking }),
      url ? t('shipped.track', { url }) : t('shipped.trackOnSite'),
      t('shipped.invoice'),
    ],
  };
}

/** The words of each kind of order event. */
function orderEventWords(event: OrderEvent, basics: Basics): Words {
  const { number, amount, name, t } = basics;
  switch (event.kind) {
    case 'order_placed':
      return orderPlacedWords(event, basics);
    case 'order_shipped':
      return shippedWords(event.shipment!, basics);
    case 'order_delivered':
      return {
        sms: { text: t('delivered.sms', { number }), variables: [number] },
        subject: t('delivered.subject', { number }),
        lines: [t('greeting', { name }), t('delivered.line', { number })],
      };
    case 'order_cancelled':
      return {
        sms: { text: t('cancelled.sms', { number, amount }), variables: [number, amount] },
        subject: t('cancelled.subject', { number }),
        lines: [t('greeting', { name }), t('cancelled.line', { number, amount }), t('cancelled.refundFollows')],
      };
    case 'order_refunded':
      return refundWords(event.refund!, basics);
    default:
      return trackingWords(event as Parameters<typeof trackingWords>[0], basics);
  }
}

/**
 * The messages one order event causes: an SMS to the customer always, an e-mail to them unless they
 * switched order e-mails off, and for a new order an e-mail to the shop (in English). Texts are short
 * and plain, in the customer's language (issue 30: i18n/en.ts, hi.ts), with the amount in rupees and
 * the short order number; each SMS is one DLT template whose variables (in order) are given beside the
 * text.
 */
export function orderMessages(event: OrderEvent, settings: MessageSettings): NewMessage[] {
  const language = event.customer.language ?? 'en';
  const t = messageTexts(language);
  const number = shortOrderNumber(event.orderId);
  const amount = formatRupees(toRupees(event.totalPaise));
  // Issue 30: the customer's link opens the order page in their language; the shop's, in English.
  const orderPath = `/order/${event.orderId}`;
  const orderUrl = `${settings.publicUrl}${pathInLanguage(language, orderPath)}`;
  const name = event.customer.name.split(/\s+/)[0] || event.customer.name;
  const { sms, subject, lines } = orderEventWords(event, { number, amount, name, t, language });

  const messages: NewMessage[] = [
    {
      idempotencyKey: `${event.idempotencyKey}:sms`,
      kind: event.kind,
      channel: 'sms',
      recipient: event.customer.phone,
      subject: '',
      text: sms.text,
      html: null,
      variables: sms.variables.map(clip),
      language,
    },
  ];
  if (event.customer.orderEmails) {
    messages.push({
      idempotencyKey: `${event.idempotencyKey}:email`,
      kind: event.kind,
      channel: 'email',
      recipient: event.customer.email,
      language,
      subject: t('emailSubject', { subject, shop: t('shop') }),
      ...emailBodies(lines, { label: t('seeOrder'), url: orderUrl }, t('shop')),
      variables: [],
    });
  }
  if (event.kind === 'order_placed' && settings.shopEmail) {
    messages.push(shopNewOrderMessage(event, settings.shopEmail, `${settings.publicUrl}${orderPath}`));
  }
  return [...messages, ...whatsappOrderMessages(event, settings)];
}

/** Issue 14: one waiting "notify me when back in stock" alert whose product has stock again. */
export interface BackInStockAlert {
  alertId: string;
  /** The product's name and its page (kept with the alert). */
  product: { name: string; url: string };
  phone: string;
  /** The signed-in customer's address, when they keep order e-mails on; null for guests. */
  email: string | null;
  /** Issue 27: the signed-in customer opted in to WhatsApp messages. */
  whatsapp?: boolean;
  /** Issue 30: the signed-in customer's language ('en' for guests and when absent). */
  language?: Language;
}

/**
 * An SMS (DLT template `back_in_stock`, variables: the product's name clipped to 30 characters, then its
 * link) and, for a customer with order e-mails on, an e-mail. Keyed by the alert, so it is written once.
 */
export function backInStockMessages(alert: BackInStockAlert): NewMessage[] {
  const language = alert.language ?? 'en';
  const t = messageTexts(language);
  const url = alert.product.url;
  const name = clip(alert.product.name);
  const messages: NewMessage[] = [
    {
      idempotencyKey: `back_in_stock:${alert.alertId}:sms`,
      kind: 'back_in_stock',
      channel: 'sms',
      recipient: alert.phone,
      subject: '',
      text: t('backInStock.sms', { product: name, url }),
      html: null,
      variables: [name, url],
      language,
    },
  ];
  if (alert.email) {
    messages.push({
      idempotencyKey: `back_in_stock:${alert.alertId}:email`,
      kind: 'back_in_stock',
      channel: 'email',
      recipient: alert.email,
      language,
      subject: t('emailSubject', {
        subject: t('backInStock.subject', { product: alert.product.name }),
        shop: t('shop'),
      }),
      ...emailBodies(
        [t('greetingPlain'), t('backInStock.line', { product: alert.product.name }), t('backInStock.limited')],
        { label: t('backInStock.link'), url },
        t('shop'),
      ),
      variables: [],
    });
  }
  if (alert.whatsapp) messages.push(backInStockWhatsapp(alert));
  return messages;
}

/** Issue 23: a code sign-in to an account whose phone was never proven reset its password. */
export interface PasswordReset {
  userId: string;
  phone: string;
  email: string;
  at: Date;
  /** Issue 30: the account's language. */
  language?: Language;
}

/**
 * An SMS (DLT template `password_reset`, no variables) and an e-mail, whatever the order-e-mail setting:
 * both the phone's owner and whoever registered the number (the e-mail is theirs) learn why the
 * password stopped working and the other sessions ended. Keyed by the reset, so it is written once.
 */
export function passwordResetMessages(reset: PasswordReset, settings: MessageSettings): NewMessage[] {
  const key = `password_reset:${reset.userId}:${reset.at.toISOString()}`;
  const profileUrl = `${settings.publicUrl}/profile`;
  const language = reset.language ?? 'en';
  const t = messageTexts(language);
  return [
    {
      idempotencyKey: `${key}:sms`,
      kind: 'password_reset',
      channel: 'sms',
      recipient: reset.phone,
      subject: '',
      text: t('passwordReset.sms'),
      html: null,
      variables: [],
      language,
    },
    {
      idempotencyKey: `${key}:email`,
      kind: 'password_reset',
      channel: 'email',
      recipient: reset.email,
      language,
      subject: t('emailSubject', { subject: t('passwordReset.subject'), shop: t('shop') }),
      ...emailBodies(
        [
          t('greetingPlain'),
          t('passwordReset.line1', { phone: maskPhone(reset.phone) }),
          t('passwordReset.line2'),
          t('passwordReset.line3'),
        ],
        { label: t('passwordReset.link'), url: profileUrl },
        t('shop'),
      ),
      variables: [],
    },
  ];
}

/** Issue 28: a delivered order's products its customer has not reviewed yet, in the order's order. */
export interface ReviewRequest {
  orderId: string;
  customer: {
    name: string;
    phone: string;
    email: string;
    orderEmails: boolean;
    whatsapp: boolean;
    /** Issue 30: the account's language. */
    language?: Language;
  };
  products: readonly { id: string; name: string }[];
  /** Sent no sooner: REVIEW_REQUEST_DAYS after the delivery. */
  notBefore: Date;
}

/**
 * The review request: an SMS (DLT template `review_request`, variables: the first product's name
 * clipped to 30 characters, the order number, its review link) and a WhatsApp message for an opted-in
 * customer, both for the first product; an e-mail (when they keep order e-mails on) with a link for
 * each product. Keyed by the order, so a delivery told twice asks once; none without products.
 */
export function reviewRequestMessages(request: ReviewRequest, settings: MessageSettings): NewMessage[] {
  const [first] = request.products;
  if (!first) return [];
  const link = (id: string) => `${settings.publicUrl}${reviewFormPath(id)}`;
  const number = shortOrderNumber(request.orderId);
  const key = `review_request:${request.orderId}`;
  const product = clip(first.name);
  const language = request.customer.language ?? 'en';
  const t = messageTexts(language);
  const messages: NewMessage[] = [
    {
      idempotencyKey: `${key}:sms`,
      kind: 'review_request',
      channel: 'sms',
      recipient: request.customer.phone,
      subject: '',
      text: t('review.sms', { product, number, url: link(first.id) }),
      html: null,
      variables: [product, number, link(first.id)],
      nextAttemptAt: request.notBefore,
      language,
    },
  ];
  if (request.customer.orderEmails) messages.push(reviewRequestEmail(request, number, link));
  if (request.customer.whatsapp) {
    const { orderId, customer, notBefore } = request;
    messages.push(reviewRequestWhatsapp({ orderId, customer, notBefore, product: { ...first, url: link(first.id) } }));
  }
  return messages;
}

/** The e-mail asks for a review of each product, with a link to each one's review form. */
function reviewRequestEmail(request: ReviewRequest, number: string, link: (id: string) => string): NewMessage {
  const t = messageTexts(request.customer.language);
  const name = request.customer.name.split(/\s+/)[0] || request.customer.name;
  const intro = [t('greeting', { name }), t('review.line', { number })];
  const products = request.products.map((p) => ({ name: p.name, url: link(p.id) }));
  const text = [...intro, ...products.map((p) => `${p.name}: ${p.url}`), '', t('shop')].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<ul>',
    ...products.map(
      (p) => `<li>${escapeHtml(p.name)}: <a href="${escapeHtml(p.url)}">${escapeHtml(t('review.link'))}</a></li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(t('shop'))}</p>`,
  ].join('\n');
  return {
    idempotencyKey: `review_request:${request.orderId}:email`,
    kind: 'review_request',
    channel: 'email',
    recipient: request.customer.email,
    language: request.customer.language ?? 'en',
    subject: t('emailSubject', { subject: t('review.subject', { number }), shop: t('shop') }),
    text,
    html,
    variables: [],
    nextAttemptAt: request.notBefore,
  };
}
/** Issue 28: a return moved (asked for, more asked, approved with its pickup, rejected, received, replaced). */
export interface ReturnUpdate {
  returnId: string;
  orderId: string;
  status: 'requested' | 'more_info' | 'approved' | 'rejected' | 'received' | 'replaced';
  /** Each move of a return is news once: its status and how many moves it has had. */
  occasion: string;
  /** `language` (issue 30): the account's ('en' when absent). */
  customer: { name: string; phone: string; email: string; orderEmails: boolean; language?: Language };
  note: string | null;
  pickup: { courier: string; awb: string } | null;
  replacement: { courier: string; awb: string } | null;
}

type ReturnWords = { sms: string; subject: string; lines: string[] };

/** What the customer reads at each move of a return. */
const RETURN_WORDS: Record<
  ReturnUpdate['status'],
  (u: ReturnUpdate, number: string, note: string, t: Texts) => ReturnWords
> = {
  requested: (_u, number, _note, t) => ({
    sms: t('return.requested.sms', { number }),
    subject: t('return.requested.subject', { number }),
    lines: [t('return.requested.line')],
  }),
  more_info: (u, number, note, t) => ({
    sms: t('return.moreInfo.sms', { number, note }),
    subject: t('return.moreInfo.subject', { number }),
    lines: [t('return.moreInfo.line', { note: u.note ?? '' }), t('return.moreInfo.answer')],
  }),
  approved: (u, number, _note, t) => ({
    sms: u.pickup
      ? t('return.approved.smsPickup', { number, courier: clip(u.pickup.courier), awb: u.pickup.awb })
      : t('return.approved.sms', { number }),
    subject: t('return.approved.subject', { number }),
    lines: [
      t('return.approved.line'),
      u.pickup
        ? t('return.approved.pickup', { courier: u.pickup.courier, awb: u.pickup.awb })
        : t('return.approved.noPickup'),
    ],
  }),
  rejected: (u, number, note, t) => ({
    sms: t('return.rejected.sms', { number, note }),
    subject: t('return.rejected.subject', { number }),
    lines: [t('return.rejected.line', { note: u.note ?? '' }), t('return.rejected.talk')],
  }),
  received: (_u, number, _note, t) => ({
    sms: t('return.received.sms', { number }),
    subject: t('return.received.subject', { number }),
    lines: [t('return.received.line')],
  }),
  replaced: (u, number, _note, t) => {
    const courier = u.replacement?.courier ?? '';
    const awb = u.replacement?.awb ?? '';
    return {
      sms: t('return.replaced.sms', { number, courier: clip(courier), awb }),
      subject: t('return.replaced.subject', { number }),
      lines: [t('return.replaced.line', { courier, awb })],
    };
  },
};

/** The customer's SMS and (when they want order e-mails) e-mail about a return; written once per move. */
export function returnMessages(update: ReturnUpdate, settings: MessageSettings): NewMessage[] {
  const number = shortOrderNumber(update.orderId);
  const language = update.customer.language ?? 'en';
  const t = messageTexts(language);
  const words = RETURN_WORDS[update.status](update, number, update.note ? clip(update.note) : '', t);
  const key = `return:${update.returnId}:${update.occasion}`;
  const messages: NewMessage[] = [
    {
      idempotencyKey: `${key}:sms`,
      kind: 'return_update',
      channel: 'sms',
      recipient: update.customer.phone,
      subject: '',
      text: words.sms,
      html: null,
      variables: [number, update.status],
      language,
    },
  ];
  if (update.customer.orderEmails) {
    messages.push({
      idempotencyKey: `${key}:email`,
      kind: 'return_update',
      channel: 'email',
      recipient: update.customer.email,
      language,
      subject: t('emailSubject', { subject: words.subject, shop: t('shop') }),
      ...emailBodies(
        [t('greeting', { name: update.customer.name }), ...words.lines],
        { label: t('seeOrder'), url: `${settings.publicUrl}${pathInLanguage(language, `/order/${update.orderId}`)}` },
        t('shop'),
      ),
      variables: [],
    });
  }
  if (update.status === 'requested' && settings.shopEmail) {
    messages.push({
      idempotencyKey: `${key}:shop`,
      kind: 'return_update',
      channel: 'email',
      recipient: settings.shopEmail,
      subject: `Return requested: order #${number}`,
      ...emailBodies([`${update.customer.name} (${update.customer.phone}) asks to return items of order #${number}.`], {
        label: 'Open the returns',
        url: `${settings.publicUrl}/admin/returns`,
      }),
      variables: [],
    });
  }
  return messages;
}
