import {
  STORE_CREDIT_PAYMENT_METHOD,
  RefundUnitsError,
  errorCodes,
  refundPart,
  shortOrderNumber,
  toRupees,
  UUID_PATTERN,
  type AfterSaleLineInput,
  type Order,
  type RefundMethod,
} from '@rr/core';
import { and, asc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { GatewayError, type GatewayRefund } from '../../adapters/payments/index.ts';
import type { Transaction } from '../../db/client.ts';
import { orderItems, orders, refunds, type AfterSaleLine } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { lowerOfferUses } from '../offers/index.ts';
import { findOrder, quoteOfOrder, type OrderQuote } from '../orders/index.ts';
import { changeStoreCredit } from '../store-credit/index.ts';
import { issueRefundCreditNote } from './invoices.ts';
import { tellOrderEvent } from './order-events.ts';
import { productLinesOf, withAddOns } from './after-sale-lines.ts';
import type { RefundContext } from './context.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** A pending gateway refund without an answer this long (a crash between commit and call) is asked again. */
const STALE_PENDING_MS = 60_000;

const refundKey = (row: Pick<RefundRow, 'id' | 'attempt'>) => `pr-${row.id.replaceAll('-', '')}-${row.attempt}`;

const refusal = (message: string) => new DomainError('conflict', errorCodes.refundNotAllowed, message);

/** What to give back and how (a partial refund of these product lines and units). */
export interface RefundOrder {
  lines: readonly AfterSaleLine[];
  method?: RefundMethod | undefined;
  transferReference?: string | undefined;
  actorId: string;
  returnId?: string;
}

/** What earlier refunds of the order gave back: units by quote line, and money by way. */
async function refundedBefore(tx: Transaction, row: OrderRow, items: readonly ItemRow[]) {
  const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, row.id));
  const units = new Map<number, number>();
  for (const r of earlier)
    for (const [line, qty] of withAddOns(items, r.lines)) units.set(line, (units.get(line) ?? 0) + qty);
  const sum = (pick: (r: RefundRow) => number) => earlier.reduce((s, r) => s + pick(r), 0);
  return {
    units,
    amountPaise: sum((r) => r.amountPaise),
    gatewayPaise: sum((r) => r.gatewayPaise) + (row.refundStatus ? (row.refundPaise ?? 0) : 0),
    storeCreditPaise: sum((r) => r.storeCreditPaise),
  };
}

/** The way back the owner chose (or the default), checked against how the order was paid. */
function methodFor(
  row: OrderRow,
  method: RefundMethod | undefined,
  transferReference: string | undefined,
): RefundMethod {
  const prepaid = row.razorpayPaymentId !== null;
  // Back the way it was paid: the card, or store credit for an order paid with it alone.
  const byCredit = row.paymentMethod === STORE_CREDIT_PAYMENT_METHOD;
  const chosen = method ?? (prepaid ? 'gateway' : byCredit ? 'store_credit' : undefined);
  if (!chosen) throw refusal('Refund a Cash on Delivery order as store credit or by a bank/UPI transfer (method).');
  if (chosen === 'gateway' && !prepaid)
    throw refusal('This order was not paid online: refund it as store credit or by a bank/UPI transfer.');
  if (chosen === 'transfer' && !transferReference)
    throw refusal('Give the reference (UTR) of the bank/UPI transfer you made.');
  if (chosen === 'store_credit' && !row.userId)
    throw refusal('The customer’s account was deleted: refund by a bank/UPI transfer.');
  return chosen;
}

/**
 * Records a partial refund inside the caller's transaction, which holds the order's row lock: the
 * part of the quote the units are worth, split between the gateway (at most what it took less what it
 * gave back) and store credit, the credit note when the order was invoiced, the coupon's and sales'
 * counted discount lowered, the store credit granted and, unless the gateway still has to answer, the
 * customer told. Answers the refund's row (status pending when the gateway is to be called).
 */
