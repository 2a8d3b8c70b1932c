import { DataTable } from '../../components/data-table.tsx';
import styles from './my-orders.module.css';

/**
 * The customer's orders on the profile page (SPEC §2): ID, date, total, paid and delivered, and a link
 * to each order. Orders arrive with issue 4 (GET /api/orders/myorders); until then the list is empty.
 */
export function MyOrders() {
  return (
    <section>
      <h2 id="my-orders-heading">My Orders</h2>
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
          <tr>
            <td colSpan={6} className={styles.empty}>
              You have not placed any orders yet.
            </td>
          </tr>
        </tbody>
      </DataTable>
    </section>
  );
}
