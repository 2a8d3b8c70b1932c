import { DEFAULT_PAYMENT_METHOD, errorCodes, type TrackingStatus } from '@rr/core';
import { and, eq, max } from 'drizzle-orm';
import { CourierSignatureError, type TrackingEvent } from '../../adapters/courier/index.ts';
import type { Transaction } from '../../db/client.ts';
import { orderItems, shipmentEvents, shipments, type orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { releaseOfferUses } from '../offers/index.ts';
import {
  changeOrder,
  recordCancellation,
  recordCashCollected,
  recordDelivery,
  recordTracking,
} from '../orders/index.ts';
import { countUnitsSold, returnStock } from '../stock/index.ts';
import { issueCreditNote, issueInvoice } from './invoices.ts';
import type { FulfilmentContext } from './context.ts';
import { tellOrderEvent } from './order-events.ts';
import { processRefund, settleCancellation } from './refunds.ts';
import { tellDelivered } from './review-requests.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * How far along a parcel is: an event of a lower rank than the order's state is late news. A failed
 * delivery may come between any two (a parcel goes out again after one), so it is ordered by time only.
 */
const RANK: Record<TrackingStatus, number> = {
  booked: 0,
  in_transit: 1,
  out_for_delivery: 2,
  delivery_failed: 2,
  delivered: 3,
  returned: 3,
};

/** Whether `event` is older than what the order already knows, so it is kept but moves nothing. */
function isLate(row: OrderRow, latestAt: Date | null, event: TrackingEvent): boolean {
  const current = row.trackingStatus;
  if (row.isCancelled || current === 'delivered' || current === 'returned') return true;
  // Delivered by hand already: only the courier's own delivery still counts (its cash).
  if (row.isDelivered && event.status !== 'delivered') return true;
  if (latestAt && event.occurredAt < latestAt) return true;
  if (!current || current === 'delivery_failed' || event.status === 'delivery_failed') return false;
  return RANK[event.status] < RANK[current];
}

/** Delivered by the courier: the order is delivered (once) and a Cash on Delivery order is paid. */
async function applyDelivered(ctx: FulfilmentContext, tx: Transaction, row: OrderRow, at: Date): Promise<void> {
  const collect = row.paymentMethod === DEFAULT_PAYMENT_METHOD && !row.isPaid;
  if (row.isDelivered) {
    if (collect) await recordCashCollected(tx, row.id, at);
    return;
  }
  await recordDelivery(tx, row.id, at, collect);
  await issueInvoice(tx, row, ctx.seller, ctx.pincodes, at);
  await tellDelivered(tx, row, at, ctx.messages);
}

/**
 * Returned to us (RTO delivered): the stock goes back, the order is cancelled with a credit note against
 * its invoice, its coupon use is given back, a paid online order is refunded (after the commit), and
 * the customer is told. True when a refund is to be asked for.
 */
async function applyReturned(ctx: FulfilmentContext, tx: Transaction, row: OrderRow, now: Date): Promise<boolean> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  await returnStock(tx, lines, { reason: 'cancel', actorId: null, reference: row.id });
  await countUnitsSold(tx, lines, -1);
  await recordCancellation(tx, row.id, now);
  await releaseOfferUses(tx, { orderId: row.id });
  await issueCreditNote(tx, row, now);
  const refund = await settleCancellation(tx, row, now);
  await tellOrderEvent(tx, row, { kind: 'order_returned' }, ctx.messages);
  return refund;
}

/** Moves the order by an event that is news; true when a refund is to be asked for after the commit. */
async function applyEvent(ctx: FulfilmentContext, tx: Transaction, row: OrderRow, event: TrackingEvent) {
  await recordTracking(tx, row.id, { trackingStatus: event.status, trackingNote: event.note, at: event.occurredAt });
  switch (event.status) {
    case 'out_for_delivery':
      await tellOrderEvent(tx, row, { kind: 'order_out_for_delivery' }, ctx.messages);
      return false;
    case 'delivery_failed':
      await tellOrderEvent(tx, row, { kind: 'order_delivery_failed', tracking: { note: event.note } }, ctx.messages);
      return false;
    case 'delivered':
      await applyDelivered(ctx, tx, row, event.occurredAt);
      return false;
    case 'returned':
      return applyReturned(ctx, tx, row, new Date());
    default:
      // In transit: the shipped message told the customer already.
      return false;
  }
}

export type EventOutcome = 'applied' | 'late' | 'duplicate' | 'unknown';

/**
 * One tracking event, in the order's own transaction: stored once (its key), applied unless it is late
 * (kept with applied = false). An AWB the shop never booked is ignored.
 */
export async function recordTrackingEvent(ctx: FulfilmentContext, event: TrackingEvent): Promise<EventOutcome> {
  const [shipment] = await ctx.db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.awb, event.awb))
    .limit(1);
  if (!shipment) return (await ctx.otherParcels?.(event)) ? 'applied' : 'unknown';
  let outcome: EventOutcome = 'duplicate';
  let refund = false;
  await changeOrder(ctx.db, shipment.orderId, async (tx, row) => {
    const [latest] = await tx
      .select({ at: max(shipmentEvents.occurredAt) })
      .from(shipmentEvents)
      .where(and(eq(shipmentEvents.orderId, row.id), eq(shipmentEvents.applied, true)));
    const late = isLate(row, latest?.at ?? null, event);
    const stored = await tx
      .insert(shipmentEvents)
      .values({
        orderId: row.id,
        eventKey: event.eventKey,
        status: event.status,
        note: event.note,
        occurredAt: event.occurredAt,
        applied: !late,
      })
      .onConflictDoNothing()
      .returning({ id: shipmentEvents.id });
    if (!stored.length) return;
    outcome = late ? 'late' : 'applied';
    if (!late) refund = await applyEvent(ctx, tx, row, event);
  });
  if (refund) await processRefund(ctx, shipment.orderId);
  return outcome;
}

/** The body as JSON (a webhook keeps its raw bytes); null when it is not JSON. */
function jsonOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body) && typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body.toString());
  } catch {
    return null;
  }
}

/**
 * The courier's tracking webhook (and the dev route, which sends the sandbox's calls through it): 401
 * unless it carries the configured token; otherwise each event is recorded once and the answer is
 * quick, also for AWBs the shop does not know.
 */
export async function trackingWebhook(
  ctx: FulfilmentContext,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<EventOutcome[]> {
  const courier = ctx.courier;
  if (!courier)
    throw new DomainError('not_found', errorCodes.courierNotConfigured, 'No courier service is configured.');
  let events: TrackingEvent[];
  try {
    events = courier.trackingEvents(headers, jsonOf(body));
  } catch (err) {
    if (err instanceof CourierSignatureError) {
      throw new DomainError(
        'unauthorized',
        errorCodes.invalidWebhookSignature,
        'The tracking webhook token does not match.',
      );
    }
    throw err;
  }
  const outcomes: EventOutcome[] = [];
  for (const event of events) outcomes.push(await recordTrackingEvent(ctx, event));
  return outcomes;
}
