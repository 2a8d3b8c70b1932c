import { useDates, useT } from '../../../i18n/index.tsx';
import type { TrackingAnswer } from '@rr/core';
import styles from '../pages/orders.module.css';

/** Issue 27: where a booked parcel is, by the courier's tracking events, newest first. */
export function TrackingTimeline({ tracking }: { tracking: TrackingAnswer }) {
  const t = useT();
  const dates = useDates();
  const events = [...tracking.events].reverse();
  const failed = tracking.status === 'delivery_failed' || tracking.status === 'returned';
  return (
    <div className={styles.tracking} aria-labelledby="tracking-heading" role="group">
      <p id="tracking-heading" className={styles.trackingNow}>
        <strong>{t('orders.tracking')}</strong>
        <span className={`${styles.badge} ${failed ? styles.badgeBad : ''}`}>
          {t(`orders.trackingStatus.${tracking.status}`)}
        </span>{' '}
        <small className={styles.note}>{t('orders.updated', { date: dates.dateTime(tracking.updatedAt) })}</small>
      </p>
      {tracking.note && (
        <p className={failed ? styles.trackingProblem : styles.note}>
          {failed ? t('orders.reason') : ''}
          {tracking.note}
        </p>
      )}
      {events.length > 0 && (
        <ol className={styles.events} aria-label={t('orders.trackingEvents')}>
          {events.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <span className={styles.eventWhen}>{dates.dateTime(event.at)}</span>
              <span>
                {t(`orders.trackingStatus.${event.status}`)}
                {event.note && <span className={styles.note}> · {event.note}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
