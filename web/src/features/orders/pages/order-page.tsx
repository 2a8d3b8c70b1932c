import { shortOrderNumber, UUID_PATTERN } from '@rr/core';
import { Link, useLocation, useParams } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { refusedWith } from '../../../lib/api-client.ts';
import { useUserInfo } from '../../account/index.ts';
import { shopPolicy } from '../../content/index.ts';
import { useOrder } from '../api.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import styles from './orders.module.css';

export function OrderPage() {
  const { id = '' } = useParams();
  // Order ids are UUIDs: anything else ('/order/not-a-uuid') is no order, and is not asked for.
  return UUID_PATTERN.test(id) ? <OrderView id={id} /> : <OrderNotFound id={id} />;
}

function OrderView({ id }: { id: string }) {
  // Set by the place-order step when it brings the customer here.
  const state: unknown = useLocation().state;
  const justPlaced = typeof state === 'object' && state !== null && 'placed' in state && state.placed === true;
  const order = useOrder(id);
  const missing = refusedWith(order.error, 'ORDER_NOT_FOUND');
  usePageTitle(missing ? NOT_FOUND_TITLE : `Order #${shortOrderNumber(id)} | Rudraksha Ratna`);
  // Someone else's order answers 404 too, so it cannot be told from one that never existed.
  if (missing) return <OrderNotFound id={id} />;
  return (
    <div className="container page">
      <h1 className={styles.title}>Order #{shortOrderNumber(id)}</h1>
      <p className={styles.orderId}>
        Order ID <span className={styles.mono}>{id}</span>
      </p>
      {/* An order awaiting its code is not placed yet: its confirmation box says what to do. */}
      {justPlaced && order.data && !order.data.confirmBy && (
        <Message variant="success">
          <strong>Thank you! Your order has been placed.</strong> We dispatch within {shopPolicy.dispatch} and send you
          the courier&apos;s tracking details; delivery takes {shopPolicy.delivery} after dispatch. Please quote order #
          {shortOrderNumber(id)} if you contact us.
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
