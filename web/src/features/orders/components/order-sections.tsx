import { ONLINE_PAYMENT_METHOD, ORDER_CONFIRM_MINUTES, formatDateTimeIST, formatRupees, type Order } from '@rr/core';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { paidBesidesCredit } from './customer-actions.tsx';

/**
 * A cancelled order says so first; a cash payment is paid back by hand (online ones through Razorpay),
 * and store credit spent on it went back at once (decision 0043).
 */
export function CancelledNotice({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const cash = order.paymentMethod !== ONLINE_PAYMENT_METHOD;
  const credit = order.storeCreditPaid;
  return (
    <Message variant="danger">
      <strong>This order was cancelled</strong>
      {order.cancelledAt ? ` on ${formatDateTimeIST(order.cancelledAt)}` : ''}
      {order.confirmBy
        ? `: it was not confirmed with the code sent by SMS within ${ORDER_CONFIRM_MINUTES} minutes`
        : ''}
      . It will not be shipped.
      {order.isPaid && cash && paidBesidesCredit(order) > 0 && (
        <>
          {' '}
          A refund of {formatRupees(paidBesidesCredit(order))} is due
          {isAdmin ? ': the cash has to be paid back to the customer.' : ' to you.'}
        </>
      )}
      {credit > 0 && (
        <>
          {' '}
          The {formatRupees(credit)} of store credit used went back to {isAdmin ? 'the customer' : 'your account'}.
        </>
      )}
    </Message>
  );
}

/** Who receives the order, where, and whether it has been delivered. */
export function ShippingSection({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <section className={`card ${layout.block}`} aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping</h2>
      <p>
        <strong>Name: </strong>
        {address.name}
      </p>
      <p>
        <strong>Phone: </strong>
        <a href={`tel:+91${address.phone}`}>{address.phone}</a>
      </p>
      {(address.name !== order.user.name || address.phone !== order.user.phone) && (
        <p>
          <strong>Ordered by: </strong>
          {order.user.name} ({order.user.phone})
        </p>
      )}
      {address.gstin && (
        <p>
          <strong>Business invoice: </strong>
          {address.businessName ? `${address.businessName}, ` : ''}GSTIN {address.gstin}
        </p>
      )}
      <p>
        <strong>Email: </strong>
        <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
      </p>
      <p>
        <strong>Address: </strong>
        {address.address}, {address.city} {address.postalCode}, {address.state}, {address.country}
      </p>
      {order.isDelivered && order.deliveredAt ? (
        <Message variant="success">Delivered on {formatDateTimeIST(order.deliveredAt)}</Message>
      ) : (
        !order.isCancelled && <Message>Not Delivered</Message>
      )}
    </section>
  );
}

/** How the order is paid for, and whether it has been. */
export function PaymentSection({ order }: { order: Order }) {
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const paidVia = online && order.razorpayPaymentId ? ` via Razorpay (payment ${order.razorpayPaymentId})` : '';
  return (
    <section className={`card ${layout.block}`} aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment Method</h2>
      <p>
        <strong>Method: </strong>
        {order.paymentMethod}
      </p>
      {order.isCancelled ? (
        <Message>
          {order.isPaid && order.paidAt
            ? `Paid on ${formatDateTimeIST(order.paidAt)}${paidVia}; ${order.refund?.status === 'processed' ? 'refunded' : 'refund due'}.`
            : 'No payment was taken.'}
        </Message>
      ) : order.isPaid && order.paidAt ? (
        <Message variant="success">
          Paid on {formatDateTimeIST(order.paidAt)}
          {paidVia}
        </Message>
      ) : online ? (
        <Message variant="success">Paid via Razorpay</Message>
      ) : (
        <Message>Not Paid</Message>
      )}
    </section>
  );
}
