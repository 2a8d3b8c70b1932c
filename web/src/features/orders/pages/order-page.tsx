import { ONLINE_PAYMENT_METHOD, formatDateTimeIST, type Order } from '@rr/core';
import { useParams } from 'react-router';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUserInfo } from '../../account/session-store.ts';
import { useOrder, useOrderAction, type AdminOrderAction } from '../api.ts';
import styles from './orders.module.css';

const CONFIRM: Record<AdminOrderAction, string> = {
  deliver: 'Are you sure you want to mark this order as delivered?',
  pay: 'Mark this Cash on Delivery order as paid? Do this once the cash has been collected.',
  cancel: 'Cancel this order? Its items go back into stock.',
};

export function OrderPage() {
  const { id = '' } = useParams();
  usePageTitle(`Order ${id.slice(0, 8)} | Rudraksha Ratna`);
  const order = useOrder(id);
  return (
    <div className="container page">
      <h1 className={styles.title}>
        Order <span className={styles.orderId}>{id}</span>
      </h1>
      {order.isPending ? (
        <Spinner />
      ) : order.isError ? (
        <Message variant="danger">{order.error.message}</Message>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </div>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const user = useUserInfo();
  const action = useOrderAction(order._id);
  const isAdmin = Boolean(user?.isAdmin);
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const address = order.shippingAddress;

  const run = (what: AdminOrderAction) => {
    if (window.confirm(CONFIRM[what])) action.mutate(what);
  };

  return (
    <div className={styles.layout}>
      <div>
        {order.isCancelled && order.cancelledAt && (
          <Message variant="danger">
            Cancelled on {formatDateTimeIST(order.cancelledAt)}
            {order.isPaid ? '. The payment is due to be refunded.' : '.'}
          </Message>
        )}
        <section className={`card ${styles.block}`} aria-labelledby="shipping-heading">
          <h2 id="shipping-heading">Shipping</h2>
          <p>
            <strong>Name: </strong>
            {order.user.name}
          </p>
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
            <Message variant="danger">Not Delivered</Message>
          )}
        </section>

        <section className={`card ${styles.block}`} aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment Method</h2>
          <p>
            <strong>Method: </strong>
            {order.paymentMethod}
          </p>
          {order.isPaid && order.paidAt ? (
            <Message variant="success">
              Paid on {formatDateTimeIST(order.paidAt)}
              {online && order.razorpayPaymentId ? ` via Razorpay (payment ${order.razorpayPaymentId})` : ''}
            </Message>
          ) : online ? (
            <Message variant="success">Paid via Razorpay</Message>
          ) : (
            <Message variant="danger">Not Paid</Message>
          )}
        </section>

        <section className={`card ${styles.block}`} aria-labelledby="items-heading">
          <h2 id="items-heading">Order Items</h2>
          {order.orderItems.length === 0 ? <Message>Order is empty</Message> : <OrderLines lines={order.orderItems} />}
        </section>
      </div>

      <AmountsSummary
        amounts={{
          itemsPrice: order.itemsPrice,
          shippingPrice: order.shippingPrice,
          taxPrice: order.taxPrice,
          discountPrice: order.discountPrice > 0 ? order.discountPrice : undefined,
          totalPrice: order.totalPrice,
        }}
      >
        {action.isError && <Message variant="danger">{action.error.message}</Message>}
        {isAdmin && !order.isDelivered && !order.isCancelled ? (
          <div className={styles.actions}>
            <button type="button" className="btn btn-block" onClick={() => run('deliver')} disabled={action.isPending}>
              Mark As Delivered
            </button>
            {!online && !order.isPaid && (
              <button
                type="button"
                className="btn btn-outline btn-block"
                onClick={() => run('pay')}
                disabled={action.isPending}
              >
                Mark As Paid
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline btn-block"
              onClick={() => run('cancel')}
              disabled={action.isPending}
            >
              Cancel Order
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-block" disabled>
            Order Placed
          </button>
        )}
      </AmountsSummary>
    </div>
  );
}
