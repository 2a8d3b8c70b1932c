import { useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { shortOrderNumber, UUID_PATTERN } from '@rr/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { useDeliveryWords } from '../../../components/delivery-words.ts';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { refusedWith } from '../../../lib/api-client.ts';
import { pincodeQuery } from '../../../lib/delivery-pincode.ts';
import { useUserInfo } from '../../account/index.ts';
import { usePolicy } from '../../content/index.ts';
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
  const t = useT();
  const order = useOrder(id);
  const errorText = useErrorText();
  const missing = refusedWith(order.error, 'ORDER_NOT_FOUND');
  usePageTitle(missing ? t('orders.notFoundTitle') : t('orders.title', { number: shortOrderNumber(id) }));
  // Someone else's order answers 404 too, so it cannot be told from one that never existed.
  if (missing) return <OrderNotFound id={id} />;
  return (
    <div className="container page">
      <h1 className={styles.title}>{t('orders.heading', { number: shortOrderNumber(id) })}</h1>
      <p className={styles.orderId}>
        {t('orders.orderId')} <span className={styles.mono}>{id}</span>
      </p>
      {/* An order awaiting its code is not placed yet: its confirmation box says what to do. */}
      {justPlaced && order.data && !order.data.confirmBy && (
        <PlacedNote number={shortOrderNumber(id)} postalCode={order.data.shippingAddress.postalCode} />
      )}
      {order.isPending ? (
        <Spinner />
      ) : order.isError ? (
        <Message variant="danger">{errorText(order.error)}</Message>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </div>
  );
}

/**
 * The thanks for an order just placed, and when it comes: the dates the checkout showed for its pincode
 * (the same answer, kept from the shipping step) when the couriers give some, else the shop's policy
 * (dispatch in 3 business days, delivery 10 to 14 after it). Before, the checkout promised "between Fri,
 * 4 Dec and Mon, 7 Dec" and this note then said 10 to 14 business days after dispatch.
 */
function PlacedNote({ number, postalCode }: { number: string; postalCode: string }) {
  const t = useT();
  const policy = usePolicy();
  const words = useDeliveryWords();
  const code = postalCode.trim();
  const query = pincodeQuery(code);
  const place = useQuery(query);
  const deliverBy = place.data?.deliverBy;
  // A moment's wait for the dates (none when the shipping step looked them up), rather than one text then another.
  const waiting = place.isPending && query.enabled;
  return (
    <Message variant="success">
      <strong>{t('orders.thankYou')}</strong>{' '}
      {waiting
        ? null
        : deliverBy?.to
          ? t('orders.placedNoteDated', { deliveredBy: words.deliveredBy(deliverBy), number })
          : t('orders.placedNote', { dispatch: policy.dispatch, delivery: policy.delivery, number })}
    </Message>
  );
}

/** No such order for this account: say so, without making up an order number from the address. */
function OrderNotFound({ id }: { id: string }) {
  const t = useT();
  usePageTitle(t('orders.notFoundTitle'));
  const isAdmin = Boolean(useUserInfo()?.isAdmin);
  return (
    <div className="container page">
      <h1 className={styles.title}>{t('orders.notFound')}</h1>
      <Message>
        {isAdmin ? (
          <>
            There is no order <span className={`${styles.mono} ${styles.wrap}`}>{id}</span> in the shop. Please check
            the link, or find the order in <Link to="/admin/orderlist">the order list</Link>.
          </>
        ) : (
          <>
            {t('orders.notFoundBefore')} <span className={`${styles.mono} ${styles.wrap}`}>{id}</span>{' '}
            {t('orders.notFoundAfter')} <Link to="/profile">{t('orders.myOrders')}</Link>.
          </>
        )}
      </Message>
    </div>
  );
}
