/**
 * Issue 29: an order's messages, as the outbox keeps them, and sending one again. The outbox has no
 * order column: a message belongs to an order through its idempotency key, which every writer starts
 * with the order's id (or its return's), so those prefixes are what is looked up.
 */
import { randomUUID } from 'node:crypto';
import { UUID_PATTERN, errorCodes, maskEmail, maskPhone, type OrderMessage } from '@rr/core';
import { and, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderReturns, orders, outboxMessages } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import type { OutboxMessage } from './outbox.ts';

/** The newest messages an order's list shows. */
const ORDER_MESSAGES_SHOWN = 200;

const orderNotFound = () => new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
const messageNotFound = () =>
  new DomainError('not_found', errorCodes.messageNotFound, 'This order has no message with that id.');

/** A copy's key: the original's (less any earlier copy's suffix), so it stays under the same order. */
const RESEND_SUFFIX = /:resend:[0-9a-f-]{36}$/;

/**
 * Which outbox rows are the order's: its own news (`order:<id>:`, with the shop's copy of a new
 * order), its review request and COD confirmation, and the news of its returns. Ids are UUIDs, so
 * they hold none of LIKE's wildcards.
 */
async function orderMessagesWhere(db: Database, orderId: string): Promise<SQL> {
  if (!UUID_PATTERN.test(orderId)) throw orderNotFound();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  const returns = await db.select({ id: orderReturns.id }).from(orderReturns).where(eq(orderReturns.orderId, orderId));
  const prefixes = [
    `order:${orderId}:`,
    `review_request:${orderId}:`,
    `cod_confirmation:${orderId}:`,
    ...returns.map((r) => `return:${r.id}:`),
  ];
  return or(...prefixes.map((prefix) => like(outboxMessages.idempotencyKey, `${prefix}%`)))!;
}

/** A message as support sees it: the recipient masked, its text left out. */
export function orderMessageOf(row: OutboxMessage): OrderMessage {
  return {
    _id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.channel === 'email' ? maskEmail(row.recipient) : maskPhone(row.recipient),
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** GET /api/orders/{id}/messages: the order's messages, newest first (404 for an unknown order). */
export async function listOrderMessages(db: Database, orderId: string): Promise<OrderMessage[]> {
  const where = await orderMessagesWhere(db, orderId);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(ORDER_MESSAGES_SHOWN);
  return rows.map(orderMessageOf);
}

/**
 * POST /api/orders/{id}/messages/{messageId}/resend: a copy of the order's message, as a new outbox
 * row to the same recipient, due now; the worker sends it as any other. Recorded as
 * `order.message_resend` on the order, in the same transaction.
 */
export async function resendOrderMessage(
  db: Database,
  actor: Actor,
  orderId: string,
  messageId: string,
): Promise<OrderMessage> {
  const where = await orderMessagesWhere(db, orderId);
  if (!UUID_PATTERN.test(messageId)) throw messageNotFound();
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.id, messageId), where));
    if (!original) throw messageNotFound();
    const { kind, channel, recipient, subject, text, html, template, variables } = original;
    const [copy] = await tx
      .insert(outboxMessages)
      .values({
        idempotencyKey: `${original.idempotencyKey.replace(RESEND_SUFFIX, '')}:resend:${randomUUID()}`,
        kind,
        channel,
        recipient,
        subject,
        text,
        html,
        template,
        variables,
      })
      .returning();
    const answer = orderMessageOf(copy!);
    await recordAudit(tx, actor, {
      action: 'order.message_resend',
      entity: 'order',
      entityId: orderId,
      before: null,
      after: { message: copy!.id, resendOf: original.id, kind, channel, recipient: answer.recipient },
    });
    return answer;
  });
}
