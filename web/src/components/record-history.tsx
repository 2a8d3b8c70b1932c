import { formatDateTimeIST, type AuditEntity, type AuditPage } from '@rr/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';
import { actionText, actorText, changeLines, changeText } from './audit-changes.ts';
import { Message } from './message.tsx';
import { Spinner } from './spinner.tsx';
import styles from './record-history.module.css';

/**
 * One record's own history (a product's, an order's), newest first: for whoever may work on it. Under
 * the audit log's keys, so whatever refreshes the log refreshes it too.
 */
function useRecordHistory(entity: AuditEntity, id: string, version: string) {
  return useQuery({
    queryKey: ['admin', 'audit', 'record', entity, id, version] as const,
    queryFn: () => apiFetch<AuditPage>(`/api/admin/audit?entity=${entity}&id=${encodeURIComponent(id)}&limit=50`),
  });
}

/**
 * Issue 29: a product's or an order's own history from the audit log, newest first: who, when, what
 * changed. `version` changes when the record does (an order shipped), so the history is asked again.
 */
export function RecordHistory({ entity, id, version = '' }: { entity: AuditEntity; id: string; version?: string }) {
  const history = useRecordHistory(entity, id, version);
  return (
    <section className={`card ${styles.history}`} aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <Message variant="danger">{history.error.message}</Message>
      ) : history.data.entries.length === 0 ? (
        <p className={styles.muted}>No changes by staff recorded yet.</p>
      ) : (
        <ol className={styles.historyList}>
          {history.data.entries.map((entry) => (
            <li key={entry.seq} className={styles.historyItem}>
              <p className={styles.historyHead}>
                <strong>{actionText(entry.action)}</strong>
                <span className={styles.muted}>
                  {' '}
                  by {actorText(entry.actor)}, <time dateTime={entry.at}>{formatDateTimeIST(entry.at)}</time>
                </span>
              </p>
              <ul className={styles.changes}>
                {changeLines(entry).map((line) => (
                  <li key={line.field}>{changeText(line)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
