import { errorCodes } from '@rr/core';
import { eq } from 'drizzle-orm';
import { isValidWebhookSignature } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { paymentHolds, webhookEvents } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { gatewayAmountOf, verifiedPayment, type VerifiedPayment } from './service.ts';

interface RazorpayWebhook {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string } };
  };
}

/** What a refund webhook (refund.processed, refund.failed) says of a refund. */
export interface RefundNews {
  id: string;
  paymentId: string;
  status: 'processed' | 'failed';
}

/** A webhook delivery as Razorpay sent it: the exact bytes its signature covers. */
export interface WebhookDelivery {
  body: unknown;
  signature: unknown;
  eventId: unknown;
}

/** What a webhook delivery says, once its signature is checked. */
export type WebhookNews =
  | { duplicate: true; event?: never; eventId?: never; payment?: never }
  | {
      duplicate: false;
      event: string | undefined;
      eventId: string | null;
      payment: VerifiedPayment | null;
      refund: RefundNews | null;
    };

/**
 * PRODUCT.md step 5: checks a webhook's signature and reads it. A delivery already handled is a
 * duplicate; a payment counts only for one of our holds and for its full amount.
 */
export async function readWebhook(
  db: Database,
  webhookSecret: string,
  delivery: WebhookDelivery,
): Promise<WebhookNews> {
  const event = signedEvent(webhookSecret, delivery);
  const eventId = typeof delivery.eventId === 'string' && delivery.eventId ? delivery.eventId : null;
  if (eventId && (await handledBefore(db, eventId))) return { duplicate: true };
  return {
    duplicate: false,
    event: event.event,
    eventId,
    payment: await paymentOf(db, event),
    refund: refundOf(event),
  };
}

/** The delivery's event, once its signature proves Razorpay sent these very bytes. */
function signedEvent(webhookSecret: string, { body: raw, signature }: WebhookDelivery): RazorpayWebhook {
  if (
    !Buffer.isBuffer(raw) ||
    typeof signature !== 'string' ||
    !isValidWebhookSignature(webhookSecret, raw, signature)
  ) {
    throw new DomainError('invalid_data', errorCodes.invalidWebhookSignature, 'Invalid webhook signature');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as RazorpayWebhook;
  } catch {
    throw new DomainError('invalid_data', errorCodes.webhookNotJson, 'The webhook body is not JSON');
  }
}

async function handledBefore(db: Database, eventId: string): Promise<boolean> {
  const seen = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return seen.length > 0;
}

/** A payment event counts only for one of our holds, and only for its full amount. */
async function paymentOf(db: Database, event: RazorpayWebhook): Promise<VerifiedPayment | null> {
  const entity = event.payload?.payment?.entity;
  if (!(event.event === 'order.paid' || event.event === 'payment.captured') || !entity?.id || !entity.order_id) {
    return null;
  }
  const [hold] = await db.select().from(paymentHolds).where(eq(paymentHolds.razorpayOrderId, entity.order_id));
  return hold && gatewayAmountOf(hold) === Number(entity.amount) ? verifiedPayment(entity.order_id, entity.id) : null;
}

function refundOf(event: RazorpayWebhook): RefundNews | null {
  const refunded = event.payload?.refund?.entity;
  if (
    !(event.event === 'refund.processed' || event.event === 'refund.failed') ||
    !refunded?.id ||
    !refunded.payment_id
  ) {
    return null;
  }
  return {
    id: refunded.id,
    paymentId: refunded.payment_id,
    status: event.event === 'refund.processed' ? 'processed' : 'failed',
  };
}
