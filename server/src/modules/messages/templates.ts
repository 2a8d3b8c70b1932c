import {
  addOnChoiceLabel,
  formatRupees,
  maskPhone,
  productWithVariant,
  reviewFormPath,
  shortOrderNumber,
  toRupees,
  type Paise,
} from '@rr/core';
import type { Config } from '../../config.ts';
import type { MessageKind } from '../../db/schema/index.ts';
import type { NewMessage } from './outbox.ts';
import { backInStockWhatsapp, reviewRequestWhatsapp, whatsappOrderMessages } from './whatsapp-templates.ts';

/** DLT: a template's variables are at most 30 characters each. */
export const SMS_VARIABLE_MAX = 30;

/** A line of the order as the buyer chose it: the product, its variant and its add-ons with their texts. */
export interface OrderEventItem {
  name: string;
  qty: number;
  variantName: string | null;
  addOns: { name: string; values: Readonly<Record<string, string>> }[];
}

/** Issue 26: what the offers took off a new order (before GST), for its e-mails. */
export interface OrderSavings {
  /** The coupon and what it took off (or the shipping charge a free-shipping code waived). */
  coupon: { code: string; amountPaise: Paise } | null;
  /** Each sale by its label ("Diwali Sale (20% off)") and what it took off the order's lines. */
  sales: { label: string; amountPaise: Paise }[];
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
  customer: { name: string; phone: string; email: string; orderEmails: boolean; whatsapp?: boolean };
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
function emailBodies(lines: string[], link: { label: string; url: string } | null) {
  const all = link ? [...lines, `${link.label}: ${link.url}`] : lines;
  const text = [...all, '', `${SHOP}`].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${SHOP}</p>`,
  ].join('\n');
  return { text, html };
}

/**
 * "2 × Nepal 5 Mukhi Rudraksha — 20 mm, with Silver capping and Energisation (Wearer's name: राम कुमार;
 * Gotra: Kashyap)": what a new order's e-mails list, a paragraph a line (the shop does the energisation
 * in the name written here). Plain text: the HTML e-mail escapes it like every line.
 */
export function orderItemLines(items: readonly OrderEventItem[] | undefined): string[] {
  return (items ?? []).map((item) => {
    const addOns = item.addOns.map((a) => addOnChoiceLabel(a.name, a.values));
    const extras = addOns.length ? `, with ${addOns.join(' and ')}` : '';
    return `${item.qty} × ${productWithVariant(item.name, item.variantName)}${extras}`;
  });
}

/**
 * "You saved ₹299.70 in the Diwali Sale (20% off).", "You saved ₹169.83 with DIWALI10.": a line a sale
 * and one for the coupon, amounts before GST as the cart showed them; none when nothing was saved.
 */
export function savingLines(savings: OrderSavings | undefined): string[] {
  const saved = (paise: Paise) => formatRupees(toRupees(paise));
  const lines = (savings?.sales ?? [])
    .filter((sale) => sale.amountPaise > 0)
    .map((sale) => `You saved ${saved(sale.amountPaise)} in the ${sale.label}.`);
  const coupon = savings?.coupon;
  if (coupon && coupon.amountPaise > 0) lines.push(`You saved ${saved(coupon.amountPaise)} with ${coupon.code}.`);
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

/** A new order's SMS (DLT template: number, amount, how paid) and e-mail, with what its offers saved. */
function orderPlacedWords(
  event: OrderEvent,
  { number, amount, name }: { number: string; amount: string; name: string },
) {
  const cod = event.paymentMethod === 'Cash on Delivery';
  return {
    sms: {
      text: `${SHOP}: order #${number} of ${amount} is placed${cod ? ', to pay on delivery' : ' and paid'}. We will tell you when it ships.`,
      variables: [number, amount, cod ? 'to pay on delivery' : 'paid'],
    },
    subject: `Order #${number} placed`,
    lines: [
      `Namaste ${name},`,
      `Thank you for your order #${number} of ${amount} (${cod ? 'Cash on Delivery' : 'paid online'}).`,
      ...savingLines(event.savings),
      ...orderItemLines(event.items),
      'We will write again when it ships, with the courier and tracking number.',
    ],
  };
}

