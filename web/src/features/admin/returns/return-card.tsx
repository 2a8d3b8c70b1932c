import { RETURN_STATUS_LABELS, formatDateTimeIST, type OrderReturn } from '@rr/core';
import { Link } from 'react-router';
import { ReturnActions } from './return-actions.tsx';
import styles from './returns.module.css';

/** One return: whose, which order and items, why, its pictures, where it stands, and what can be done. */
export function ReturnCard({ ret }: { ret: OrderReturn }) {
  const headingId = `return-${ret._id}`;
  return (
    <article className={`card ${styles.card}`} aria-labelledby={headingId} data-testid="return-card">
      <header className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Order <Link to={`/order/${ret.order}`}>#{ret.orderNumber}</Link>
        </h2>
        <span className={`${styles.status} ${styles[`status_${ret.status}`] ?? ''}`}>
          {RETURN_STATUS_LABELS[ret.status]}
        </span>
      </header>
      <p className={styles.meta}>
        {ret.customer.name} · <a href={`tel:+91${ret.customer.phone}`}>{ret.customer.phone}</a> · asked{' '}
        {formatDateTimeIST(ret.createdAt)}
        {ret.updatedAt !== ret.createdAt && <> · updated {formatDateTimeIST(ret.updatedAt)}</>}
      </p>
      <ul className={styles.lines} aria-label="Items">
        {ret.lines.map((line) => (
          <li key={`${line.product}|${line.variant}`}>
            {line.name} × {line.qty}
          </li>
        ))}
      </ul>
      <p className={styles.wants}>
        Wants: <strong>{ret.resolution === 'replacement' ? 'a replacement' : 'a refund'}</strong>
      </p>
      <blockquote className={styles.reason}>{ret.reason}</blockquote>
      <Notes ret={ret} />
      <Evidence ret={ret} />
      <Outcome ret={ret} />
      <ReturnActions ret={ret} />
    </article>
  );
}

function Notes({ ret }: { ret: OrderReturn }) {
  if (!ret.ownerNote && !ret.customerNote) return null;
  return (
    <dl className={styles.notes}>
      {ret.ownerNote && (
        <>
          <dt>{ret.status === 'rejected' ? 'Rejected because' : 'You asked'}</dt>
          <dd>{ret.ownerNote}</dd>
        </>
      )}
      {ret.customerNote && (
        <>
          <dt>The customer replied</dt>
          <dd>{ret.customerNote}</dd>
        </>
      )}
    </dl>
  );
}

/** The photos as thumbnails, each a link to the full picture, and the unboxing video's link. */
function Evidence({ ret }: { ret: OrderReturn }) {
  if (ret.photos.length === 0 && !ret.videoUrl) return null;
  return (
    <div className={styles.evidence}>
      {ret.photos.length > 0 && (
        <ul className={styles.photos} aria-label="Photos">
          {ret.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img src={url} alt={`Photo ${i + 1} of ${ret.photos.length} (opens full size)`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {ret.videoUrl && (
        <a href={ret.videoUrl} target="_blank" rel="noopener noreferrer nofollow" className={styles.video}>
          Unboxing video<span className="visually-hidden"> (opens another site)</span>
        </a>
      )}
    </div>
  );
}

/** The reverse pickup once booked, the replacement parcel once sent, and where the refund is. */
function Outcome({ ret }: { ret: OrderReturn }) {
  const { pickup, replacement } = ret;
  if (!pickup && !replacement && !ret.refund) return null;
  return (
    <div className={styles.outcome}>
      {pickup && (
        <p>
          Pickup: {pickup.courier ?? pickup.provider ?? 'booked'}
          {pickup.trackingNumber && (
            <>
              , AWB <span className={styles.mono}>{pickup.trackingNumber}</span>
            </>
          )}
        </p>
      )}
      {ret.refund && (
        <p>
          {ret.status === 'credited' ? 'Store credit given' : 'Refunded'}: see{' '}
          <Link to={`/order/${ret.order}`}>the refund on the order</Link>, with its credit note.
        </p>
      )}
      {replacement && (
        <p>
          Replacement sent: {replacement.courier}, AWB <span className={styles.mono}>{replacement.trackingNumber}</span>
        </p>
      )}
    </div>
  );
}
