import {
  OPEN_RETURN_STATUSES,
  RETURN_LINE_REASONS,
  RETURN_WINDOW_DAYS,
  errorCodes,
  formatDateIST,
  shortOrderNumber,
  UUID_PATTERN,
  type OrderReturn,
  type ReturnRequestInput,
  type ReturnStatus,
  type Returnability,
} from '@rr/core';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { readTogether, type Database, type Transaction } from '../../db/client.ts';
import { orderItems, orderReturns, orders, refunds, users, type AfterSaleLine } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { assertMay, type AuthUser } from '../../plugins/auth.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { productLinesOf } from '../fulfilment/index.ts';
import { enqueueMessages, returnMessages, type MessageSettings, type ReturnUpdate } from '../messages/index.ts';
import { orderRowFor } from '../orders/index.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export type ReturnRow = typeof orderReturns.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
export const NOT_RETURNABLE = RETURN_LINE_REASONS.notReturnable;

export const returnNotFound = () => new DomainError('not_found', errorCodes.returnNotFound, 'Return not found');
export const returnConflict = (message: string) => new DomainError('conflict', errorCodes.returnStateConflict, message);

/** The last moment a return may be asked for: 7 days after delivery, to the end of that day in IST. */
export function returnByOf(row: Pick<OrderRow, 'deliveredAt'>): Date | null {
  if (!row.deliveredAt) return null;
  return new Date(row.deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

/** Units of each product line already given back or on their way back (open or closed returns, refunds). */
async function unitsTaken(
  db: Database | Transaction,
  orderId: string,
  exceptReturn?: string,
): Promise<Map<number, number>> {
  const [returns, refunded] = await readTogether(
    db,
    () =>
      db
        .select({ lines: orderReturns.lines, refundId: orderReturns.refundId })
        .from(orderReturns)
        .where(
          and(
            eq(orderReturns.orderId, orderId),
            ne(orderReturns.status, 'rejected'),
            exceptReturn ? ne(orderReturns.id, exceptReturn) : undefined,
          ),
        ),
    () =>
      db.select({ lines: refunds.lines, returnId: refunds.returnId }).from(refunds).where(eq(refunds.orderId, orderId)),
  );
  const taken = new Map<number, number>();
  const add = (lines: readonly AfterSaleLine[]) => {
    for (const l of lines) taken.set(l.lineNo, (taken.get(l.lineNo) ?? 0) + l.qty);
  };
  returns.forEach((r) => add(r.lines));
  // A refund of a return counts once (through its return); other refunds count on their own.
  refunded.filter((r) => !r.returnId).forEach((r) => add(r.lines));
  return taken;
}

/** Whether the order may be returned now, and how many units of each product line. */
export async function returnabilityOfRow(
  db: Database | Transaction,
  row: OrderRow,
  now = new Date(),
): Promise<Returnability & { items: ItemRow[] }> {
  const items = (await db.select().from(orderItems).where(eq(orderItems.orderId, row.id))).sort(
    (a, b) => a.lineNo - b.lineNo,
  );
  const taken = await unitsTaken(db, row.id);
  const returnBy = returnByOf(row);
  const lines = items
    .filter((i) => i.addOnOf == null)
    .map((i) => {
      const left = Math.max(0, i.qty - (taken.get(i.lineNo) ?? 0));
      return {
        product: i.productId,
        variant: i.variantId,
        name: i.variantName ? `${i.name} (${i.variantName})` : i.name,
        qty: i.qty,
        returnableQty: i.returnable ? left : 0,
        reason: !i.returnable ? NOT_RETURNABLE : left === 0 ? RETURN_LINE_REASONS.allReturned : null,
      };
    });
  return { refusal: refusalOf(row, returnBy, lines, now), returnBy: returnBy?.toISOString() ?? null, lines, items };
}

function refusalOf(
  row: OrderRow,
  returnBy: Date | null,
  lines: readonly { returnableQty: number; reason: string | null }[],
  now: Date,
): string | null {
  if (row.isCancelled) return 'A cancelled order cannot be returned.';
  if (!row.isDelivered || !returnBy) return 'Returns open once the order is delivered.';
  if (now.getTime() > returnBy.getTime())
    return `Returns for this order closed on ${formatDateIST(returnBy.toISOString())}.`;
  if (lines.every((l) => l.returnableQty === 0)) {
    return lines.every((l) => l.reason === NOT_RETURNABLE)
      ? NOT_RETURNABLE
      : 'Everything in this order has been returned.';
  }
  return null;
}

/** GET /api/orders/{id}/returnability: for the order's customer (or an admin). */
export async function returnability(db: Database, viewer: AuthUser, orderId: string): Promise<Returnability> {
  const row = await orderRowFor(db, viewer, orderId);
  const { items: _items, ...answer } = await returnabilityOfRow(db, row);
  return answer;
}

/** The customer's SMS/e-mail about a move of their return, in the move's transaction. */
export async function tellReturn(
  tx: Transaction,
  settings: MessageSettings,
  ret: ReturnRow,
  order: OrderRow,
  moves: number,
): Promise<void> {
  if (!['requested', 'more_info', 'approved', 'rejected', 'received', 'replaced'].includes(ret.status)) return;
  const [account] = order.userId
    ? await tx
        .select({ orderEmails: users.orderEmails, language: users.language })
        .from(users)
        .where(eq(users.id, order.userId))
    : [];
  const update: ReturnUpdate = {
    returnId: ret.id,
    orderId: order.id,
    status: ret.status as ReturnUpdate['status'],
    occasion: `${ret.status}:${moves}`,
    customer: {
      name: order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      orderEmails: account?.orderEmails ?? true,
      language: account?.language ?? 'en',
    },
    note: ret.ownerNote,
    pickup: ret.pickupCourier && ret.pickupAwb ? { courier: ret.pickupCourier, awb: ret.pickupAwb } : null,
    replacement:
      ret.replacementCourier && ret.replacementAwb
        ? { courier: ret.replacementCourier, awb: ret.replacementAwb }
        : null,
  };
  await enqueueMessages(tx, returnMessages(update, settings));
}

/**
 * Who a return is opened for: the order's own customer asking, or (issue 29) staff with `returns.open`
 * opening it for the customer who asked by phone. Other staff are refused (403); anyone else's order is
 * not found, as when reading it.
 */
async function returnOpener(
  db: Database,
  viewer: AuthUser,
  orderId: string,
): Promise<{ customerId: string; byStaff: boolean }> {
  const [owner] = UUID_PATTERN.test(orderId)
    ? await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
    : [];
  const own = owner !== undefined && owner.userId === viewer.id;
  if (!own && viewer.role) assertMay(viewer, 'returns.open');
  const visible = await orderRowFor(db, viewer, orderId);
  if (visible.userId === null) {
    throw new DomainError(
      'conflict',
      errorCodes.returnNotAllowed,
      'The customer’s account was deleted: a return cannot be opened for this order.',
    );
  }
  return { customerId: visible.userId, byStaff: visible.userId !== viewer.id };
}

/** A new return as its `return.open` entry shows it. */
const openedFields = (ret: ReturnRow) => ({
  order: ret.orderId,
  status: ret.status,
  resolution: ret.resolution,
  lines: ret.lines.map((l) => ({ lineNo: l.lineNo, qty: l.qty })),
  reason: ret.reason,
});

/**
 * POST /api/orders/{id}/returns: the customer asks to return units of returnable lines, within the
 * window; or staff open it for them (recorded as `return.open`, in the return's transaction).
 */
export async function openReturn(
  db: Database,
  settings: MessageSettings,
  viewer: AuthUser,
  actor: Actor,
  orderId: string,
  input: ReturnRequestInput,
): Promise<OrderReturn> {
  const { customerId, byStaff } = await returnOpener(db, viewer, orderId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const able = await returnabilityOfRow(tx, row!);
    if (able.refusal) throw new DomainError('conflict', errorCodes.returnNotAllowed, able.refusal);
    const lines = productLinesOf(able.items, input.lines);
    for (const line of lines) {
      const item = able.items.find((i) => i.lineNo === line.lineNo)!;
      const offered = able.lines.find((l) => l.product === item.productId && l.variant === item.variantId);
      if (!offered || line.qty > offered.returnableQty) {
        throw new DomainError(
          'conflict',
          errorCodes.returnNotAllowed,
          offered?.reason ?? `Only ${offered?.returnableQty ?? 0} of ${item.name} can be returned.`,
        );
      }
    }
    const [ret] = await tx
      .insert(orderReturns)
      .values({
        orderId,
        userId: customerId,
        resolution: input.resolution ?? 'refund',
        lines,
        reason: input.reason,
        photos: input.photos ?? [],
        videoUrl: input.videoUrl || null,
      })
      .returning();
    await tellReturn(tx, settings, ret!, row!, 0);
    if (byStaff) {
      await recordAudit(tx, actor, {
        action: 'return.open',
        entity: 'return',
        entityId: ret!.id,
        before: null,
        after: openedFields(ret!),
      });
    }
    return ret!.id;
  });
  return (await returnsWhere(db, eq(orderReturns.id, id)))[0]!;
}

/** Returns as answered: with the order's number, customer, and the names of the lines. */
export async function returnsWhere(
  db: Database | Transaction,
  where: SQL | undefined,
  limit = 200,
): Promise<OrderReturn[]> {
  const rows = await db
    .select({ ret: orderReturns, order: orders })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(where)
    .orderBy(
      sql`case when ${orderReturns.status} in (${sql.join(
        OPEN_RETURN_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}) then 0 else 1 end`,
      desc(orderReturns.createdAt),
    )
    .limit(limit);
  const orderIds = [...new Set(rows.map((r) => r.order.id))];
  const items = orderIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.lineNo))
    : [];
  return rows.map(({ ret, order }) =>
    answerOf(
      ret,
      order,
      items.filter((i) => i.orderId === order.id),
    ),
  );
}

