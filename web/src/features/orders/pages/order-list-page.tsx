import { formatRupees, isoDateIST, type Order } from '@rr/core';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAllOrders } from '../api.ts';
import styles from './orders.module.css';

/** A date when it happened, or a cross (SPEC's PAID and DELIVERED columns). */
export function DateOrCross({ date, label }: { date: string | null; label: string }) {
  return date ? (
    <span className={styles.paidDate}>{isoDateIST(date)}</span>
  ) : (
    <span className={styles.cross} role="img" aria-label={`Not ${label}`}>
      ✗
    </span>
  );
}

export function OrderRows({ orders, showUser }: { orders: readonly Order[]; showUser: boolean }) {
  return (
    <>
      {orders.map((order) => (
        <tr key={order._id}>
          <td>{order._id.slice(0, 8)}</td>
          {showUser && <td>{order.user.name}</td>}
          <td>{isoDateIST(order.createdAt)}</td>
          <td>{formatRupees(order.totalPrice)}</td>
          <td>{order.isCancelled ? 'Cancelled' : <DateOrCross date={order.paidAt} label="paid" />}</td>
          <td>
            <DateOrCross date={order.deliveredAt} label="delivered" />
          </td>
          <td>
            <Link
              to={`/order/${order._id}`}
              className="btn btn-outline"
              aria-label={`Details of order ${order._id.slice(0, 8)}`}
            >
              Details
            </Link>
          </td>
        </tr>
      ))}
    </>
  );
}

export function OrderListPage() {
  usePageTitle('Orders | Rudraksha Ratna');
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const orders = useAllOrders(page);
  return (
    <div className="container page">
      <h1 id="orders-heading">Orders</h1>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <Message variant="danger">{orders.error.message}</Message>
      ) : orders.data.orders.length === 0 ? (
        <Message>No orders yet.</Message>
      ) : (
        <>
          <DataTable labelledBy="orders-heading">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">USER</th>
                <th scope="col">DATE</th>
                <th scope="col">TOTAL</th>
                <th scope="col">PAID</th>
                <th scope="col">DELIVERED</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <OrderRows orders={orders.data.orders} showUser />
            </tbody>
          </DataTable>
          <Paginate
            page={orders.data.page}
            pages={orders.data.pages}
            hrefFor={(n) => (n === 1 ? '/admin/orderlist' : `/admin/orderlist?page=${n}`)}
          />
        </>
      )}
    </div>
  );
}
