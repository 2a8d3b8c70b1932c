/**
 * Issue 30: the customer's messages in English (SMS, e-mail, WhatsApp words), filled with core's
 * `translate`. hi.ts has every key here with the same placeholders (messages-language.test.ts).
 */
export const en = {
  shop: 'Rudraksha Ratna',
  greeting: 'Namaste {name},',
  greetingPlain: 'Namaste,',
  seeOrder: 'See your order',
  emailSubject: '{subject} - {shop}',

  // What a new order's e-mails list and what its offers saved.
  'item.with': '{qty} × {product}, with {addOns}',
  'item.plain': '{qty} × {product}',
  'item.and': ' and ',
  'saving.sale': 'You saved {amount} in the {label}.',
  'saving.salePercent': 'You saved {amount} in the {name} ({percent}% off).',
  'saving.coupon': 'You saved {amount} with {code}.',

  'placed.sms.cod':
    'Rudraksha Ratna: order #{number} of {amount} is placed, to pay on delivery. We will tell you when it ships.',
  'placed.sms.paid': 'Rudraksha Ratna: order #{number} of {amount} is placed and paid. We will tell you when it ships.',
  'placed.smsVar.cod': 'to pay on delivery',
  'placed.smsVar.paid': 'paid',
  'placed.subject': 'Order #{number} placed',
  'placed.thanks.cod': 'Thank you for your order #{number} of {amount} (Cash on Delivery).',
  'placed.thanks.paid': 'Thank you for your order #{number} of {amount} (paid online).',
  'placed.next': 'We will write again when it ships, with the courier and tracking number.',

  'shipped.sms': 'Rudraksha Ratna: order #{number} has shipped by {courier}, tracking {tracking}.',
  'shipped.smsTrack': 'Track: {url}',
  'shipped.subject': 'Order #{number} has shipped',
  'shipped.line': 'Your order #{number} has shipped by {courier}, tracking number {tracking}.',
  'shipped.track': 'Track it: {url}',
  'shipped.trackOnSite': "Track it on the courier's site with the number above.",
  'shipped.invoice': 'Your tax invoice is ready to download on your order page.',

  'delivered.sms': 'Rudraksha Ratna: order #{number} is delivered. Thank you for shopping with us.',
  'delivered.subject': 'Order #{number} delivered',
  'delivered.line': 'Your order #{number} is delivered. Thank you for shopping with us.',

  'cancelled.sms': 'Rudraksha Ratna: order #{number} of {amount} is cancelled.',
  'cancelled.subject': 'Order #{number} cancelled',
  'cancelled.line': 'Your order #{number} of {amount} is cancelled.',
  'cancelled.refundFollows': 'If you paid online, the refund follows in a separate message.',

  'refund.subject': 'Refund of {amount} for order #{number}',
  'refund.transfer.sms':
    'Rudraksha Ratna: {amount} for order #{number} is refunded by bank/UPI transfer (ref {reference}).',
  'refund.transfer.line':
    'We have sent {amount} for order #{number} to your bank account or UPI (reference {reference}).',
  'refund.credit.sms':
    'Rudraksha Ratna: {amount} for order #{number} is added to your store credit. Use it on your next order.',
  'refund.credit.line':
    'We have added {amount} for order #{number} to your store credit. It is used at checkout on your next order.',
  'refund.gateway.sms':
    'Rudraksha Ratna: {amount} for order #{number} is refunded to your payment method. Banks take 5-7 working days.',
  'refund.gateway.line':
    'We have refunded {amount} for order #{number} to the card, UPI or account you paid with (refund {reference}).',
  'refund.gateway.creditPart': 'Of it, {credit} (what you paid with store credit) is back in your store credit.',
  'refund.gateway.banks': 'Banks usually show it within 5-7 working days.',

  'outForDelivery.paid': 'nothing, it is paid',
  'outForDelivery.sms': 'Rudraksha Ratna: order #{number} is out for delivery today. To pay at the door: {due}.',
  'outForDelivery.subject': 'Order #{number} is out for delivery',
  'outForDelivery.line': 'Your order #{number} is out for delivery today.',
  'outForDelivery.due': 'To pay at the door: {due}.',

  'deliveryFailed.noReason': 'no reason given',
  'deliveryFailed.sms':
    'Rudraksha Ratna: the courier could not deliver order #{number} ({reason}). They will try again; call us if you need to change anything.',
  'deliveryFailed.subject': 'Order #{number}: the delivery did not happen',
  'deliveryFailed.line': 'The courier could not deliver your order #{number}. Their reason: {reason}.',
  'deliveryFailed.next':
    'They will try again. If the address or a time needs changing, reply to this e-mail or call us.',

  'returned.sms':
    'Rudraksha Ratna: order #{number} came back to us undelivered and is cancelled. If you paid online, the refund follows.',
  'returned.subject': 'Order #{number} came back to us',
  'returned.line': 'Your order #{number} could not be delivered and the courier returned it to us, so it is cancelled.',
  'returned.next': 'If you paid online, the refund follows in a separate message. You are welcome to order again.',

  'backInStock.sms': 'Rudraksha Ratna: {product} is back in stock. Order now: {url}',
  'backInStock.subject': '{product} is back in stock',
  'backInStock.line': '{product} is back in stock. You asked us to tell you.',
  'backInStock.limited': 'Stock is limited: this message does not hold one for you.',
  'backInStock.link': 'See the product',

  'passwordReset.sms':
    "Rudraksha Ratna: a sign-in code confirmed this phone number. The account's old password no longer works and other devices were signed out. Set a new one in your profile.",
  'passwordReset.subject': 'Your password was reset',
  'passwordReset.line1':
    'Someone signed in to your Rudraksha Ratna account with a one-time code sent by SMS to {phone}, the first time this number was confirmed.',
  'passwordReset.line2':
    'Whoever holds the phone owns the account, so the password set when the account was registered no longer works, and every other device was signed out.',
  'passwordReset.line3':
    'If this was you, set a new password in your profile. If it was not, the phone number of this account belongs to someone else.',
  'passwordReset.link': 'Open your profile',

  'review.sms': 'Rudraksha Ratna: how do you like {product} from order #{number}? Please review it: {url}',
  'review.subject': 'How do you like your order #{number}?',
  'review.line':
    'We hope your order #{number} is serving you well. How do you like it? A few words and a photo or two help other customers choose.',
  'review.link': 'Write a review',

  'return.requested.sms':
    'Rudraksha Ratna: we have your return request for order #{number}. We reply within 2 working days.',
  'return.requested.subject': 'Return request for order #{number}',
  'return.requested.line': 'We have your return request and will reply within 2 working days.',
  'return.moreInfo.sms':
    'Rudraksha Ratna: about your return for order #{number}, we need more: {note}. Reply on the order page.',
  'return.moreInfo.subject': 'Your return for order #{number}: we need a little more',
  'return.moreInfo.line': 'To decide on your return we need more from you: {note}',
  'return.moreInfo.answer': 'Please answer on the order page.',
  'return.approved.sms': 'Rudraksha Ratna: return for order #{number} approved.',
  'return.approved.smsPickup':
    'Rudraksha Ratna: return for order #{number} approved. {courier} picks it up, AWB {awb}.',
  'return.approved.subject': 'Return approved for order #{number}',
  'return.approved.line': 'Your return is approved.',
  'return.approved.pickup':
    '{courier} will pick the parcel up from your address (AWB {awb}). Please pack the items in their box.',
  'return.approved.noPickup': 'We will arrange the pickup and tell you.',
  'return.rejected.sms': 'Rudraksha Ratna: we cannot accept the return for order #{number}: {note}.',
  'return.rejected.subject': 'Return for order #{number} not accepted',
  'return.rejected.line': 'We cannot accept this return: {note}',
  'return.rejected.talk': 'Reply to this e-mail if you want to talk about it.',
  'return.received.sms':
    'Rudraksha Ratna: we received your return for order #{number}. We settle it within 2 working days.',
  'return.received.subject': 'Return received for order #{number}',
  'return.received.line': 'The returned items have reached us. We settle the return within 2 working days.',
  'return.replaced.sms': 'Rudraksha Ratna: your replacement for order #{number} is shipped with {courier}, AWB {awb}.',
  'return.replaced.subject': 'Replacement shipped for order #{number}',
  'return.replaced.line': 'Your replacement is on its way with {courier} (AWB {awb}).',

  // WhatsApp: the variables of the templates (their words are in whatsapp-templates.ts).
  'wa.cod': 'Cash on Delivery',
  'wa.paidOnline': 'paid online',
  'wa.keepCash': 'Please keep {amount} ready to pay in cash.',
  'wa.nothingToPay': 'It is paid: nothing to pay.',
} as const;

export type MessageKey = keyof typeof en;
