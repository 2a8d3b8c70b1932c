import {
  may,
  RETURN_ACTION_PERMISSIONS,
  errorCodes,
  UUID_PATTERN,
  type OrderReturn,
  type ReturnActionInput,
  type ReturnStatus,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import type { TrackingEvent } from '../../adapters/courier/index.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { orderItems, orderReturns, orders } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { assertMay, type AuthUser } from '../../plugins/auth.ts';
import { recordChange, type Actor } from '../audit/index.ts';
import {
  bookReturnPickup,
  processPartialRefund,
  recordPartialRefund,
  type FulfilmentContext,
} from '../fulfilment/index.ts';
import type { MessageSettings } from '../messages/index.ts';
import { returnStock, takeCart } from '../stock/index.ts';
import { returnConflict, returnNotFound, returnsWhere, tellReturn, type ReturnRow } from './service.ts';

type OrderRow = typeof orders.$inferSelect;
type Pickup = Awaited<ReturnType<typeof bookReturnPickup>>;

/** Which states each action moves a return from, and to. */
const MOVES: Record<ReturnActionInput['action'], { from: readonly ReturnStatus[]; to: ReturnStatus }> = {
  approve: { from: ['requested', 'more_info'], to: 'approved' },
  reject: { from: ['requested', 'more_info'], to: 'rejected' },
  more_info: { from: ['requested'], to: 'more_info' },
  reply: { from: ['more_info'], to: 'requested' },
  received: { from: ['approved'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  credit: { from: ['received'], to: 'credited' },
  replace: { from: ['received'], to: 'replaced' },
};

const STATE_WORDS: Record<ReturnStatus, string> = {
  requested: 'waits for your decision',
  more_info: 'waits for the customer’s answer',
  approved: 'is approved and waits for the parcel',
  rejected: 'was rejected',
  received: 'is received',
  refunded: 'is refunded',
  replaced: 'was replaced',
  credited: 'was settled with store credit',
};

/** What staff change on a return, as its audit entries show it. */
function returnStateOf(ret: ReturnRow): Record<string, unknown> {
  return {
    status: ret.status,
    ownerNote: ret.ownerNote,
    customerNote: ret.customerNote,
    photos: ret.photos.length,
    pickupCourier: ret.pickupCourier,
    pickupAwb: ret.pickupAwb,
    refundId: ret.refundId,
    replacementCourier: ret.replacementCourier,
    replacementAwb: ret.replacementAwb,
    closedAt: ret.closedAt?.toISOString() ?? null,
  };
}

const needs = (field: string, why: string) =>
  new DomainError('invalid_data', errorCodes.validationFailed, `${field} is required ${why}`);

/** The checks an action makes on its input before anything is read. */
function checkInput(input: ReturnActionInput): void {
  if ((input.action === 'reject' || input.action === 'more_info') && !input.note) {
    throw needs('note', input.action === 'reject' ? 'to say why the return is rejected' : 'to say what more is needed');
  }
  if (input.action === 'reply' && !input.note && !input.photos?.length) throw needs('note', 'or photos to answer');
  if (input.action === 'replace' && (!input.courier || !input.trackingNumber)) {
    throw needs('courier and trackingNumber', 'of the replacement parcel');
  }
  if (input.action === 'approve' && Boolean(input.courier) !== Boolean(input.trackingNumber)) {
    throw needs('courier and trackingNumber', 'together for a pickup arranged by hand (or neither, to book it)');
  }
}

/** The return and its order, locked (the order first, as every change of an order locks it). */
async function lockReturn(tx: Transaction, returnId: string): Promise<{ ret: ReturnRow; order: OrderRow }> {
  const [found] = await tx
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(eq(orderReturns.id, returnId));
  if (!found) throw returnNotFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  return { ret: ret!, order: order! };
}

/**
 * PUT /api/returns/{id}: moves a return (decision 0043). The owner moves it through its states; the
 * customer answers a request for more. A reverse pickup is booked with the courier service before the
 * move's transaction (the call may take seconds) and recorded in it; a refund's gateway part is asked
 * for after it.
 */
export async function moveReturn(
  ctx: FulfilmentContext,
  viewer: AuthUser,
  actor: Actor,
  returnId: string,
  input: ReturnActionInput,
): Promise<OrderReturn> {
  if (!UUID_PATTERN.test(returnId)) throw returnNotFound();
  checkInput(input);
  const [seen] = await ctx.db
    .select({ ret: orderReturns, order: orders })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(eq(orderReturns.id, returnId));
  const own = seen?.order.userId === viewer.id;
  if (!seen || (!own && !may(viewer.role, 'orders.read'))) throw returnNotFound();
  // Issue 29: every move but the customer's own reply is staff's, and recorded as `return.<action>`.
  const byStaff = !(own && input.action === 'reply');
  if (byStaff) assertMay(viewer, RETURN_ACTION_PERMISSIONS[input.action]);
  const move = MOVES[input.action];
  refuseMove(seen.ret, move.from, input.action);
  const pickup =
    input.action === 'approve' && !input.courier
      ? await bookReturnPickup(ctx, seen.order, { returnId, lines: seen.ret.lines, reason: seen.ret.reason })
      : null;
  let pendingRefund: string | null = null;
  await ctx.db.transaction(async (tx) => {
    const { ret, order } = await lockReturn(tx, returnId);
    refuseMove(ret, move.from, input.action);
    const now = new Date();
    const { change, refund } = await changeOf(ctx, tx, { ret, order, viewer, input, pickup, now });
    change.status = move.to;
    if (refund?.status === 'pending') pendingRefund = refund.id;
    const [moved] = await tx.update(orderReturns).set(change).where(eq(orderReturns.id, returnId)).returning();
    await tellReturn(tx, ctx.messages, moved!, order, now.getTime());
    if (byStaff) {
      await recordChange(tx, actor, {
        action: `return.${input.action}`,
        entity: 'return',
        entityId: returnId,
        before: returnStateOf(ret),
        after: returnStateOf(moved!),
      });
    }
  });
  if (pendingRefund) await processPartialRefund(ctx, pendingRefund);
  return (await returnsWhere(ctx.db, eq(orderReturns.id, returnId)))[0]!;
}

type Move = {
  ret: ReturnRow;
  order: OrderRow;
  viewer: AuthUser;
  input: ReturnActionInput;
  pickup: Pickup | null;
  now: Date;
};
type Change = { change: Partial<typeof orderReturns.$inferInsert>; refund?: { id: string; status: string } };

/** The pickup booked with the courier service, or the courier and AWB the owner arranged. */
function approval({ input, pickup, now }: Move): Change {
  return {
    change: {
      updatedAt: now,
      pickupProvider: pickup?.provider ?? null,
      pickupReference: pickup?.providerShipmentId ?? null,
      pickupCourier: pickup?.courierName ?? input.courier ?? null,
      pickupAwb: pickup?.awb ?? input.trackingNumber ?? null,
      ownerNote: input.note ?? null,
    },
  };
}

/** A refund (or store credit) of the return's lines: the partial refund it records closes it. */
async function settlement(ctx: FulfilmentContext, tx: Transaction, { ret, order, input, viewer, now }: Move) {
  const refund = await recordPartialRefund(tx, ctx, order, {
    lines: ret.lines,
    method: input.action === 'credit' ? 'store_credit' : input.method,
    transferReference: input.transferReference,
    actorId: viewer.id,
    returnId: ret.id,
  });
  return { change: { updatedAt: now, refundId: refund.id, closedAt: now }, refund };
}

/** What an action writes on the return (and, for money, the refund it records). */
async function changeOf(ctx: FulfilmentContext, tx: Transaction, m: Move): Promise<Change> {
  const { ret, input, now } = m;
  switch (input.action) {
    case 'approve':
      return approval(m);
    case 'reject':
    case 'more_info':
      return { change: { updatedAt: now, ownerNote: input.note! } };
    case 'reply':
      return {
        change: {
          updatedAt: now,
          customerNote: input.note ?? null,
          photos: [...ret.photos, ...(input.photos ?? [])].slice(0, 10),
        },
      };
    case 'refund':
    case 'credit':
      return settlement(ctx, tx, m);
    case 'received':
      if (input.restock) await restock(tx, m.order, ret, m.viewer.id);
      return { change: { updatedAt: now } };
    case 'replace':
      await sendReplacement(tx, m.order, ret, m.viewer.id);
      return {
        change: {
          updatedAt: now,
          replacementCourier: input.courier!,
          replacementAwb: input.trackingNumber!,
          closedAt: now,
        },
      };
    default:
      return { change: { updatedAt: now } };
  }
}

function refuseMove(ret: ReturnRow, from: readonly ReturnStatus[], action: string): void {
  if (!from.includes(ret.status)) {
    throw returnConflict(`This return ${STATE_WORDS[ret.status]}: it cannot be moved by "${action}" now.`);
  }
}

/** The return's units as stock lines (of products still in the catalog). */
async function stockLinesOf(tx: Transaction, order: OrderRow, ret: ReturnRow) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return ret.lines.flatMap((l) => {
    const item = items.find((i) => i.lineNo === l.lineNo);
    return item?.productId
      ? [{ productId: item.productId, variantId: item.variantId, name: item.name, qty: l.qty }]
      : [];
  });
}

/** A replacement takes the returned units from stock again (409 SOLD_OUT when there are not enough). */
async function sendReplacement(tx: Transaction, order: OrderRow, ret: ReturnRow, actorId: string): Promise<void> {
  await takeCart(tx, await stockLinesOf(tx, order, ret), { reason: 'order', actorId, reference: ret.id });
}

/** Returned units the owner found fit to sell go back in stock (customers waiting for them are told). */
async function restock(tx: Transaction, order: OrderRow, ret: ReturnRow, actorId: string): Promise<void> {
  await returnStock(tx, await stockLinesOf(tx, order, ret), { reason: 'return', actorId, reference: ret.id });
}

/**
 * Issue 28: the courier's tracking events of reverse pickups (the same webhook as parcels sent). When
 * the returned parcel is delivered to the shop, an approved return is marked received, and its customer
 * told, once. Answers whether the AWB was a return's.
 */
export function returnPickupTracker(db: Database, messages: MessageSettings) {
  return async (event: TrackingEvent): Promise<boolean> => {
    const [found] = await db
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(eq(orderReturns.pickupAwb, event.awb))
      .limit(1);
    if (!found) return false;
    if (event.status !== 'delivered') return true;
    await db.transaction(async (tx) => {
      const { ret, order } = await lockReturn(tx, found.id);
      if (ret.status !== 'approved') return;
      const now = new Date();
      const [moved] = await tx
        .update(orderReturns)
        .set({ status: 'received', updatedAt: now })
        .where(eq(orderReturns.id, ret.id))
        .returning();
      await tellReturn(tx, messages, moved!, order, now.getTime());
    });
    return true;
  };
}
