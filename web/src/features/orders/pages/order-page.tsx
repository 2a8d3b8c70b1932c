import { ONLINE_PAYMENT_METHOD, formatDateTimeIST, formatRupees, type Order } from '@rr/core';
import { Link, useLocation, useParams } from 'react-router';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUserInfo } from '../../account/index.ts';
import { shopPolicy } from '../../content/index.ts';
import { useOrder, useOrderAction, type AdminOrderAction } from '../api.ts';
import { orderNumber } from '../order-number.ts';
import layout from '../../../components/order-layout.module.css';
import styles from './orders.module.css';

/** The admin's confirm prompt; cancelling a paid order does not pay the money back by itself. */
function confirmText(what: AdminOrderAction, order: Order): string {
  switch (what) {
    case 'deliver':
      return 'Are you sure you want to mark this order as delivered?';
    case 'pay':
      return 'Mark this Cash on Delivery order as paid? Do this once the cash has been collected.';
    case 'cancel': {
      const prompt = 'Cancel this order? Its items go back into stock.';
      if (!order.isPaid) return prompt;
      const amount = formatRupees(order.totalPrice);
      return order.paymentMethod === ONLINE_PAYMENT_METHOD
        ? `${prompt}\n\nIt was paid online (${amount}): the payment has to be refunded in Razorpay` +
            `${order.razorpayPaymentId ? ` (payment ${order.razorpayPaymentId})` : ''}. Cancelling here does not refund it.`
        : `${prompt}\n\nThe customer has paid ${amount} in cash: it has to be refunded to them.`;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function OrderPage() {
  const { id = '' } = useParams();
  // Order ids are UUIDs: anything else ('/order/not-a-uuid') is no order, and is not asked for.
  return UUID.test(id) ? <OrderView id={id} /> : <OrderNotFound id={id} />;
}

function OrderView({ id }: { id: string }) {
  // Set by the place-order step when it brings the customer here.
  const state: unknown = useLocation().state;
  const justPlaced = typeof state === 'object' && state !== null && 'placed' in state && state.placed === true;
  const order = useOrder(id);
  const missing = order.error instanceof ApiError && order.error.status === 404;
  usePageTitle(missing ? NOT_FOUND_TITLE : `Order #${orderNumber(id)} | Rudraksha Ratna`);
  // Someone else's order answers 404 too, so it cannot be told from one that never existed.
  if (missing) return <OrderNotFound id={id} />;
  return (
    <div className="container page">
      <h1 className={styles.title}>Order #{orderNumber(id)}</h1>
      <p className={styles.orderId}>
        Order ID <span className={styles.mono}>{id}</span>
      </p>
      {justPlaced && (
        <Message variant="success">
          <strong>Thank you! Your order has been placed.</strong> We dispatch within {shopPolicy.dispatch} and send you
          the courier&apos;s tracking details; delivery takes {shopPolicy.delivery} after dispatch. Please quote order #
          {orderNumber(id)} if you contact us.
        </Message>
      )}
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

const NOT_FOUND_TITLE = 'Order Not Found | Rudraksha Ratna';

/** No such order for this account: say so, without making up an order number from the address. */
function OrderNotFound({ id }: { id: string }) {
  usePageTitle(NOT_FOUND_TITLE);
  const isAdmin = Boolean(useUserInfo()?.isAdmin);
  return (
    <div className="container page">
      <h1 className={styles.title}>Order not found</h1>
      <Message>
        There is no order <span className={`${styles.mono} ${styles.wrap}`}>{id}</span> in{' '}
        {isAdmin ? 'the shop' : 'your account'}. Please check the link, or find the order in{' '}
        {isAdmin ? <Link to="/admin/orderlist">the order list</Link> : <Link to="/profile">My Orders</Link>}.
      </Message>
    </div>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const user = useUserInfo();
  const action = useOrderAction(order._id);
  const isAdmin = Boolean(user?.isAdmin);
  const online = order.paymentMethod === ONLINE_PAYMENT_METHOD;
  const cancelled = order.isCancelled;
  const address = order.shippingAddress;
  // An undelivered order can be delivered or cancelled; Cash on Delivery is marked paid when the cash
  // is collected, at delivery or after (PRODUCT.md "Fulfilment").
  const canDeliver = !order.isDelivered && !cancelled;
  const canMarkPaid = !online && !order.isPaid && !cancelled;
  const paidVia = online && order.razorpayPaymentId ? ` via Razorpay (payment ${order.razorpayPaymentId})` : '';

  const run = (what: AdminOrderAction) => {
    if (window.confirm(confirmText(what, order))) action.mutate(what);
  };

  return (
    <div className={layout.layout}>
      <div>
        {cancelled && (
          <Message variant="danger">
            <strong>This order was cancelled</strong>
            {order.cancelledAt ? ` on ${formatDateTimeIST(order.cancelledAt)}` : ''}. It will not be shipped.
            {order.isPaid && (
              <>
                {' '}
                A refund of {formatRupees(order.totalPrice)} is due
                {isAdmin
                  ? online
                    ? ': it has to be made in Razorpay.'
                    : ': the cash has to be paid back to the customer.'
                  : ' to you.'}
              </>
            )}
          </Message>
        )}
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
            !cancelled && <Message>Not Delivered</Message>
          )}
        </section>

        <section className={`card ${layout.block}`} aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment Method</h2>
          <p>
            <strong>Method: </strong>
            {order.paymentMethod}
          </p>
          {cancelled ? (
            <Message>
              {order.isPaid && order.paidAt
                ? `Paid on ${formatDateTimeIST(order.paidAt)}${paidVia}; refund due.`
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

        <section className={`card ${layout.block}`} aria-labelledby="items-heading">
          <h2 id="items-heading">Order Items</h2>
          {order.orderItems.length === 0 ? (
            <Message>Order is empty</Message>
          ) : (
            <OrderLines lines={order.orderItems} showTax={isAdmin} />
          )}
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
        {isAdmin && (canDeliver || canMarkPaid) ? (
          <div className={styles.actions}>
            {canDeliver && (
              <button
                type="button"
                className="btn btn-block"
                onClick={() => run('deliver')}
                disabled={action.isPending}
              >
                Mark As Delivered
              </button>
            )}
            {canMarkPaid && (
              <button
                type="button"
                className={`btn btn-block${canDeliver ? ' btn-outline' : ''}`}
                onClick={() => run('pay')}
                disabled={action.isPending}
              >
                Mark As Paid
              </button>
            )}
            {canDeliver && (
              <button
                type="button"
                className="btn btn-outline btn-block"
                onClick={() => run('cancel')}
                disabled={action.isPending}
              >
                Cancel Order
              </button>
            )}
          </div>
        ) : (
          <button type="button" className="btn btn-block" disabled>
            {cancelled ? 'Order Cancelled' : 'Order Placed'}
          </button>
        )}
      </AmountsSummary>
    </div>
  );
}
