import { ONLINE_PAYMENT_METHOD, formatRupees, toPaise, toRupees, type Order } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { useCancelOrder } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';

/** What the order was (or is) paid with besides store credit: the gateway's or the cash part. */
export function paidBesidesCredit(order: Order): number {
  return toRupees(toPaise(order.totalPrice) - toPaise(order.storeCreditPaid));
}

/** The customer's confirm prompt: what cancelling does to their money, said before they agree. */
export function cancelPrompt(order: Order): string {
  const lines = ['Cancel this order? It will not be shipped.'];
  const credit = order.storeCreditPaid;
  const online = paidBesidesCredit(order);
  if (order.isPaid && order.paymentMethod === ONLINE_PAYMENT_METHOD && online > 0)
    lines.push(`${formatRupees(online)} paid online is refunded to your card/UPI within 5–7 working days.`);
  if (credit > 0)
    lines.push(`The ${formatRupees(credit)} of store credit you used comes back to your account at once.`);
  if (!order.isPaid && credit === 0) lines.push('Nothing has been charged.');
  return lines.join('\n\n');
}

/**
 * The customer's part of the summary: SPEC's disabled button saying where the order stands and, until
 * the order is with the courier, "Cancel Order" (PRODUCT.md: customers cancel until dispatch; after that
 * the parcel is returned).
 */
export function CustomerActions({ order }: { order: Order }) {
  const cancel = useCancelOrder(order._id);
  const canCancel = !order.isCancelled && !order.isShipped && !order.isDelivered;
  return (
    <div className={styles.actions}>
      <Button block disabled>
        {order.isCancelled ? 'Order Cancelled' : 'Order Placed'}
      </Button>
      {canCancel && (
        <>
          {cancel.isError && <Message variant="danger">{cancel.error.message}</Message>}
          <Button
            block
            variant="outline"
            busy={cancel.isPending}
            busyLabel="Cancelling…"
            onClick={() => {
              if (window.confirm(cancelPrompt(order))) cancel.mutate();
            }}
          >
            Cancel Order
          </Button>
          <p className={styles.note}>You can cancel until the order is handed to the courier.</p>
        </>
      )}
    </div>
  );
}
