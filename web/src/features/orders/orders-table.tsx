import { useDates, useLanguage, useT } from '../../i18n/index.tsx';
import { formatRupees, isoDateIST, shortOrderNumber, type Order } from '@rr/core';
import { Link } from 'react-router';
import { Cell, DataTable } from '../../components/data-table.tsx';
import { RecordId } from '../../components/record-id.tsx';
import styles from './orders-table.module.css';

/**
 * The table's dates: SPEC's (the first ten characters, 2026-11-28, in IST) on English pages; a Hindi page
 * names the month in Hindi (28 नव॰ 2026), as its other dates do (issue 30).
 */
function useTableDate(): (iso: string) => string {
  const language = useLanguage();
  const dates = useDates();
  return language === 'en' ? isoDateIST : dates.date;
}

/** A date when it happened, or a cross (SPEC's PAID and DELIVERED columns). */
function DateOrCross({ date, label }: { date: string | null; label: string }) {
  const tableDate = useTableDate();
  return date ? (
    <span className={styles.date}>{tableDate(date)}</span>
  ) : (
    <span className={styles.cross} role="img" aria-label={label}>
      ✗
    </span>
  );
}

/**
 * On its way: the DELIVERED column says so, with the courier's tracking link when there is one; for the
 * admin, where a parcel booked with the courier service is (issue 27), as a small badge under it.
 */
function Shipped({ order, showTracking }: { order: Order; showTracking: boolean }) {
  const t = useT();
  const url = order.shipment?.trackingUrl;
  const tracking = showTracking ? order.tracking : null;
  const trouble = tracking?.status === 'delivery_failed' || tracking?.status === 'returned';
  return (
    <span className={styles.shipped}>
      {t('orders.shipped')}
      {url && (
        <>
          {' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('orders.track')}
            <span className="visually-hidden"> {t('orders.trackHidden', { number: shortOrderNumber(order._id) })}</span>
          </a>
        </>
      )}
      {tracking && tracking.status !== 'booked' && (
        <span className={`${styles.tracking} ${trouble ? styles.trouble : ''}`}>
          {t(`orders.trackingStatus.${tracking.status}`)}
        </span>
      )}
    </span>
  );
}

/**
 * SPEC's order tables: My Orders on the profile, and the admin list with its USER column. On a phone a card
 * an order: its number and Details at the top, then paid and delivered (issue 32).
 */
export function OrdersTable({
  orders,
  showUser,
  labelledBy,
  emptyText,
}: {
  orders: readonly Order[];
  showUser: boolean;
  labelledBy: string;
  emptyText: string;
}) {
  const t = useT();
  const tableDate = useTableDate();
  return (
    <DataTable labelledBy={labelledBy} empty={orders.length === 0}>
      <thead>
        <tr>
          <th scope="col">{t('orders.colId')}</th>
          {showUser && <th scope="col">USER</th>}
          <th scope="col">{t('orders.colDate')}</th>
          <th scope="col">{t('orders.colTotal')}</th>
          <th scope="col">{t('orders.colPaid')}</th>
          <th scope="col">{t('orders.colDelivered')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('orders.details')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 ? (
          <tr>
            <td colSpan={showUser ? 7 : 6} className={styles.empty}>
              {emptyText}
            </td>
          </tr>
        ) : (
          orders.map((order) => (
            <tr key={order._id}>
              <Cell label={t('orders.colId')} role="title">
                <RecordId id={order._id} quoted />
              </Cell>
              {showUser && <Cell label="USER">{order.user.name}</Cell>}
              <Cell label={t('orders.colDate')}>{tableDate(order.createdAt)}</Cell>
              <Cell label={t('orders.colTotal')}>{formatRupees(order.totalPrice)}</Cell>
              <Cell label={t('orders.colPaid')} role="state">
                {order.isCancelled ? (
                  t('orders.cancelled')
                ) : (
                  <DateOrCross date={order.paidAt} label={t('orders.notPaid')} />
                )}
              </Cell>
              <Cell label={t('orders.colDelivered')} role="state">
                {order.status === 'shipped' ? (
                  <Shipped order={order} showTracking={showUser} />
                ) : order.confirmBy && !order.isCancelled ? (
                  t('orders.awaitingConfirmation')
                ) : (
                  <DateOrCross date={order.deliveredAt} label={t('orders.notDelivered')} />
                )}
              </Cell>
              <Cell role="actions">
                <Link
                  to={`/order/${order._id}`}
                  className="btn btn-outline"
                  aria-label={t('orders.detailsOf', { number: shortOrderNumber(order._id) })}
                >
                  {t('orders.details')}
                </Link>
              </Cell>
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
