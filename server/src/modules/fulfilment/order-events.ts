import { invoiceDiscounts } from '@rr/core';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
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

/** The order's lines as the buyer chose them: each product line with its variant and its add-ons' texts. */
export async function orderEventItems(tx: Transaction, orderId: string): Promise<OrderEventItem[]> {
  const rows = await tx
    .select({
      lineNo: orderItems.lineNo,
      name: orderItems.name,
      nameHi: orderItems.nameHi,
      qty: orderItems.qty,
      variantName: orderItems.variantName,
      addOnId: orderItems.addOnId,
      addOnOf: orderItems.addOnOf,
      addOnValues: orderItems.addOnValues,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.lineNo));
  const lines = await withAddOnFieldOrder(tx, rows);
  return lines
    .filter((line) => line.addOnOf == null)
    .map((line) => ({
      name: line.name,
      nameHi: line.nameHi,
      qty: line.qty,
      variantName: line.variantName,
      addOns: lines
        .filter((a) => a.addOnOf === line.lineNo)
        .map((a) => ({ name: a.name, values: a.addOnValues ?? {} })),
    }));
}

/**
 * What the offers took off the order: its coupon as the order keeps it, and each sale's shares on its
 * lines added up by label (the invoice's sums).
 */
export async function orderSavings(tx: Transaction, row: OrderRow): Promise<OrderSavings> {
  const lines = await tx
    .select({ adjustments: orderItems.adjustments })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id));
  return {
    coupon: row.couponCode === null ? null : { code: row.couponCode, amountPaise: row.couponDiscountPaise ?? 0 },
    sales: invoiceDiscounts(lines)
      .filter((d) => d.kind === 'sale')
      .map(({ label, amountPaise }) => ({ label, amountPaise })),
  };
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
): Promise<void> {
  const [account] = row.userId
    ? await tx
        .select({ orderEmails: users.orderEmails, whatsappOptInAt: users.whatsappOptInAt, language: users.language })
        .from(users)
        .where(eq(users.id, row.userId))
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
        whatsapp: Boolean(account?.whatsappOptInAt),
        // Issue 30: the account's language now, when the message is written.
        language: account?.language ?? 'en',
      },
      shipment: event.shipment,
      refund: event.refund,
      tracking: event.tracking,
      ...(event.kind === 'order_placed'
        ? { items: await orderEventItems(tx, row.id), savings: await orderSavings(tx, row) }
        : {}),
      idempotencyKey: `${thread}${event.occasion ? `:${event.occasion}` : ''}`,
    },
    settings,
  );
  if (event.correction) await enqueueCorrection(tx, thread, messages, event.correction.gapMs);
  else await enqueueMessages(tx, messages);
}