export async function recordPartialRefund(
  tx: Transaction,
  ctx: Pick<RefundContext, 'messages'>,
  row: OrderRow,
  order: RefundOrder,
): Promise<RefundRow> {
  if (row.isCancelled) throw refusal('A cancelled order was refunded in full when it was cancelled.');
  if (!row.isPaid) throw refusal('Nothing has been paid for this order yet (its cash is collected on delivery).');
  const method = methodFor(row, order.method, order.transferReference);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const quote: OrderQuote = quoteOfOrder(row, items);
  const before = await refundedBefore(tx, row, items);
  let part;
  try {
    part = refundPart(quote, withAddOns(items, order.lines), before.units);
  } catch (err) {
    if (err instanceof RefundUnitsError) throw new DomainError('conflict', errorCodes.refundUnits, err.message);
    throw err;
  }
  // Never more than was paid (orders priced before the quote took a discount after tax).
  const amountPaise = Math.min(part.amountPaise, row.totalPaise - before.amountPaise);
  if (amountPaise <= 0) throw refusal('Everything paid for this order has been refunded already.');
  const gatewayLeft = row.totalPaise - row.storeCreditPaise - before.gatewayPaise;
  const gatewayPaise = method === 'gateway' ? Math.max(0, Math.min(amountPaise, gatewayLeft)) : 0;
  const storeCreditPaise = method === 'transfer' ? 0 : amountPaise - gatewayPaise;
  if (storeCreditPaise > 0 && !row.userId)
    throw refusal('The customer’s account was deleted: refund by a bank/UPI transfer.');
  const now = new Date();
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: row.id,
      returnId: order.returnId ?? null,
      lines: order.lines.map((l) => ({ lineNo: l.lineNo, productId: l.productId, qty: l.qty })),
      taxablePaise: part.taxablePaise,
      taxPaise: part.taxPaise,
      shippingPaise: part.shippingPaise,
      shippingTaxPaise: part.shippingTaxPaise + (amountPaise - part.amountPaise),
      amountPaise,
      gatewayPaise,
      storeCreditPaise,
      method,
      status: gatewayPaise > 0 ? 'pending' : 'processed',
      transferReference: method === 'transfer' ? order.transferReference! : null,
      createdBy: order.actorId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await issueRefundCreditNote(tx, row, refund!.id, now);
  await lowerOfferUses(tx, row.id, part.quote.lines);
  if (storeCreditPaise > 0) {
    await changeStoreCredit(tx, {
      userId: row.userId!,
      amountPaise: storeCreditPaise,
      kind: 'refund',
      orderId: row.id,
      refundId: refund!.id,
      note: `Refund for order #${shortOrderNumber(row.id)}`,
    });
  }
  if (refund!.status === 'processed') await tellRefund(tx, ctx, row, refund!);
  return refund!;
}

/** The customer hears of a refund once it is made (the refund's id keeps the message single). */
function tellRefund(tx: Transaction, ctx: Pick<RefundContext, 'messages'>, row: OrderRow, refund: RefundRow) {
  return tellOrderEvent(
    tx,
    row,
    {
      kind: 'order_refunded',
      occasion: refund.id,
      refund: {
        amountPaise: refund.amountPaise,
        refundId: refund.gatewayRefundId ?? refund.transferReference ?? refund.id.slice(0, 8).toUpperCase(),
        method: refund.method,
        storeCreditPaise: refund.storeCreditPaise,
      },
    },
    ctx.messages,
  );
}

/** Rupees the order's partial refunds gave back so far (inside the caller's transaction). */
async function refundedRupees(tx: Transaction, orderId: string): Promise<number> {
  const [sum] = await tx
    .select({ paise: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return toRupees(sum?.paise ?? 0);
}

/** A partial refund as its audit entry shows it: how much, which way, and the units. */
function refundFields(refund: RefundRow): Record<string, unknown> {
  return {
    refundId: refund.id,
    amount: toRupees(refund.amountPaise),
    method: refund.method,
    gatewayAmount: toRupees(refund.gatewayPaise),
    storeCreditAmount: toRupees(refund.storeCreditPaise),
    transferReference: refund.transferReference,
    lines: refund.lines.map((l) => ({ lineNo: l.lineNo, qty: l.qty })),
  };
}

/**
 * POST /api/orders/{id}/refund: a partial refund, then (after the commit) the gateway's part. Issue 29:
 * recorded as `order.refund` with the refunded total before and after, in the refund's transaction.
 */
export async function refundItems(
  ctx: RefundContext,
  orderId: string,
  lines: readonly AfterSaleLineInput[],
  how: Omit<RefundOrder, 'lines' | 'actorId'>,
  actor: Actor,
): Promise<Order> {
  if (!UUID_PATTERN.test(orderId)) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
  const refund = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const refundedBeforeIt = await refundedRupees(tx, orderId);
    const made = await recordPartialRefund(tx, ctx, row, {
      ...how,
      actorId: actor.id,
      lines: productLinesOf(items, lines),
    });
    await recordAudit(tx, actor, {
      action: 'order.refund',
      entity: 'order',
      entityId: orderId,
      before: { refunded: refundedBeforeIt },
      after: { refunded: await refundedRupees(tx, orderId), ...refundFields(made) },
    });
    return made;
  });
  if (refund.status === 'pending') await processPartialRefund(ctx, refund.id);
  return (await findOrder(ctx.db, orderId))!;
}

