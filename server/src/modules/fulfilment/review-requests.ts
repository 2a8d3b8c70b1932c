import { REVIEW_REQUEST_DAYS } from '@rr/core';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { orderItems, users, type orders } from '../../db/schema/index.ts';
import { enqueueMessages, reviewRequestMessages, type MessageSettings } from '../messages/index.ts';
import { reviewedProducts } from '../reviews/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 28: a delivery asks the customer, REVIEW_REQUEST_DAYS later, to review what they bought and
 * have not reviewed yet. Written in the delivery's transaction with that send time, so it exists
 * exactly when the delivery does; keyed by the order, so a delivery told twice asks once. Products
 * reviewed after today are still asked about: the request is written now, not at sending time.
 */
export async function requestReviews(
  tx: Transaction,
  row: typeof orders.$inferSelect,
  deliveredAt: Date,
  settings: MessageSettings,
): Promise<void> {
  if (!row.userId) return;
  const [account] = await tx
    .select({ orderEmails: users.orderEmails, whatsappOptInAt: users.whatsappOptInAt, language: users.language })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!account) return;
  const lines = await tx
    .select({ id: orderItems.productId, name: orderItems.name, nameHi: orderItems.nameHi })
    .from(orderItems)
    // Product lines only (add-ons are extras of a line), and products still in the catalog.
    .where(and(eq(orderItems.orderId, row.id), isNull(orderItems.addOnOf), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.lineNo));
  // One request a product, however many lines (variants) of it the order has; named in the customer's
  // language (issue 30: the Hindi name it was bought with, when it had one).
  const names = new Map<string, string>();
  for (const { id, name, nameHi } of lines) {
    if (id && !names.has(id)) names.set(id, (account.language === 'hi' && nameHi) || name);
  }
  const reviewed = await reviewedProducts(tx, row.userId, [...names.keys()]);
  const products = [...names].filter(([id]) => !reviewed.has(id)).map(([id, name]) => ({ id, name }));
  const messages = reviewRequestMessages(
    {
      orderId: row.id,
      customer: {
        name: row.customerName,
        phone: row.customerPhone,
        email: row.customerEmail,
        orderEmails: account.orderEmails,
        whatsapp: Boolean(account.whatsappOptInAt),
        language: account.language,
      },
      products,
      notBefore: new Date(deliveredAt.getTime() + REVIEW_REQUEST_DAYS * DAY_MS),
    },
    settings,
  );
  await enqueueMessages(tx, messages);
}
