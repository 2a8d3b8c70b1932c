import { ONLINE_PAYMENT_METHOD, formatRupees, type Order, type Permission } from '@rr/core';
import type { MouseEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { useUserInfo } from '../../account/index.ts';
import { useOrderAction, type AdminOrderAction } from '../api.ts';
import styles from '../pages/orders.module.css';
import { CustomerActions } from './customer-actions.tsx';
import { permissionsOf } from '../../../lib/staff-pages.ts';

/** The admin's confirm prompt: what the action will do, money first. */
function confirmText(what: AdminOrderAction, order: Order): string {
  switch (what) {
    case 'deliver':
      return 'Are you sure you want to mark this order as delivered?';
    case 'deliver-and-collect':
      return `Mark this order delivered and its ${formatRupees(order.totalPrice)} collected in cash?`;
    case 'pay':
      return 'Mark this Cash on Delivery order as paid? Do this once the cash has been collected.';
    case 'refund':
      return `Try the refund of ${formatRupees(order.refund?.amount ?? order.totalPrice)} again?`;
    case 'cancel': {
      const prompt = 'Cancel this order? Its items go back into stock.';
      if (!order.isPaid) return prompt;
      const amount = formatRupees(order.totalPrice);
      return order.paymentMethod === ONLINE_PAYMENT_METHOD
        ? `${prompt}\n\nIt was paid online: ${amount} will be refunded to the customer through Razorpay.`
        : `${prompt}\n\nThe customer has paid ${amount} in cash: it has to be refunded to them.`;
    }
  }
}
/**
 * The admin's actions on an order. An undelivered order can be delivered, and cancelled until it is
 * shipped (after that the parcel comes back or is returned: PRODUCT.md); Cash on Delivery is marked paid
 * when the cash is collected, at delivery or after (PRODUCT.md "Fulfilment"). Orders with nothing left to
 * do get a disabled button saying where the order stands; customers get their own (customer-actions.tsx).
 */
/** Which of the admin's actions this order and the role allow (issue 29: each by its permission). */
function availableActions(order: Order, may: (permission: Permission) => boolean) {
  const cancelled = order.isCancelled;
  const undelivered = !order.isDelivered && !cancelled;
  return {
    cancelled,
    // Delivering is the packer's (`orders.ship`); cash and refunds are money's (`refunds`).
    canDeliver: undelivered && may('orders.ship'),
    canCancel: undelivered && !order.isShipped && may('orders.cancel'),
    canMarkPaid: order.paymentMethod !== ONLINE_PAYMENT_METHOD && !order.isPaid && !cancelled && may('refunds'),
    canRetryRefund: order.refund?.status === 'failed' && may('refunds'),
    shippedNotDelivered: undelivered && order.isShipped,
  };
}

export function OrderActions({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const action = useOrderAction(order._id);
  const may = permissionsOf(useUserInfo());
  if (!isAdmin) return <CustomerActions order={order} />;
  const { cancelled, canDeliver, canCancel, canMarkPaid, canRetryRefund, shippedNotDelivered } = availableActions(
    order,
    may,
  );

  const run = (what: AdminOrderAction) => (event: MouseEvent<HTMLButtonElement>) => {
    // Issue 32: a double click's second click (queued while the question was open) asks nothing.
    if (event.detail > 1 || action.isPending) return;
    if (window.confirm(confirmText(what, order))) action.mutate(what);
  };

  return (
    <>
      {action.isError && <Message variant="danger">{action.error.message}</Message>}
      {canRetryRefund && (
        <Button block onClick={run('refund')} busy={action.isPending} busyLabel="Refunding…">
          Retry Refund
        </Button>
      )}
      {canDeliver || canMarkPaid || canCancel ? (
        <div className={styles.actions}>
          {canDeliver && (
            <Button block onClick={run('deliver')} disabled={action.isPending}>
              Mark As Delivered
            </Button>
          )}
          {canDeliver && canMarkPaid && (
            <Button block variant="outline" onClick={run('deliver-and-collect')} disabled={action.isPending}>
              Delivered, Cash Collected
            </Button>
          )}
          {canMarkPaid && (
            <Button block variant={canDeliver ? 'outline' : 'solid'} onClick={run('pay')} disabled={action.isPending}>
              Mark As Paid
            </Button>
          )}
          {canCancel && (
            <Button block variant="outline" onClick={run('cancel')} disabled={action.isPending}>
              Cancel Order
            </Button>
          )}
          {shippedNotDelivered && (
            <p className={styles.note}>Shipped: it can no longer be cancelled. The parcel comes back or is returned.</p>
          )}
        </div>
      ) : (
        !canRetryRefund && (
          <Button block disabled>
            {cancelled ? 'Order Cancelled' : 'Order Placed'}
          </Button>
        )
      )}
    </>
  );
}