/** Issue 28: a refund's words, by how the money went back (card/UPI, store credit, a bank transfer). */
function refundWords(
  refund: NonNullable<OrderEvent['refund']>,
  { number, name }: { number: string; name: string },
): { sms: { text: string; variables: string[] }; subject: string; lines: string[] } {
  const refunded = formatRupees(toRupees(refund.amountPaise));
  const credit = refund.storeCreditPaise ?? 0;
  const subject = `Refund of ${refunded} for order #${number}`;
  if (refund.method === 'transfer') {
    return {
      sms: {
        text: `${SHOP}: ${refunded} for order #${number} is refunded by bank/UPI transfer (ref ${refund.refundId}).`,
        variables: [refunded, number, refund.refundId.slice(0, 30)],
      },
      subject,
      lines: [
        `Namaste ${name},`,
        `We have sent ${refunded} for order #${number} to your bank account or UPI (reference ${refund.refundId}).`,
      ],
    };
  }
  if (credit === refund.amountPaise) {
    return {
      sms: {
        text: `${SHOP}: ${refunded} for order #${number} is added to your store credit. Use it on your next order.`,
        variables: [refunded, number],
      },
      subject,
      lines: [
        `Namaste ${name},`,
        `We have added ${refunded} for order #${number} to your store credit. It is used at checkout on your next order.`,
      ],
    };
  }
  const creditLine = credit
    ? [`Of it, ${formatRupees(toRupees(credit))} (what you paid with store credit) is back in your store credit.`]
    : [];
  return {
    sms: {
      text: `${SHOP}: ${refunded} for order #${number} is refunded to your payment method. Banks take 5-7 working days.`,
      variables: [refunded, number],
    },
    subject,
    lines: [
      `Namaste ${name},`,
      `We have refunded ${refunded} for order #${number} to the card, UPI or account you paid with (refund ${refund.refundId}).`,
      ...creditLine,
      'Banks usually show it within 5-7 working days.',
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
  { number, amount, name }: { number: string; amount: string; name: string },
) {
  if (event.kind === 'order_out_for_delivery') {
    const due = event.paymentMethod === 'Cash on Delivery' ? amount : 'nothing, it is paid';
    return {
      sms: {
        text: `${SHOP}: order #${number} is out for delivery today. To pay at the door: ${due}.`,
        variables: [number, due],
      },
      subject: `Order #${number} is out for delivery`,
      lines: [`Namaste ${name},`, `Your order #${number} is out for delivery today.`, `To pay at the door: ${due}.`],
    };
  }
  if (event.kind === 'order_delivery_failed') {
    const reason = event.tracking?.note?.trim() || 'no reason given';
    return {
      sms: {
        text: `${SHOP}: the courier could not deliver order #${number} (${reason}). They will try again; call us if you need to change anything.`,
        variables: [number, reason],
      },
      subject: `Order #${number}: the delivery did not happen`,
      lines: [
        `Namaste ${name},`,
        `The courier could not deliver your order #${number}. Their reason: ${reason}.`,
        'They will try again. If the address or a time needs changing, reply to this e-mail or call us.',
      ],
    };
  }
  return {
    sms: {
      text: `${SHOP}: order #${number} came back to us undelivered and is cancelled. If you paid online, the refund follows.`,
      variables: [number],
    },
    subject: `Order #${number} came back to us`,
    lines: [
      `Namaste ${name},`,
      `Your order #${number} could not be delivered and the courier returned it to us, so it is cancelled.`,
      'If you paid online, the refund follows in a separate message. You are welcome to order again.',
    ],
  };
}

/**
 * The messages one order event causes: an SMS to the customer always, an e-mail to them unless they
 * switched order e-mails off, and for a new order an e-mail to the shop. Texts are short and plain, in
 * English, with the amount in rupees and the short order number; each SMS is one DLT template whose
 * variables (in order) are given beside the text.
 */
export function orderMessages(event: OrderEvent, settings: MessageSettings): NewMessage[] {
  const number = shortOrderNumber(event.orderId);
  const amount = formatRupees(toRupees(event.totalPaise));
  const orderUrl = `${settings.publicUrl}/order/${event.orderId}`;
  const name = event.customer.name.split(/\s+/)[0] || event.customer.name;
  let sms: { text: string; variables: string[] }, subject: string, lines: string[];
  switch (event.kind) {
    case 'order_placed':
      ({ sms, subject, lines } = orderPlacedWords(event, { number, amount, name }));
      break;
    case 'order_shipped': {
      const shipment = event.shipment!;
      const track = shipment.trackingUrl ?? `${shipment.courier} ${shipment.trackingNumber}`;
      sms = {
        text: `${SHOP}: order #${number} has shipped by ${shipment.courier}, tracking ${shipment.trackingNumber}. ${shipment.trackingUrl ? `Track: ${shipment.trackingUrl}` : ''}`.trim(),
        variables: [number, clip(shipment.courier), clip(shipment.trackingNumber)],
      };
      subject = `Order #${number} has shipped`;
      lines = [
        `Namaste ${name},`,
        `Your order #${number} has shipped by ${shipment.courier}, tracking number ${shipment.trackingNumber}.`,
        shipment.trackingUrl ? `Track it: ${track}` : `Track it on the courier's site with the number above.`,
        'Your tax invoice is ready to download on your order page.',
      ];
      break;
    }
    case 'order_delivered':
      sms = {
        text: `${SHOP}: order #${number} is delivered. Thank you for shopping with us.`,
        variables: [number],
      };
      subject = `Order #${number} delivered`;
      lines = [`Namaste ${name},`, `Your order #${number} is delivered. Thank you for shopping with us.`];
      break;
    case 'order_cancelled':
      sms = {
        text: `${SHOP}: order #${number} of ${amount} is cancelled.`,
        variables: [number, amount],
      };
      subject = `Order #${number} cancelled`;
      lines = [
        `Namaste ${name},`,
        `Your order #${number} of ${amount} is cancelled.`,
        'If you paid online, the refund follows in a separate message.',
      ];
      break;
    case 'order_refunded':
      ({ sms, subject, lines } = refundWords(event.refund!, { number, name }));
      break;
    default:
      ({ sms, subject, lines } = trackingWords(event as Parameters<typeof trackingWords>[0], { number, amount, name }));
  }

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
    },
  ];
  if (event.customer.orderEmails) {
    messages.push({
      idempotencyKey: `${event.idempotencyKey}:email`,
      kind: event.kind,
      channel: 'email',
      recipient: event.customer.email,
      subject: `${subject} - ${SHOP}`,
      ...emailBodies(lines, { label: 'See your order', url: orderUrl }),
      variables: [],
    });
  }
  if (event.kind === 'order_placed' && settings.shopEmail) {
    messages.push(shopNewOrderMessage(event, settings.shopEmail, orderUrl));
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
}

/**
 * An SMS (DLT template `back_in_stock`, variables: the product's name clipped to 30 characters, then its
 * link) and, for a customer with order e-mails on, an e-mail. Keyed by the alert, so it is written once.
 */
export function backInStockMessages(alert: BackInStockAlert): NewMessage[] {
  const url = alert.product.url;
  const name = clip(alert.product.name);
  const messages: NewMessage[] = [
    {
      idempotencyKey: `back_in_stock:${alert.alertId}:sms`,
      kind: 'back_in_stock',
      channel: 'sms',
      recipient: alert.phone,
      subject: '',
      text: `${SHOP}: ${name} is back in stock. Order now: ${url}`,
      html: null,
      variables: [name, url],
    },
  ];
  if (alert.email) {
    messages.push({
      idempotencyKey: `back_in_stock:${alert.alertId}:email`,
      kind: 'back_in_stock',
      channel: 'email',
      recipient: alert.email,
      subject: `${alert.product.name} is back in stock - ${SHOP}`,
      ...emailBodies(
        [
          'Namaste,',
          `${alert.product.name} is back in stock. You asked us to tell you.`,
          'Stock is limited: this message does not hold one for you.',
        ],
        { label: 'See the product', url },
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
}

/**
 * An SMS (DLT template `password_reset`, no variables) and an e-mail, whatever the order-e-mail setting:
 * both the phone's owner and whoever registered the number (the e-mail is theirs) learn why the
 * password stopped working and the other sessions ended. Keyed by the reset, so it is written once.
 */
export function passwordResetMessages(reset: PasswordReset, settings: MessageSettings): NewMessage[] {
  const key = `password_reset:${reset.userId}:${reset.at.toISOString()}`;
  const profileUrl = `${settings.publicUrl}/profile`;
  return [
    {
      idempotencyKey: `${key}:sms`,
      kind: 'password_reset',
      channel: 'sms',
      recipient: reset.phone,
      subject: '',
      text: `${SHOP}: a sign-in code confirmed this phone number. The account's old password no longer works and other devices were signed out. Set a new one in your profile.`,
      html: null,
      variables: [],
    },
    {
      idempotencyKey: `${key}:email`,
      kind: 'password_reset',
      channel: 'email',
      recipient: reset.email,
      subject: `Your password was reset - ${SHOP}`,
      ...emailBodies(
        [
          'Namaste,',
          `Someone signed in to your ${SHOP} account with a one-time code sent by SMS to ${maskPhone(reset.phone)}, the first time this number was confirmed.`,
          'Whoever holds the phone owns the account, so the password set when the account was registered no longer works, and every other device was signed out.',
          'If this was you, set a new password in your profile. If it was not, the phone number of this account belongs to someone else.',
        ],
        { label: 'Open your profile', url: profileUrl },
      ),
      variables: [],
    },
  ];
}

/** Issue 28: a delivered order's products its customer has not reviewed yet, in the order's order. */
export interface ReviewRequest {
  orderId: string;
  customer: { name: string; phone: string; email: string; orderEmails: boolean; whatsapp: boolean };
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
  const messages: NewMessage[] = [
    {
      idempotencyKey: `${key}:sms`,
      kind: 'review_request',
      channel: 'sms',
      recipient: request.customer.phone,
      subject: '',
      text: `${SHOP}: how do you like ${product} from order #${number}? Please review it: ${link(first.id)}`,
      html: null,
      variables: [product, number, link(first.id)],
      nextAttemptAt: request.notBefore,
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
  const name = request.customer.name.split(/\s+/)[0] || request.customer.name;
  const intro = [
    `Namaste ${name},`,
    `We hope your order #${number} is serving you well. How do you like it? A few words and a photo or two help other customers choose.`,
  ];
  const products = request.products.map((p) => ({ name: p.name, url: link(p.id) }));
  const text = [...intro, ...products.map((p) => `${p.name}: ${p.url}`), '', SHOP].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<ul>',
    ...products.map((p) => `<li>${escapeHtml(p.name)}: <a href="${escapeHtml(p.url)}">Write a review</a></li>`),
    '</ul>',
    `<p>${SHOP}</p>`,
  ].join('\n');
  return {
    idempotencyKey: `review_request:${request.orderId}:email`,
    kind: 'review_request',
    channel: 'email',
    recipient: request.customer.email,
    subject: `How do you like your order #${number}? - ${SHOP}`,
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
  customer: { name: string; phone: string; email: string; orderEmails: boolean };
  note: string | null;
  pickup: { courier: string; awb: string } | null;
  replacement: { courier: string; awb: string } | null;
}

type ReturnWords = { sms: string; subject: string; lines: string[] };

/** What the customer reads at each move of a return. */
const RETURN_WORDS: Record<ReturnUpdate['status'], (u: ReturnUpdate, number: string, note: string) => ReturnWords> = {
  requested: (_u, number) => ({
    sms: `${SHOP}: we have your return request for order #${number}. We reply within 2 working days.`,
    subject: `Return request for order #${number}`,
    lines: ['We have your return request and will reply within 2 working days.'],
  }),
  more_info: (u, number, note) => ({
    sms: `${SHOP}: about your return for order #${number}, we need more: ${note}. Reply on the order page.`,
    subject: `Your return for order #${number}: we need a little more`,
    lines: [`To decide on your return we need more from you: ${u.note ?? ''}`, 'Please answer on the order page.'],
  }),
  approved: (u, number) => ({
    sms: `${SHOP}: return for order #${number} approved. ${u.pickup ? `${clip(u.pickup.courier)} picks it up, AWB ${u.pickup.awb}.` : ''}`,
    subject: `Return approved for order #${number}`,
    lines: [
      'Your return is approved.',
      u.pickup
        ? `${u.pickup.courier} will pick the parcel up from your address (AWB ${u.pickup.awb}). Please pack the items in their box.`
        : 'We will arrange the pickup and tell you.',
    ],
  }),
  rejected: (u, number, note) => ({
    sms: `${SHOP}: we cannot accept the return for order #${number}: ${note}.`,
    subject: `Return for order #${number} not accepted`,
    lines: [`We cannot accept this return: ${u.note ?? ''}`, 'Reply to this e-mail if you want to talk about it.'],
  }),
  received: (_u, number) => ({
    sms: `${SHOP}: we received your return for order #${number}. We settle it within 2 working days.`,
    subject: `Return received for order #${number}`,
    lines: ['The returned items have reached us. We settle the return within 2 working days.'],
  }),
  replaced: (u, number) => {
    const courier = u.replacement?.courier ?? '';
    const awb = u.replacement?.awb ?? '';
    return {
      sms: `${SHOP}: your replacement for order #${number} is shipped with ${clip(courier)}, AWB ${awb}.`,
      subject: `Replacement shipped for order #${number}`,
      lines: [`Your replacement is on its way with ${courier} (AWB ${awb}).`],
    };
  },
};

/** The customer's SMS and (when they want order e-mails) e-mail about a return; written once per move. */
export function returnMessages(update: ReturnUpdate, settings: MessageSettings): NewMessage[] {
  const number = shortOrderNumber(update.orderId);
  const words = RETURN_WORDS[update.status](update, number, update.note ? clip(update.note) : '');
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
    },
  ];
  if (update.customer.orderEmails) {
    messages.push({
      idempotencyKey: `${key}:email`,
      kind: 'return_update',
      channel: 'email',
      recipient: update.customer.email,
      subject: `${words.subject} - ${SHOP}`,
      ...emailBodies([`Namaste ${update.customer.name},`, ...words.lines], {
        label: 'See your order',
        url: `${settings.publicUrl}/order/${update.orderId}`,
      }),
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
