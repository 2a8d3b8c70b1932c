import { DEFAULT_PAYMENT_METHOD, errorCodes, may, trackingUrl, type Order, type ShipOrderBody } from '@rr/core';
import { eq } from 'drizzle-orm';
import { orderItems } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { assertMay, type AuthUser } from '../../plugins/auth.ts';
import { releaseOfferUses } from '../offers/index.ts';
import {
  changeOrder,
  findOrder,
  invalidChange,
  recordCancellation,
  recordDelivery,
  recordOrderChange,
  recordShipment,
} from '../orders/index.ts';
import type { Actor } from '../audit/index.ts';
import { countUnitsSold, returnStock } from '../stock/index.ts';
import { bookParcel } from './booking.ts';
import type { FulfilmentContext } from './context.ts';
import { newInvoice } from './invoices.ts';
import { tellOrderEvent } from './order-events.ts';
import { processRefund, settleCancellation } from './refunds.ts';
import { tellDelivered } from './review-requests.ts';

export type { FulfilmentContext };

/** A customer hears of a shipment's corrections at most this often (an admin may fix a number twice). */
const SHIPMENT_CORRECTION_GAP_MS = 60_000;

/**
 * Hands an order to a courier: records the courier and tracking number, issues the tax invoice (once)
 * and tells the customer. Shipping an order again corrects its shipment (a mistyped AWB); the customer
 * is told of the new tracking number, at most once a minute; the invoice stays.
 */
export function shipOrder(ctx: FulfilmentContext, id: string, body: ShipOrderBody, actor: Actor): Promise<Order> {
  const audit = { actor, action: 'order.ship' };
  // Issue 27: without a courier and AWB the parcel is booked through the courier service.
  if (!body?.courier || !body.trackingNumber) return bookParcel(ctx, id, audit);
  const manual = { courier: body.courier, trackingNumber: body.trackingNumber };
  return changeOrder(
    ctx.db,
    id,
    async (tx, row) => {
      if (row.isCancelled) throw invalidChange(errorCodes.orderCancelled, 'A cancelled order cannot be shipped.');
      if (row.isDelivered) throw invalidChange(errorCodes.orderDelivered, 'This order is already delivered.');
      if (row.isShipped && row.courier === manual.courier && row.trackingNumber === manual.trackingNumber) return;
      const now = new Date();
      // An order still awaiting its customer's code was confirmed another way (a call, decision 0030): it
      // stops waiting (its code is no longer asked for) and can no longer cancel itself.
      await recordShipment(tx, row, manual, now, await newInvoice(tx, row, ctx.seller, ctx.pincodes, now));
      await tellOrderEvent(
        tx,
        row,
        {
          kind: 'order_shipped',
          occasion: manual.trackingNumber,
          ...(row.isShipped ? { correction: { gapMs: SHIPMENT_CORRECTION_GAP_MS } } : {}),
          shipment: { ...manual, trackingUrl: trackingUrl(manual.courier, manual.trackingNumber) },
        },
        ctx.messages,
      );
    },
    audit,
  );
}

/**
 * Marks an order delivered, once; an order never shipped was handed over (hand delivery) and gets its
 * invoice now. With `cashCollected`, a Cash on Delivery order is marked paid at the same moment.
 */
export function markDelivered(
  ctx: FulfilmentContext,
  id: string,
  options: { cashCollected?: boolean },
  actor: Actor,
): Promise<Order> {
  return changeOrder(
    ctx.db,
    id,
    async (tx, row) => {
      if (row.isCancelled) throw invalidChange(errorCodes.orderCancelled, 'A cancelled order cannot be delivered.');
      if (row.isDelivered) throw invalidChange(errorCodes.orderDelivered, 'This order is already marked as delivered.');
      const collect = options.cashCollected === true;
      if (collect && row.paymentMethod !== DEFAULT_PAYMENT_METHOD)
        throw invalidChange(errorCodes.notCashOnDelivery, 'Only a Cash on Delivery order is marked paid by hand.');
      if (collect && row.isPaid) throw invalidChange(errorCodes.orderPaid, 'This order is already marked as paid.');
      const now = new Date();
      // An order never shipped is invoiced now, in the same update of its row.
      await recordDelivery(tx, id, now, collect, await newInvoice(tx, row, ctx.seller, ctx.pincodes, now));
      await tellDelivered(tx, row, now, ctx.messages);
    },
    { actor, action: 'order.deliver' },
  );
}

/**
 * Cancels an order not yet handed to a courier (PRODUCT.md: after dispatch nobody cancels; the parcel
 * comes back or the customer returns it): its stock goes back (for products still in the catalog),
 * recorded as the admin's, a paid online order is refunded through the gateway (after the commit, so a
 * slow gateway never holds the order's lock), and the customer is told.
 */
export async function cancelOrder(ctx: FulfilmentContext, id: string, user: AuthUser, actor: Actor): Promise<Order> {
  let refund = false;
  const cancelled = await changeOrder(ctx.db, id, async (tx, row) => {
    // Issue 28: a customer cancels their own order (anyone else's is not found, as when reading it);
    // issue 29: staff who may read it are told when their role may not cancel it.
    const byStaff = row.userId !== user.id;
    if (byStaff) {
      if (!may(user.role, 'orders.read'))
        throw new DomainError('not_found', errorCodes.orderNotFound, 'Order not found');
      assertMay(user, 'orders.cancel');
    }
    if (row.isCancelled) throw invalidChange(errorCodes.orderCancelled, 'This order is already cancelled.');
    if (row.isDelivered) throw invalidChange(errorCodes.orderDelivered, 'A delivered order cannot be cancelled.');
    if (row.isShipped) {
      throw new DomainError(
        'conflict',
        errorCodes.orderShipped,
        'This order has been handed to the courier and can no longer be cancelled. Wait for the parcel to come back, or for the customer to return it.',
      );
    }
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
    await returnStock(tx, lines, { reason: 'cancel', actorId: user.id, reference: id });
    await countUnitsSold(tx, lines, -1);
    const now = new Date();
    await recordCancellation(tx, id, now);
    // A cancelled order gives its coupon's use back (issue 26).
    await releaseOfferUses(tx, { orderId: id });
    refund = await settleCancellation(tx, row, now);
    await tellOrderEvent(tx, row, { kind: 'order_cancelled' }, ctx.messages);
    // Issue 29: staff cancelling a customer's order is recorded; a customer cancelling their own is not.
    if (byStaff) await recordOrderChange(tx, row, { actor, action: 'order.cancel' });
  });
  if (!refund) return cancelled;
  await processRefund(ctx, id);
  return (await findOrder(ctx.db, id)) ?? cancelled;
}
