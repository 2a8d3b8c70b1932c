import { TRACKING_STATUS_LABELS as TRACKING_LABEL, formatDateTimeIST, shortOrderNumber, type Order } from '@rr/core';
import { WhatsAppChat } from '../../../components/whatsapp-chat.tsx';
import styles from '../pages/orders.module.css';

/**
 * Issue 27: where the parcel is by the courier's tracking: the status, a failed delivery's reason, and
 * the events so far (newest first) in Indian time. Nothing before the parcel is booked.
 */
export function OrderTracking({ order }: { order: Order }) {
  const tracking = order.tracking;
  if (!tracking) return null;
  const events = [...tracking.events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <div className={styles.tracking} data-testid="order-tracking">
      <p>
        <strong>Tracking: </strong>
        <span data-testid="tracking-status">{tracking.label}</span>
        {order.shipment?.label ? ` (${order.shipment.label})` : ''}
      </p>
      {tracking.status === 'delivery_failed' && tracking.note && (
        <p className={styles.trackingProblem} data-testid="tracking-note">
          {tracking.note}
        </p>
      )}
      {events.length > 0 && (
        <ol className={styles.timeline} aria-label="Tracking events">
          {events.map((event) => (
            <li key={`${event.at} ${event.status}`}>
              <time dateTime={event.at}>{formatDateTimeIST(event.at)}</time>
              <span>
                {TRACKING_LABEL[event.status]}
                {event.note ? `: ${event.note}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** "Chat on WhatsApp" about this order, with its number typed in (when the shop has a WhatsApp number). */
export function OrderChat({ order }: { order: Order }) {
  return <WhatsAppChat text={`Order #${shortOrderNumber(order._id)}`} />;
}
