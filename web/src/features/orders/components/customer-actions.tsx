import { en } from '../../../i18n/en.ts';
import { useT, type Translate } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { ONLINE_PAYMENT_METHOD, formatRupees, toPaise, toRupees, translate, type Order } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { useCancelOrder } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';

/** What the order was (or is) paid with besides store credit: the gateway's or the cash part. */
export function paidBesidesCredit(order: Order): number {
  return toRupees(toPaise(order.totalPrice) - toPaise(order.storeCreditPaid));
}

/** English, for a prompt asked outside a page (tests). */
const inEnglish: Translate = (key, params) => translate('en', en, key, params);

/** The customer's confirm prompt: what cancelling does to their money, said before they agree. */
export function cancelPrompt(order: Order, t: Translate = inEnglish): string {
  const lines = [t('orders.cancelConfirm')];
  const credit = order.storeCreditPaid;
  const online = paidBesidesCredit(order);
  if (order.isPaid && order.paymentMethod === ONLINE_PAYMENT_METHOD && online > 0)
    lines.push(t('orders.cancelRefundOnline', { amount: formatRupees(online) }));
  if (credit > 0) lines.push(t('orders.cancelCreditBack', { amount: formatRupees(credit) }));
  if (!order.isPaid && credit === 0) lines.push(t('orders.cancelNothingCharged'));
  return lines.join('\n\n');
}

/**
 * The customer's part of the summary: SPEC's disabled button saying where the order stands and, until
 * the order is with the courier, "Cancel Order" (PRODUCT.md: customers cancel until dispatch; after that
 * the parcel is returned).
 */
export function CustomerActions({ order }: { order: Order }) {
  const t = useT();
  const errorText = useErrorText();
  const cancel = useCancelOrder(order._id);
  const canCancel = !order.isCancelled && !order.isShipped && !order.isDelivered;
  return (
    <div className={styles.actions}>
      <Button block disabled>
        {order.isCancelled ? t('orders.orderCancelled') : t('orders.orderPlaced')}
      </Button>
      {canCancel && (
        <>
          {cancel.isError && <Message variant="danger">{errorText(cancel.error)}</Message>}
          <Button
            block
            variant="outline"
            busy={cancel.isPending}
            busyLabel={t('orders.cancelling')}
            onClick={(event) => {
              // Issue 32: a double click's second click (queued while the question was open) asks nothing.
              if (event.detail > 1 || cancel.isPending) return;
              if (window.confirm(cancelPrompt(order, t))) cancel.mutate();
            }}
          >
            {t('orders.cancelOrder')}
          </Button>
          <p className={styles.note}>{t('orders.canCancelUntil')}</p>
        </>
      )}
    </div>
  );
}
