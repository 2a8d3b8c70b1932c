import { Message } from '../../components/message.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useMyOrders } from './api.ts';
import { OrdersTable } from './orders-table.tsx';

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
        <OrdersTable
          orders={orders.data}
          showUser={false}
          labelledBy="my-orders-heading"
          emptyText="You have not placed any orders yet."
        />
      )}
    </section>
  );
}
