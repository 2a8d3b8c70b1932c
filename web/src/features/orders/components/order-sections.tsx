import { useDates, useT } from '../../../i18n/index.tsx';
import { ONLINE_PAYMENT_METHOD, ORDER_CONFIRM_MINUTES, formatRupees, type Order } from '@rr/core';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { paidBesidesCredit } from './customer-actions.tsx';

/**
 * A cancelled order says so first; a cash payment is paid back by hand (online ones through Razorpay),
 * and store credit spent on it went back at once (decision 0043).
 */
export function CancelledNotice({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const t = useT();
  const dates = useDates();
  const cash = order.paymentMethod !== ONLINE_PAYMENT_METHOD;
  const credit = order.storeCreditPaid;
  const due = formatRupees(paidBesidesCredit(order));
  return (
    <Message variant="danger">
      <strong>{t('orders.wasCancelled')}</strong>
      {order.cancelledAt ? t('orders.cancelledOn', { date: dates.dateTime(order.cancelledAt) }) : ''}
      {order.confirmBy ? t('orders.notConfirmedInTime', { minutes: ORDER_CONFIRM_MINUTES }) : ''}
      {t('orders.notShipped')}
      {order.isPaid && cash && paidBesidesCredit(order) > 0 && (
        <>
          {' '}
          {isAdmin
            ? `A refund of ${due} is due: the cash has to be paid back to the customer.`
            : t('orders.refundDueToYou', { amount: due })}
        </>
      )}
      {credit > 0 && (
        <>
          {' '}
          {isAdmin
            ? `The ${formatRupees(credit)} of store credit used went back to the customer.`
            : t('orders.creditBack', { amount: formatRupees(credit) })}
        </>
      )}
    </Message>
  );
}

/** Who receives the order, where, and whether it has been delivered. */
export function ShippingSection({ order }: { order: Order }) {
  const t = useT();
  const dates = useDates();
  const address = order.shippingAddress;
  return (
    <section className={`card ${layout.block}`} aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">{t('orders.shipping')}</h2>
      <p>
        <strong>{t('orders.name')}</strong>
        {address.name}
      </p>
      <p>
        <strong>{t('orders.phone')}</strong>
        <a href={`tel:+91${address.phone}`}>{address.phone}</a>
      </p>
      {(address.name !== order.user.name || address.phone !== order.user.phone) && (
        <p>
          <strong>{t('orders.orderedBy')}</strong>
          {order.user.name} ({order.user.phone})
        </p>
      )}
      {address.gstin && (
        <p>
          <strong>{t('checkout.businessInvoice')}</strong>
          {address.businessName ? `${address.businessName}, ` : ''}GSTIN {address.gstin}
        </p>
      )}
      <p>
        <strong>{t('orders.email')}</strong>
        <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
      </p>
      <p>
        <strong>{t('checkout.addressLabel')}</strong>
        {address.address}, {address.city} {address.postalCode}, {address.state},{' '}
        {address.country === 'India' ? t('checkout.india') : address.country}
      </p>
      {order.isDelivered && order.deliveredAt ? (
        <Message variant="success">{t('orders.deliveredOn', { date: dates.dateTime(order.deliveredAt) })}</Message>
      ) : (
        !order.isCancelled && <Message>{t('orders.notDeliveredYet')}</Message>
      )}
    </section>
  );
}

/** How the order is paid for, and whether it has been. */
export function PaymentSection({ order }: { order: Order }) {
  const t = useT();
  const dates = useDates();
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const paidVia = online && order.razorpayPaymentId ? t('orders.viaRazorpay', { id: order.razorpayPaymentId }) : '';
  return (
    <section className={`card ${layout.block}`} aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('checkout.paymentMethod')}</h2>
      <p>
        <strong>{t('orders.method')}</strong>
        {online ? order.paymentMethod : t('checkout.cod')}
      </p>
      {order.isCancelled ? (
        <Message>
          {order.isPaid && order.paidAt
            ? t('orders.paidCancelled', {
                date: dates.dateTime(order.paidAt),
                via: paidVia,
                refund: order.refund?.status === 'processed' ? t('orders.refunded') : t('orders.refundDue'),
              })
            : t('orders.noPayment')}
        </Message>
      ) : order.isPaid && order.paidAt ? (
        <Message variant="success">
          {t('orders.paidOnVia', { date: dates.dateTime(order.paidAt), via: paidVia })}
        </Message>
      ) : online ? (
        <Message variant="success">{t('orders.paidViaRazorpay')}</Message>
      ) : (
        <Message>{t('orders.notPaidYet')}</Message>
      )}
    </section>
  );
}
