import { useSearchParams } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { PastLastPage } from '../../../components/past-last-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useAllOrders } from '../api.ts';
import { OrdersTable } from '../orders-table.tsx';

export function OrderListPage() {
  usePageTitle('Orders | Rudraksha Ratna');
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const orders = useAllOrders(page);
  const hrefFor = (n: number) => (n === 1 ? '/admin/orderlist' : `/admin/orderlist?page=${n}`);
  return (
    <div className="container page">
      <h1 id="orders-heading">Orders</h1>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <Message variant="danger">{orders.error.message}</Message>
      ) : orders.data.orders.length === 0 && page > 1 ? (
        <PastLastPage page={page} pages={orders.data.pages} hrefFor={hrefFor} />
      ) : (
        <>
          <OrdersTable orders={orders.data.orders} showUser labelledBy="orders-heading" emptyText="No orders yet." />
          <Paginate page={orders.data.page} pages={orders.data.pages} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
