import { ListSearch } from '../../../components/list-search.tsx';
import { ADMIN_ORDER_FILTERS, type AdminOrderFilter } from '@rr/core';
import { Link, useSearchParams } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { PastLastPage } from '../../../components/past-last-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { permissionsOf } from '../../../lib/staff-pages.ts';
import { useUserInfo } from '../../account/index.ts';
import { useAllOrders } from '../api.ts';
import { GstReport } from '../components/gst-report.tsx';
import { OrdersTable } from '../orders-table.tsx';
import styles from './orders.module.css';

const FILTER_LABELS: Record<AdminOrderFilter, string> = {
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The admin's orders: every state or one, a search, pages of 20 (all kept in the address). */
export function OrderListPage() {
  usePageTitle('Orders | Rudraksha Ratna');
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const asked = searchParams.get('status');
  const status = (ADMIN_ORDER_FILTERS as readonly string[]).includes(asked ?? '') ? (asked as AdminOrderFilter) : null;
  const q = (searchParams.get('q') ?? '').trim();
  const orders = useAllOrders(page, { status, q });
  const mayReadBooks = permissionsOf(useUserInfo())('accounts');
  const hrefFor = (n: number, filter: AdminOrderFilter | null = status) => {
    const query = new URLSearchParams();
    if (filter) query.set('status', filter);
    if (q) query.set('q', q);
    if (n > 1) query.set('page', String(n));
    return query.size ? `/admin/orderlist?${query}` : '/admin/orderlist';
  };
  return (
    <div className="container page">
      <h1 id="orders-heading">Orders</h1>
      <nav aria-label="Orders by state" className={styles.filters}>
        {[null, ...ADMIN_ORDER_FILTERS].map((filter) => (
          <Link key={filter ?? 'all'} to={hrefFor(1, filter)} aria-current={filter === status ? 'page' : undefined}>
            {filter ? FILTER_LABELS[filter] : 'All'}
          </Link>
        ))}
      </nav>
      <ListSearch
        regionLabel="Orders"
        label="Find an order"
        id="order-search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Order number, phone or name"
        button="Find Order"
        action="/admin/orderlist"
      >
        {status && <input type="hidden" name="status" value={status} />}
      </ListSearch>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <Message variant="danger">{orders.error.message}</Message>
      ) : orders.data.orders.length === 0 && page > 1 ? (
        <PastLastPage page={page} pages={orders.data.pages} hrefFor={(n) => hrefFor(n)} />
      ) : (
        <>
          <OrdersTable
            orders={orders.data.orders}
            showUser
            labelledBy="orders-heading"
            emptyText={status || q ? 'No orders match.' : 'No orders yet.'}
          />
          <Paginate page={orders.data.page} pages={orders.data.pages} hrefFor={(n) => hrefFor(n)} />
        </>
      )}
      {/* The books are the accounts role's (issue 29): the packer's list has none. */}
      {mayReadBooks && <GstReport />}
    </div>
  );
}
