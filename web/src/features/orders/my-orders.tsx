import { useT } from '../../i18n/index.tsx';
import { useErrorText } from '../../i18n/error-text.ts';
import { useSearchParams } from 'react-router';
import { Message } from '../../components/message.tsx';
import { Paginate } from '../../components/paginate.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useMyOrders } from './api.ts';
import { OrdersTable } from './orders-table.tsx';

/**
 * The customer's orders on the profile page (SPEC §2): ID, date, total, paid, delivered and a link; 20
 * a page, newest first (the page is kept in the address as `ordersPage`).
 */
export function MyOrders() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('ordersPage')) || 1);
  const orders = useMyOrders(page);
  const errorText = useErrorText();
  const hrefFor = (n: number) => (n > 1 ? `?ordersPage=${n}` : '?');
  return (
    <section>
      <h2 id="my-orders-heading">{t('orders.myOrders')}</h2>
      {orders.isError ? (
        <Message variant="danger">{errorText(orders.error)}</Message>
      ) : orders.isPending ? (
        <Spinner />
      ) : (
        <>
          <OrdersTable
            orders={orders.data.orders}
            showUser={false}
            labelledBy="my-orders-heading"
            emptyText={t('orders.none')}
          />
          <Paginate page={orders.data.page} pages={orders.data.pages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
