import { REVIEW_REQUEST_DAYS } from '@rr/core';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { orderItems, type orders } from '../../db/schema/index.ts';
import { enqueueMessages, reviewRequestMessages, type MessageSettings } from '../messages/index.ts';
import { reviewedBy } from '../reviews/index.ts';
import { messageAccountOf, tellOrderEvent, type MessageAccount } from './order-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 28: a delivery asks the customer, REVIEW_REQUEST_DAYS later, to review what they bought and
 * have not reviewed yet. Written in the delivery's transaction with that send time, so it exists
 * exactly when the delivery does; keyed by the order, so a delivery told twice asks once. Products
 * reviewed after today are still asked about: the request is written now, not at sending time.
 */
async function requestReviews(
  tx: Transaction,
  row: typeof orders.$inferSelect,
  deliveredAt: Date,
  settings: MessageSettings,
  /** The customer's account as `tellDelivered` read it (none: no request). */
  account: MessageAccount | null,
): Promise<void> {
  if (!row.userId || !account) return;
  const lines = await tx
    .select({
      id: orderItems.productId,
      name: orderItems.name,
      nameHi: orderItems.nameHi,
      reviewed: reviewedBy(row.userId, sql.raw('order_items.product_id')),
    })
    .from(orderItems)
    // Product lines only (add-ons are extras of a line), and products still in the catalog.
    .where(and(eq(orderItems.orderId, row.id), isNull(orderItems.addOnOf), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.lineNo));
  // One request a product the customer has not reviewed yet, however many lines (variants) of it the
  // order has; named in the customer's language (issue 30: the Hindi name it was bought with, when it had one).
  const names = new Map<string, string>();
  for (const { id, name, nameHi, reviewed } of lines) {
    if (id && !reviewed && !names.has(id)) names.set(id, (account.language === 'hi' && nameHi) || name);
  }
  const products = [...names].map(([id, name]) => ({ id, name }));
  const messages = reviewRequestMessages(
    {
      orderId: row.id,
      customer: {
        name: row.customerName,
        phone: row.customerPhone,
        email: row.customerEmail,
        orderEmails: account.orderEmails,
        whatsapp: account.whatsapp,
        language: account.language,
      },
      products,
      notBefore: new Date(deliveredAt.getTime() + REVIEW_REQUEST_DAYS * DAY_MS),
    },
    settings,
  );
  await enqueueMessages(tx, messages);
}

/** A delivery's news: the customer is told now and asked for reviews later (their account read once). */
export async function tellDelivered(
  tx: Transaction,
  row: typeof orders.$inferSelect,
  deliveredAt: Date,
  settings: MessageSettings,
): Promise<void> {
  const account = row.userId ? await messageAccountOf(tx, row.userId) : null;
  await tellOrderEvent(tx, row, { kind: 'order_delivered' }, settings, account);
  await requestReviews(tx, row, deliveredAt, settings, account);
}
