import { formatDateTimeIST, type StockHistory as History } from '@rr/core';
import { Cell, DataTable } from '../../../components/data-table.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useStockHistory } from '../desk-api.ts';
import { formatCount } from './format.ts';
import styles from './dashboard.module.css';

const REASONS: Record<string, string> = {
  opening: 'Stock when the ledger began',
  created: 'Product created',
  order: 'Order placed',
  hold: 'Held for an online payment',
  'hold-retaken': 'Paid after the hold ended',
  cancel: 'Order cancelled',
  release: 'Payment abandoned',
  expire: 'Payment hold expired',
  unconfirmed: 'Order not confirmed in time',
  return: 'Returned, back in stock',
  'admin-edit': 'Edited by an admin',
  import: 'Catalog import',
  direct: 'Changed outside the shop',
};

function who(entry: History['entries'][number]): string {
  // Staff or the customer: a cancellation by either reads the same otherwise (issue 32).
  if (entry.actorName) return `${entry.actorName} (${entry.actorIsStaff ? 'staff' : 'customer'})`;
  return ['cancel', 'expire', 'unconfirmed'].includes(entry.reason) ? 'the shop' : '—';
}

/**
 * The product's latest stock changes (the ledger), for its edit page: a table, and on a phone a card per
 * change (DataTable, issue 32) with nothing cut off at the side. The table's frame is the region the
 * heading names.
 */
export function StockHistory({ productId }: { productId: string }) {
  const history = useStockHistory(productId);
  return (
    <section className={`card ${styles.section}`}>
      <h2 id="stock-history-heading">Stock history</h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <Message variant="danger">{history.error.message}</Message>
      ) : history.data.entries.length === 0 ? (
        <p className={styles.empty}>No stock changes yet.</p>
      ) : (
        <DataTable labelledBy="stock-history-heading">
          <thead>
            <tr>
              <th scope="col">When (IST)</th>
              <th scope="col">Change</th>
              <th scope="col">Why</th>
              <th scope="col">Who</th>
            </tr>
          </thead>
          <tbody>
            {history.data.entries.map((e, i) => {
              const change = e.after - e.before;
              return (
                <tr key={`${e.at}-${i}`}>
                  <Cell label="When (IST)" role="title">
                    {formatDateTimeIST(e.at)}
                  </Cell>
                  <Cell label="Change" role="state">
                    {formatCount(e.before)} → {formatCount(e.after)} ({change > 0 ? '+' : '−'}
                    {formatCount(Math.abs(change))})
                  </Cell>
                  <Cell label="Why">{REASONS[e.reason] ?? e.reason}</Cell>
                  <Cell label="Who">{who(e)}</Cell>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
