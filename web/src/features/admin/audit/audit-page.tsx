import { AUDIT_ENTITY_LABELS, formatDateTimeIST, shortOrderNumber, type AuditEntry } from '@rr/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { actionText, changeLines, changeText } from '../../../components/audit-changes.ts';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { AUDIT_FILTER_KEYS, auditQueryString, downloadAuditCsv, useAuditPage, type AuditFilters } from './audit-api.ts';
import { AuditFiltersForm } from './audit-filters.tsx';
import { VerifyPanel } from './verify-panel.tsx';
import styles from './audit.module.css';
import { roleLabel } from '../../../lib/staff-pages.ts';

/**
 * /admin/audit (owner, issue 29): every change staff made, newest first, filtered by who, what, action,
 * days and record; older pages by `before`; the same filters as CSV; and the check of the hash chain.
 * The filters live in the address, so a filtered view can be bookmarked and Back returns to it.
 */
export function AuditPage() {
  usePageTitle('Audit log | Rudraksha Ratna');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  const apply = (next: AuditFilters) => setParams(new URLSearchParams(auditQueryString(next)));
  const page = useAuditPage(filters);
  const [csvError, setCsvError] = useState<string | null>(null);

  return (
    <div className="container page">
      <div className={styles.pageHead}>
        <h1 id="audit-heading">Audit log</h1>
        <VerifyPanel />
      </div>
      <p className={styles.muted}>
        Every change the team makes, who made it, when and from where, with the values before and after.
      </p>
      <AuditFiltersForm key={params.toString()} filters={filters} onApply={apply} />
      <div className={styles.toolbar}>
        <Button
          variant="outline"
          onClick={() => {
            setCsvError(null);
            downloadAuditCsv(filters).catch((err: Error) => setCsvError(err.message));
          }}
        >
          Download CSV
        </Button>
      </div>
      {csvError && <Message variant="danger">{csvError}</Message>}
      {page.isPending ? (
        <Spinner />
      ) : page.isError ? (
        <Message variant="danger">{page.error.message}</Message>
      ) : page.data.entries.length === 0 ? (
        <Message>No entries match these filters.</Message>
      ) : (
        <>
          <AuditTable entries={page.data.entries} />
          <Paging
            newer={Boolean(filters.before)}
            next={page.data.next}
            onNewest={() => apply({ ...filters, before: '' })}
            onOlder={(before) => apply({ ...filters, before: String(before) })}
          />
        </>
      )}
    </div>
  );
}

function Paging({
  newer,
  next,
  onNewest,
  onOlder,
}: {
  newer: boolean;
  next: number | null;
  onNewest: () => void;
  onOlder: (before: number) => void;
}) {
  if (!newer && next === null) return null;
  return (
    <nav className={styles.paging} aria-label="Audit log pages">
      {newer && (
        <Button variant="outline" onClick={onNewest}>
          Newest
        </Button>
      )}
      {next !== null && <Button onClick={() => onOlder(next)}>Older</Button>}
    </nav>
  );
}

/**
 * A table on a wide screen; each row a card on a phone (the cells carry their column's name, and their
 * content in one box beside it).
 */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className={styles.table} aria-labelledby="audit-heading">
      <thead>
        <tr>
          <th scope="col">When (IST)</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Record</th>
          <th scope="col">Changes</th>
          <th scope="col">Address</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <AuditRow key={entry.seq} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}

function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={className}>
      <div>{children}</div>
    </td>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr data-testid="audit-entry">
      <Cell label="When">
        <time dateTime={entry.at}>{formatDateTimeIST(entry.at)}</time>
        <span className={styles.seq}> #{entry.seq}</span>
      </Cell>
      <Cell label="Who">
        {entry.actor ? (
          <>
            <strong>{entry.actor.name}</strong>
            <span className={styles.role}>{roleLabel(entry.actor.role)}</span>
          </>
        ) : (
          'The shop'
        )}
      </Cell>
      <Cell label="Action">
        {actionText(entry.action)}
        <code className={styles.action}>{entry.action}</code>
      </Cell>
      <Cell label="Record">
        <RecordLink entry={entry} />
      </Cell>
      <Cell label="Changes">
        <ul className={styles.changes}>
          {changeLines(entry).map((line) => (
            <li key={line.field}>{changeText(line)}</li>
          ))}
        </ul>
      </Cell>
      <Cell label="Address" className={styles.address}>
        {entry.address ?? '—'}
      </Cell>
    </tr>
  );
}

/** Where the record's own page is, for those that have one. */
function recordPath(entry: AuditEntry): string | null {
  const id = encodeURIComponent(entry.entityId);
  switch (entry.entity) {
    case 'product':
      return entry.action === 'product.delete' ? null : `/admin/product/${id}/edit`;
    case 'order':
      return `/order/${id}`;
    case 'user':
      return entry.action === 'user.delete' ? null : `/admin/user/${id}/edit`;
    case 'coupon':
      return entry.action === 'coupon.delete' ? null : `/admin/coupons/${id}/edit`;
    case 'sale':
      return entry.action === 'sale.delete' ? null : `/admin/sales/${id}/edit`;
    default:
      return null;
  }
}

function RecordLink({ entry }: { entry: AuditEntry }) {
  const label = AUDIT_ENTITY_LABELS[entry.entity];
  const name = entry.entity === 'order' ? `#${shortOrderNumber(entry.entityId)}` : entry.entityId;
  const path = recordPath(entry);
  return (
    <>
      {label}{' '}
      {path ? (
        <Link to={path} className={styles.recordId}>
          {name}
        </Link>
      ) : (
        <span className={styles.recordId}>{name}</span>
      )}
    </>
  );
}
