import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { users } from '../../db/schema/index.ts';
import {
  enqueueCorrection,
  enqueueMessages,
  orderMessages,
  type MessageSettings,
  type OrderEvent,
} from '../messages/index.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Writes the messages an order event causes to the outbox, inside the transaction of the change: the
 * customer's SMS and e-mail (unless they switched e-mails off) and, for a new order, the shop's e-mail.
 * `occasion` tells events of one kind apart (a replay is not news). A `correction` corrects the kind's
 * earlier news (a mistyped tracking number): it replaces what was not sent yet, else follows it no
 * sooner than `gapMs` after.
 */
export async function tellOrderEvent(
  tx: Transaction,
  row: OrderRow,
  event: Pick<OrderEvent, 'kind' | 'shipment' | 'refund'> & { occasion?: string; correction?: { gapMs: number } },
  settings: MessageSettings,
): Promise<void> {
  const [account] = row.userId
    ? await tx.select({ orderEmails: users.orderEmails }).from(users).where(eq(users.id, row.userId))
    : [];
  const thread = `order:${row.id}:${event.kind}`;
  const messages = orderMessages(
    {
      kind: event.kind,
      orderId: row.id,
      totalPaise: row.totalPaise,
      paymentMethod: row.paymentMethod,
      customer: {
        name: row.customerName,
        phone: row.customerPhone,
        email: row.customerEmail,
        orderEmails: account?.orderEmails ?? true,
      },
      shipment: event.shipment,
      refund: event.refund,
      idempotencyKey: `${thread}${event.occasion ? `:${event.occasion}` : ''}`,
    },
    settings,
  );
  if (event.correction) await enqueueCorrection(tx, thread, messages, event.correction.gapMs);
  else await enqueueMessages(tx, messages);
}
