import { DataTable } from '../../components/data-table.tsx';
import { Message } from '../../components/message.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useMyOrders } from './api.ts';
import { OrderRows } from './pages/order-list-page.tsx';
import styles from './my-orders.module.css';

/** The customer's orders on the profile page (SPEC §2): ID, date, total, paid, delivered and a link. */
export function MyOrders() {
  const orders = useMyOrders();
  return (
    <section>
      <h2 id="my-orders-heading">My Orders</h2>
      {orders.isError ? (
        <Message variant="danger">{orders.error.message}</Message>
      ) : orders.isPending ? (
        <Spinner />
      ) : (
        <DataTable labelledBy="my-orders-heading">
          <thead>
            <tr>
              <th scope="col">ID</th>
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
            {orders.data.length === 0 ? (
              <tr>
                <td colSpan={6} className={styles.empty}>
                  You have not placed any orders yet.
                </td>
              </tr>
            ) : (
              <OrderRows orders={orders.data} showUser={false} />
            )}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
