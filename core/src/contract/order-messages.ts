/**
 * Issue 29: an order's messages to its customer (SMS, e-mail, WhatsApp), as the outbox keeps them, for
 * the support desk to see what went out and send one again. Recipients are masked: support needs to
 * recognise a number or an address, not to copy it.
 */
import * as z from 'zod/mini';

export const ORDER_MESSAGE_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export const ORDER_MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;

export const orderMessage = z.object({
  _id: z.string(),
  /** What it is about: order_shipped, order_refunded, return_update, review_request, ... */
  kind: z.string(),
  channel: z.enum(ORDER_MESSAGE_CHANNELS),
  /** The phone number or e-mail address it went to, masked (XXXXXX3210, r***@example.in). */
  recipient: z.string(),
  /** E-mail subject; empty for SMS and WhatsApp. */
  subject: z.string(),
  status: z.enum(ORDER_MESSAGE_STATUSES),
  /** Tries so far; a failed message was given up after its last. */
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type OrderMessage = z.infer<typeof orderMessage>;

/** GET /api/orders/{id}/messages: newest first. */
export const orderMessageList = z.array(orderMessage);

export const orderMessageParams = z.object({ id: z.string(), messageId: z.string() });

/** An e-mail address as support sees it: the first letter of the mailbox and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