function answerOf(ret: ReturnRow, order: OrderRow, items: readonly ItemRow[]): OrderReturn {
  return {
    _id: ret.id,
    order: order.id,
    orderNumber: shortOrderNumber(order.id),
    customer: { name: order.customerName, phone: order.customerPhone },
    status: ret.status,
    resolution: ret.resolution,
    lines: ret.lines.map((l) => {
      const item = items.find((i) => i.lineNo === l.lineNo);
      return {
        product: l.productId,
        variant: item?.variantId ?? null,
        name: item ? (item.variantName ? `${item.name} (${item.variantName})` : item.name) : 'Item',
        qty: l.qty,
      };
    }),
    reason: ret.reason,
    photos: ret.photos,
    videoUrl: ret.videoUrl,
    ownerNote: ret.ownerNote,
    customerNote: ret.customerNote,
    pickup:
      ret.pickupAwb || ret.pickupProvider
        ? { provider: ret.pickupProvider, courier: ret.pickupCourier, trackingNumber: ret.pickupAwb }
        : null,
    refund: ret.refundId,
    replacement:
      ret.replacementCourier && ret.replacementAwb
        ? { courier: ret.replacementCourier, trackingNumber: ret.replacementAwb }
        : null,
    createdAt: ret.createdAt.toISOString(),
    updatedAt: ret.updatedAt.toISOString(),
  };
}

/** GET /api/orders/{id}/returns: the order's returns, for its customer or an admin. */
export async function returnsOfOrder(db: Database, viewer: AuthUser, orderId: string): Promise<OrderReturn[]> {
  await orderRowFor(db, viewer, orderId);
  return returnsWhere(db, eq(orderReturns.orderId, orderId));
}

/** GET /api/returns (admin): open first, newest first; by status or order. */
export async function listReturns(
  db: Database,
  query: { status?: ReturnStatus | undefined; order?: string | undefined },
) {
  if (query.order !== undefined && !UUID_PATTERN.test(query.order)) return [];
  const where = and(
    query.status ? eq(orderReturns.status, query.status) : undefined,
    query.order ? eq(orderReturns.orderId, query.order) : undefined,
  );
  return returnsWhere(db, where);
}

export { unitsTaken };
