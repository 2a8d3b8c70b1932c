import { invoiceDiscounts, type Language } from '@rr/core';
import { asc, eq, sql } from 'drizzle-orm';
import { hotStatement, type Transaction } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { orderItems, users } from '../../db/schema/index.ts';
import {
  enqueueCorrection,
  enqueueMessages,
  orderMessages,
  type MessageSettings,
  type OrderEvent,
  type OrderEventItem,
  type OrderSavings,
} from '../messages/index.ts';
import { withAddOnFieldOrder } from '../orders/index.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * What a new order's news says beyond its row, from one read of its lines: the lines as the buyer chose
 * them (each product line with its variant and its add-ons' texts) and what the offers took off (its
 * coupon as the order keeps it, each sale's shares on its lines added up by label, the invoice's sums).
 */
async function placedOrderNews(
  tx: Transaction,
  row: OrderRow,
): Promise<{ items: OrderEventItem[]; savings: OrderSavings }> {
  const rows = await tx
    .select({
      lineNo: orderItems.lineNo,
      name: orderItems.name,
      nameHi: orderItems.nameHi,
      qty: orderItems.qty,
      variantName: orderItems.variantName,
      variantNameHi: orderItems.variantNameHi,
      addOnId: orderItems.addOnId,
      addOnOf: orderItems.addOnOf,
      addOnValues: orderItems.addOnValues,
      addOnFieldNamesHi: orderItems.addOnFieldNamesHi,
      adjustments: orderItems.adjustments,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.lineNo));
  const lines = await withAddOnFieldOrder(tx, rows);
  const items = lines
    .filter((line) => line.addOnOf == null)
    .map((line) => ({
      name: line.name,
      nameHi: line.nameHi,
      qty: line.qty,
      variantName: line.variantName,
      variantNameHi: line.variantNameHi,
      addOns: lines
        .filter((a) => a.addOnOf === line.lineNo)
        .map((a) => ({
          name: a.name,
          nameHi: a.nameHi,
          values: a.addOnValues ?? {},
          fieldNamesHi: a.addOnFieldNamesHi,
        })),
    }));
  const savings = {
    coupon: row.couponCode === null ? null : { code: row.couponCode, amountPaise: row.couponDiscountPaise ?? 0 },
    sales: invoiceDiscounts(rows)
      .filter((d) => d.kind === 'sale')
      .map(({ label, amountPaise }) => {
        // Its name and percent as the lines kept them (issue 30: the Hindi e-mail says them in Hindi).
        const terms = rows.flatMap((line) => line.adjustments ?? []).find((a) => a.label === label)?.terms;
        return { label, amountPaise, ...(terms && { terms }) };
      }),
  };
  return { items, savings };
}

/** What an order's messages need of its customer's account: its e-mail and WhatsApp choices and language. */
export interface MessageAccount {
  orderEmails: boolean;
  whatsapp: boolean;
  language: Language;
}

const messageChoices = hotStatement((db) =>
  db
    .select({ orderEmails: users.orderEmails, whatsappOptInAt: users.whatsappOptInAt, language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** The account's message choices (null: no such account any more). */
export async function messageAccountOf(tx: Transaction, userId: string): Promise<MessageAccount | null> {
  const [account] = await messageChoices(tx, { userId });
  return account
    ? { orderEmails: account.orderEmails, whatsapp: Boolean(account.whatsappOptInAt), language: account.language }
    : null;
}

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
  event: Pick<OrderEvent, 'kind' | 'shipment' | 'refund' | 'tracking'> & {
    occasion?: string;
    correction?: { gapMs: number };
  },
  settings: MessageSettings,
  /** The account as the caller read it in this transaction (read here when not given). */
  known?: MessageAccount | null,
): Promise<void> {
  const account = known !== undefined ? known : row.userId ? await messageAccountOf(tx, row.userId) : null;
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
        whatsapp: account?.whatsapp ?? false,
        // Issue 30: the account's language now, when the message is written.
        language: account?.language ?? 'en',
      },
      shipment: event.shipment,
      refund: event.refund,
      tracking: event.tracking,
      ...(event.kind === 'order_placed' ? await placedOrderNews(tx, row) : {}),
      idempotencyKey: `${thread}${event.occasion ? `:${event.occasion}` : ''}`,
    },
    settings,
  );
  if (event.correction) await enqueueCorrection(tx, thread, messages, event.correction.gapMs);
  else await enqueueMessages(tx, messages);
}
