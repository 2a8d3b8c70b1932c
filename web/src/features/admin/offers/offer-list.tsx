import { formatDateTimeIST, type OfferState } from '@rr/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useDeleteOffer, useOffers, useSetOfferActive, type OfferKind, type OfferOf } from './offers-api.ts';
import { STATUS_LABELS } from './offer-text.ts';
import styles from './offers.module.css';

/** What a list page passes on to the page it returns to after a save: "Coupon DIWALI-25 created." */
export interface SavedState {
  saved?: string;
}

export interface Column<T> {
  label: string;
  cell: (offer: T) => ReactNode;
  /** The column that names the row: the card's title on a phone. */
  title?: boolean;
  /** Whether its text may take several lines in the desktop table (dates, names); the rest stay whole. */
  wraps?: boolean;
}

interface OfferListProps<K extends OfferKind> {
  kind: K;
  headingId: string;
  /** "coupon", "sale": in messages and buttons. */
  noun: string;
  columns: Array<Column<OfferOf<K>>>;
  nameOf: (offer: OfferOf<K>) => string;
  empty: string;
}

const cellClass = (column: { title?: boolean; wraps?: boolean }) =>
  [column.title && styles.title, column.wraps && styles.wraps].filter(Boolean).join(' ') || undefined;

/**
 * The offers as one table: rows on a desktop, a card each on a phone (the stylesheet lays each cell out
 * under its label), with Edit, Pause or Resume, and Delete.
 */
export function OfferList<K extends OfferKind>(props: OfferListProps<K>) {
  const offers = useOffers(props.kind);
  const pause = useSetOfferActive(props.kind);
  const remove = useDeleteOffer(props.kind);
  const saved = (useLocation().state as SavedState | null)?.saved;
  const onDelete = (offer: OfferOf<K>) => {
    if (window.confirm(`Delete the ${props.noun} ${props.nameOf(offer)}? This cannot be undone.`))
      remove.mutate(offer._id);
  };
  return (
    <>
      {saved && !remove.isSuccess && <Message variant="success">{saved}</Message>}
      {pause.isError && <Message variant="danger">{pause.error.message}</Message>}
      {remove.isError && <Message variant="danger">{remove.error.message}</Message>}
      {remove.isSuccess && <Message variant="success">{remove.data.message}</Message>}
      {offers.isPending ? (
        <Spinner />
      ) : offers.isError ? (
        <Message variant="danger">{offers.error.message}</Message>
      ) : offers.data.length === 0 ? (
        <Message>{props.empty}</Message>
      ) : (
        <div className={styles.frame}>
          <table className={styles.offers} aria-labelledby={props.headingId}>
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.data.map((offer) => (
                <tr key={offer._id}>
                  {props.columns.map((column) => (
                    <td key={column.label} data-label={column.label} className={cellClass(column)}>
                      {column.cell(offer)}
                    </td>
                  ))}
                  <td className={styles.rowActions}>
                    <OfferActions
                      kind={props.kind}
                      offer={offer}
                      name={props.nameOf(offer)}
                      busy={{
                        pause: pause.isPending && pause.variables.id === offer._id,
                        remove: remove.isPending && remove.variables === offer._id,
                      }}
                      onPause={() => pause.mutate({ id: offer._id, isActive: !offer.isActive })}
                      onDelete={() => onDelete(offer)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function OfferActions({
  kind,
  offer,
  name,
  busy,
  onPause,
  onDelete,
}: {
  kind: OfferKind;
  offer: { _id: string; isActive: boolean };
  name: string;
  busy: { pause: boolean; remove: boolean };
  onPause: () => void;
  onDelete: () => void;
}) {
  return (
    <div className={styles.actions}>
      <Link to={`/admin/${kind}/${offer._id}/edit`} className="btn btn-outline" aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <Button
        variant="outline"
        busy={busy.pause}
        aria-label={`${offer.isActive ? 'Pause' : 'Resume'} ${name}`}
        onClick={onPause}
      >
        {offer.isActive ? 'Pause' : 'Resume'}
      </Button>
      <Button className={styles.delete} busy={busy.remove} aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

/** "20 Oct 2026, 6:30 pm", breaking (if at all) only between the date and the time. */
export function Moment({ iso, none }: { iso: string | null; none: string }) {
  if (!iso) return <>{none}</>;
  const text = formatDateTimeIST(iso);
  const cut = text.lastIndexOf(', ') + 1;
  return (
    <>
      <span className={styles.nowrap}>{text.slice(0, cut)}</span>{' '}
      <span className={styles.nowrap}>{text.slice(cut + 1)}</span>
    </>
  );
}

export function StatusBadge({ status }: { status: OfferState }) {
  return <span className={`${styles.status} ${styles[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The page around a list: its heading and the button to make a new one. */
export function OfferListPage({
  title,
  headingId,
  lead,
  newTo,
  newLabel,
  children,
}: {
  title: string;
  headingId: string;
  lead: string;
  newTo: string;
  newLabel: string;
  children: ReactNode;
}) {
  return (
    <div className={`container page ${styles.page}`}>
      <div className={styles.titleRow}>
        <h1 id={headingId}>{title}</h1>
        <Link to={newTo} className="btn">
          <span aria-hidden="true">+</span> {newLabel}
        </Link>
      </div>
      <p className={styles.lead}>{lead}</p>
      {children}
    </div>
  );
}
