import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useOffers, type OfferKind, type OfferOf } from './offers-api.ts';
import type { SavedState } from './offer-list.tsx';
import styles from './offers.module.css';

/** After a save: back to the list, which says what was saved. */
export function useBackToList(kind: OfferKind) {
  const navigate = useNavigate();
  return (saved: string) => navigate(`/admin/${kind}`, { state: { saved } satisfies SavedState });
}

/** A new offer's page, or an existing one's (found in the list the server sends). */
export function OfferEditShell<K extends OfferKind>({
  kind,
  title,
  backLabel,
  missing,
  children,
}: {
  kind: K;
  title: string;
  backLabel: string;
  missing: string;
  children: (offer: OfferOf<K> | undefined) => ReactNode;
}) {
  const { id } = useParams();
  return (
    <div className={`container page ${styles.narrowPage}`}>
      <Link to={`/admin/${kind}`} className="back-link">
        {backLabel}
      </Link>
      <h1>{title}</h1>
      {id === undefined ? children(undefined) : <Existing kind={kind} id={id} missing={missing} render={children} />}
    </div>
  );
}

function Existing<K extends OfferKind>({
  kind,
  id,
  missing,
  render,
}: {
  kind: K;
  id: string;
  missing: string;
  render: (offer: OfferOf<K>) => ReactNode;
}) {
  const offers = useOffers(kind);
  if (offers.isPending) return <Spinner />;
  if (offers.isError) return <Message variant="danger">{offers.error.message}</Message>;
  const offer = offers.data.find((o) => o._id === id);
  if (!offer) return <Message variant="danger">{missing}</Message>;
  return <>{render(offer)}</>;
}
