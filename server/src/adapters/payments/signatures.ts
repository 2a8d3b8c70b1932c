import { createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, as hex. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** Checks a checkout result against the order id the server stored, never one from the browser. */
export function isValidPaymentSignature(
  keySecret: string,
  storedOrderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return sameHex(paymentSignature(keySecret, storedOrderId, paymentId), signature);
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, as hex. */
export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacHex(webhookSecret, rawBody);
}

export function isValidWebhookSignature(webhookSecret: string, rawBody: string | Buffer, signature: string): boolean {
  return sameHex(webhookSignature(webhookSecret, rawBody), signature);
}
