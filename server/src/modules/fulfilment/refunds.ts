import { UUID_PATTERN, errorCodes, shortOrderNumber } from '@rr/core';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { GatewayError, type GatewayRefund } from '../../adapters/payments/index.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import { changeStoreCredit } from '../store-credit/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordOrderChange, recordRefundFailure, recordRefundState } from '../orders/index.ts';
import type { Actor } from '../audit/index.ts';
import type { MessageSettings } from '../messages/index.ts';
import { tellOrderEvent } from './order-events.ts';
import { partialRefundWebhook, sweepPendingPartialRefunds } from './partial-refunds.ts';
import type { RefundContext } from './context.ts';

type OrderRow = typeof orders.$inferSelect;

export type { RefundContext };

/** A refund left pending without a gateway answer this long (a crash, a restart) is tried again. */
const STALE_PENDING_MS = 60_000;

const idempotencyKey = (row: Pick<OrderRow, 'id' | 'refundAttempt'>) => `refund-${row.id}-${row.refundAttempt}`;

/**
 * Inside the transaction that cancels a paid online order: records that the amount paid is to be
 * refunded (first try). The gateway is called after the commit (`processRefund`), never inside a
 * transaction; a crash in between leaves the refund pending, and the sweep picks it up.
 */
export async function requestRefund(tx: Transaction, row: OrderRow, now: Date, amountPaise: number): Promise<boolean> {
  if (!row.isPaid || !row.razorpayPaymentId || row.refundStatus || amountPaise <= 0) return false;
  await recordRefundState(tx, row.id, {
    refundStatus: 'pending',
    refundPaise: amountPaise,
    refundAttempt: 1,
    refundUpdatedAt: now,
  });
  return true;
}

/**
 * Records the gateway's word on a refund (its reply, or a webhook), once it is final or news. A
 * processed refund is told to the customer, once (the message's idempotency key).
 */
export async function recordRefund(
  db: Database,
  orderId: string,
  refund: Pick<GatewayRefund, 'id' | 'status'>,
  settings: MessageSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row || row.refundStatus === 'processed') return;
    // A webhook about an earlier try that failed does not overwrite a newer try.
    if (row.refundId && row.refundId !== refund.id && refund.status === 'failed') return;
    await recordRefundState(tx, orderId, {
      refundId: refund.id,
      refundStatus: refund.status,
      refundError: refund.status === 'failed' ? 'The payment gateway reported that the refund failed.' : null,
      refundUpdatedAt: new Date(),
    });
    if (refund.status === 'processed') {
      await tellOrderEvent(
        tx,
        row,
        { kind: 'order_refunded', refund: { amountPaise: row.refundPaise ?? row.totalPaise, refundId: refund.id } },
        settings,
      );
    }
  });
}

/** Asks the gateway for the refund of the current try (same idempotency key on every call of a try). */
export async function processRefund(ctx: RefundContext, orderId: string): Promise<void> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.refundStatus !== 'pending' || row.refundId || !row.razorpayPaymentId) return;
  let refund: GatewayRefund;
  try {
    refund = await ctx.gateway.refund({
      paymentId: row.razorpayPaymentId,
      amountPaise: row.refundPaise ?? row.totalPaise,
      idempotencyKey: idempotencyKey(row),
      notes: { order: row.id },
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    ctx.log.warn({ orderId, reason: err.message }, 'refund not made; an admin can retry it');
    await recordRefundFailure(ctx.db, orderId, row.refundAttempt, err.message.slice(0, 300));
    return;
  }
  await recordRefund(ctx.db, orderId, refund, ctx.messages);
}

/**
 * An admin retries a failed refund. When the gateway made a refund that then failed, the retry is a new
 * try with a new key; when the gateway was never reached (or its answer lost), the retry repeats the
 * same key, so a refund the gateway did make is answered back, not made twice. Recorded as
 * `order.refund_retry`.
 */
export async function retryRefund(ctx: RefundContext, orderId: string, actor: Actor): Promise<void> {
  if (!UUID_PATTERN.test(orderId)) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
    if (row.refundStatus !== 'failed') {
      throw new DomainError('conflict', errorCodes.refundNotFailed, 'Only a failed refund can be retried.');
    }
    await recordRefundState(tx, orderId, {
      refundStatus: 'pending',
      refundError: null,
      refundUpdatedAt: new Date(),
      ...(row.refundId ? { refundId: null, refundAttempt: row.refundAttempt + 1 } : {}),
    });
    await recordOrderChange(tx, row, { actor, action: 'order.refund_retry' });
  });
  await processRefund(ctx, orderId);
}

/** A refund webhook (refund.processed, refund.failed): the order of that refund, or of that payment. */
export async function refundWebhook(
  ctx: RefundContext,
  entity: { id: string; paymentId: string; status: 'processed' | 'failed' },
): Promise<void> {
  // Issue 28: a partial refund's (by its id, or the oldest unanswered one of the payment) comes first.
  if (await partialRefundWebhook(ctx, entity)) return;
  const [row] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        eq(orders.refundId, entity.id),
        and(
          eq(orders.razorpayPaymentId, entity.paymentId),
          isNull(orders.refundId),
          eq(orders.refundStatus, 'pending'),
        ),
      ),
    );
  if (row) await recordRefund(ctx.db, row.id, { id: entity.id, status: entity.status }, ctx.messages);
}

/** Pending refunds the gateway never answered (the process stopped in between) are asked for again. */
export async function sweepPendingRefunds(ctx: RefundContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.refundStatus, 'pending'),
        isNull(orders.refundId),
        lt(orders.refundUpdatedAt, sql`now() - make_interval(secs => ${STALE_PENDING_MS / 1000})`),
      ),
    )
    .limit(50);
  for (const { id } of stale) await processRefund(ctx, id);
  await sweepPendingPartialRefunds(ctx);
}

/**
 * Issue 28: what a cancellation gives back: what was paid (the cash of a COD order is not, until
 * delivered; store credit spent is) less what partial refunds gave back before; the card/UPI gets at
 * most what it paid less its refunds, store credit the rest.
 */
async function owedOnCancel(
  tx: Transaction,
  row: OrderRow,
): Promise<{ gatewayPaise: number; storeCreditPaise: number }> {
  const [before] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(Number),
      gateway: sql<number>`coalesce(sum(${refunds.gatewayPaise}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(eq(refunds.orderId, row.id));
  const paid = row.isPaid ? row.totalPaise : row.storeCreditPaise;
  const owed = Math.max(0, paid - before!.amount);
  const gatewayLeft = row.razorpayPaymentId && row.isPaid ? row.totalPaise - row.storeCreditPaise - before!.gateway : 0;
  const gatewayPaise = Math.max(0, Math.min(owed, gatewayLeft));
  return { gatewayPaise, storeCreditPaise: owed - gatewayPaise };
}

/**
 * Inside the transaction that cancels an order (by the customer, the owner, an RTO, an unconfirmed COD
 * order's expiry): store credit spent comes back at once, and what the card/UPI paid is to be refunded
 * (true: call processRefund after the commit).
 */
export async function settleCancellation(tx: Transaction, row: OrderRow, now: Date): Promise<boolean> {
  const owed = await owedOnCancel(tx, row);
  if (owed.storeCreditPaise > 0 && row.userId) {
    await changeStoreCredit(tx, {
      userId: row.userId,
      amountPaise: owed.storeCreditPaise,
      kind: 'order_cancelled',
      orderId: row.id,
      note: `Order #${shortOrderNumber(row.id)} cancelled`,
    });
  }
  return requestRefund(tx, row, now, owed.gatewayPaise);
}
