import { RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnStatus } from '@rr/core';
import { Link, useSearchParams } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ReturnCard } from './return-card.tsx';
import { useReturns } from './returns-api.ts';
import styles from './returns.module.css';

/** The filters' short names (the cards say each state in full): a phone fits them in three rows. */
const FILTER_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  more_info: 'More info asked',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  replaced: 'Replaced',
  credited: 'Store credit',
};

const isStatus = (value: string | null): value is ReturnStatus =>
  (RETURN_STATUSES as readonly string[]).includes(value ?? '');

/** /admin/returns: the customers' returns, open ones first, or those in one state (kept in the address). */
export function ReturnsPage() {
  usePageTitle('Returns | Rudraksha Ratna');
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const status = isStatus(asked) ? asked : null;
  const returns = useReturns(status);
  return (
    <div className="container page">
      <h1 id="returns-heading">Returns</h1>
      <nav aria-label="Returns by state" className={styles.filters}>
        {[null, ...RETURN_STATUSES].map((filter) => (
          <Link
            key={filter ?? 'all'}
            to={filter ? `/admin/returns?status=${filter}` : '/admin/returns'}
            aria-current={filter === status ? 'page' : undefined}
          >
            {filter ? FILTER_LABELS[filter] : 'All'}
          </Link>
        ))}
      </nav>
      {returns.isPending ? (
        <Spinner />
      ) : returns.isError ? (
        <Message variant="danger">{returns.error.message}</Message>
      ) : returns.data.length === 0 ? (
        <Message>{status ? `No returns are “${RETURN_STATUS_LABELS[status]}”.` : 'No returns yet.'}</Message>
      ) : (
        <ul className={styles.list} aria-labelledby="returns-heading">
          {returns.data.map((ret) => (
            <li key={ret._id}>
              <ReturnCard ret={ret} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