/** Asks the gateway for a pending partial refund's card/UPI part (same key for every call of a try). */
export async function processPartialRefund(ctx: RefundContext, refundId: string): Promise<void> {
  const [found] = await ctx.db
    .select({ refund: refunds, paymentId: orders.razorpayPaymentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!found || found.refund.status !== 'pending' || found.refund.gatewayRefundId || !found.paymentId) return;
  const { refund } = found;
  let answer: GatewayRefund;
  try {
    answer = await ctx.gateway.refund({
      paymentId: found.paymentId,
      amountPaise: refund.gatewayPaise,
      idempotencyKey: refundKey(refund),
      notes: { order: refund.orderId, refund: refund.id },
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    ctx.log.warn({ refundId, reason: err.message }, 'partial refund not made; an admin can retry it');
    await ctx.db
      .update(refunds)
      .set({ status: 'failed', error: err.message.slice(0, 300), updatedAt: new Date() })
      .where(
        and(
          eq(refunds.id, refundId),
          eq(refunds.status, 'pending'),
          isNull(refunds.gatewayRefundId),
          eq(refunds.attempt, refund.attempt),
        ),
      );
    return;
  }
  await recordGatewayAnswer(ctx, refundId, answer);
}

/** The gateway's word on a partial refund (its reply or a webhook); a processed one is told once. */
export async function recordGatewayAnswer(
  ctx: Pick<RefundContext, 'db' | 'messages'>,
  refundId: string,
  answer: Pick<GatewayRefund, 'id' | 'status'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund || refund.status === 'processed') return;
    if (refund.gatewayRefundId && refund.gatewayRefundId !== answer.id && answer.status === 'failed') return;
    const [updated] = await tx
      .update(refunds)
      .set({
        gatewayRefundId: answer.id,
        status: answer.status,
        error: answer.status === 'failed' ? 'The payment gateway reported that the refund failed.' : null,
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (answer.status !== 'processed') return;
    const [row] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
    if (row) await tellRefund(tx, ctx, row, updated!);
  });
}

/** A refund webhook about a partial refund: by its gateway id, else the oldest unanswered one of the payment. */
export async function partialRefundWebhook(
  ctx: Pick<RefundContext, 'db' | 'messages'>,
  entity: { id: string; paymentId: string; status: 'processed' | 'failed' },
): Promise<boolean> {
  const [byId] = await ctx.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.gatewayRefundId, entity.id));
  const [pending] = byId
    ? [byId]
    : await ctx.db
        .select({ id: refunds.id })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(
          and(
            eq(orders.razorpayPaymentId, entity.paymentId),
            isNull(refunds.gatewayRefundId),
            eq(refunds.status, 'pending'),
          ),
        )
        .orderBy(asc(refunds.createdAt))
        .limit(1);
  if (!pending) return false;
  await recordGatewayAnswer(ctx, pending.id, { id: entity.id, status: entity.status });
  return true;
}

/**
 * An admin retries a failed partial refund (a new try when the gateway made one that failed), recorded
 * as `order.refund_retry` on the order.
 */
export async function retryPartialRefund(
  ctx: RefundContext,
  orderId: string,
  refundId: string,
  actor: Actor,
): Promise<Order> {
  const notFound = new DomainError('not_found', errorCodes.refundNotFound, 'Refund not found');
  if (!UUID_PATTERN.test(orderId) || !UUID_PATTERN.test(refundId)) throw notFound;
  await ctx.db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
      .for('update');
    if (!refund) throw notFound;
    if (refund.status !== 'failed') {
      throw new DomainError('conflict', errorCodes.refundNotFailed, 'Only a failed refund can be retried.');
    }
    const attempt = refund.gatewayRefundId ? refund.attempt + 1 : refund.attempt;
    await tx
      .update(refunds)
      .set({
        status: 'pending',
        error: null,
        updatedAt: new Date(),
        ...(refund.gatewayRefundId ? { gatewayRefundId: null, attempt } : {}),
      })
      .where(eq(refunds.id, refundId));
    await recordAudit(tx, actor, {
      action: 'order.refund_retry',
      entity: 'order',
      entityId: orderId,
      before: { refundId, status: refund.status, attempt: refund.attempt, error: refund.error },
      after: { refundId, status: 'pending', attempt, error: null },
    });
  });
  await processPartialRefund(ctx, refundId);
  return (await findOrder(ctx.db, orderId))!;
}

/** Pending partial refunds the gateway never answered (a stop in between) are asked for again. */
export async function sweepPendingPartialRefunds(ctx: RefundContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.gatewayRefundId),
        ne(refunds.gatewayPaise, 0),
        lt(refunds.updatedAt, sql`now() - make_interval(secs => ${STALE_PENDING_MS / 1000})`),
      ),
    )
    .limit(50);
  for (const { id } of stale) await processPartialRefund(ctx, id);
}
