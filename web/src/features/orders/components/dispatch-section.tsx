import { useDates, useT, type Translate } from '../../../i18n/index.tsx';
import { COURIERS, formatRupees, shipOrderBody, type Order } from '@rr/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { downloadFile } from '../../../lib/save-file.ts';
import { useShipOrder } from '../api.ts';
import styles from '../pages/orders.module.css';
import { BookWithCourier, PrintLabel } from './courier-booking.tsx';
import { OrderChat } from './order-tracking.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

/** Where the order stands, in words, with the day it shipped. */
function stateText(order: Order, t: Translate, dateTime: (iso: string) => string): string {
  const shipped = order.shippedAt ? t('orders.shippedOn', { date: dateTime(order.shippedAt) }) : null;
  switch (order.status) {
    case 'placed':
      return order.confirmBy ? t('orders.awaitingConfirmation') : t('orders.statePlaced');
    case 'shipped':
      return t('orders.stateOnItsWay', { shipped: shipped ?? '' });
    case 'delivered':
      return shipped ? t('orders.stateDelivered', { shipped }) : t('orders.stateDeliveredByHand');
    case 'cancelled':
      return t('orders.cancelled');
  }
}

/** Where the order is: its state, the courier and tracking link, and its tax documents to download. */
export function DispatchSection({
  order,
  isAdmin,
  canShip = isAdmin,
}: {
  order: Order;
  isAdmin: boolean;
  /** Issue 29: the role ships orders (`orders.ship`); others on the staff see where it is. */
  canShip?: boolean;
}) {
  const t = useT();
  const dates = useDates();
  const shipment = order.shipment;
  return (
    <section className={`card ${layout.block}`} aria-labelledby="dispatch-heading">
      <h2 id="dispatch-heading">{t('orders.dispatch')}</h2>
      <p>
        <strong>{t('orders.status')}</strong>
        {stateText(order, t, dates.dateTime)}
      </p>
      {shipment && (
        <p>
          <strong>{t('orders.courier')}</strong>
          {shipment.courier}, {t('orders.trackingNumber')}{' '}
          <span className={styles.mono}>{shipment.trackingNumber}</span>
          {shipment.trackingUrl && (
            <>
              {' '}
              <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {t('orders.trackParcel')}
                <span className="visually-hidden"> {t('orders.opensCourierSite')}</span>
              </a>
            </>
          )}
        </p>
      )}
      {/* Issue 27: the booked parcel's label (the admin's), and where it is (for both). */}
      {canShip && shipment?.label && <PrintLabel order={order} path={shipment.label} />}
      {order.tracking && <TrackingTimeline tracking={order.tracking} />}
      <RefundStatus order={order} />
      <Documents order={order} />
      {!isAdmin && <OrderChat order={order} />}
      {canShip && !order.isCancelled && !order.isDelivered && (
        // A new shipment remounts the form, so it shows what was saved (the AWB as normalised).
        <ShipPanel key={`${order.shipment?.courier}|${order.shipment?.trackingNumber}`} order={order} />
      )}
    </section>
  );
}

function RefundStatus({ order }: { order: Order }) {
  const t = useT();
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatRupees(refund.amount);
  if (refund.status === 'processed')
    return <Message variant="success">{t('orders.refundProcessed', { amount })}</Message>;
  if (refund.status === 'pending') return <Message>{t('orders.refundPending', { amount })}</Message>;
  return (
    <Message variant="danger">
      {t('orders.refundFailed', { amount })} {refund.error}
    </Message>
  );
}

/** The tax invoice (once shipped) and the credit note (once an invoiced order is cancelled), as PDFs. */
function Documents({ order }: { order: Order }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const documents = [
    order.invoiceNumber && { kind: 'invoice', label: t('orders.taxInvoice'), serial: order.invoiceNumber },
    order.creditNoteNumber && { kind: 'credit-note', label: t('orders.creditNote'), serial: order.creditNoteNumber },
  ].filter((d): d is { kind: string; label: string; serial: string } => Boolean(d));
  if (documents.length === 0) return null;
  const download = (kind: string, serial: string) =>
    downloadFile(`/api/orders/${order._id}/${kind}`, `${serial.replaceAll('/', '-')}.pdf`).catch((err: Error) =>
      setError(err.message),
    );
  return (
    <div className={styles.documents}>
      {error && <Message variant="danger">{error}</Message>}
      {documents.map((d) => (
        <p key={d.kind} className={styles.document}>
          <span>
            <strong>{d.label}: </strong>
            <span className={styles.mono}>{d.serial}</span>
          </span>
          <Button variant="outline" onClick={() => void download(d.kind, d.serial)}>
            {t('orders.download', { label: d.label })}
          </Button>
        </p>
      ))}
    </div>
  );
}

/**
 * The admin ships an order: booked with the courier service (issue 27), or by hand with a courier and
 * AWB of their own, folded under it (open once an order went that way, to correct it).
 */
function ShipPanel({ order }: { order: Order }) {
  const booked = Boolean(order.shipment?.provider);
  const [byHand, setByHand] = useState(order.shipment !== null && !booked);
  return (
    <div className={styles.shipForm}>
      {!order.isShipped && <BookWithCourier order={order} onUnavailable={() => setByHand(true)} />}
      <details
        className={styles.byHand}
        open={byHand}
        onToggle={(event) => setByHand((event.target as HTMLDetailsElement).open)}
      >
        <summary>{booked ? 'Correct the courier or AWB by hand' : 'Ship by hand'}</summary>
        <ShipForm order={order} />
      </details>
    </div>
  );
}

/** The admin records the courier and the tracking number (AWB); again, to correct them. */
function ShipForm({ order }: { order: Order }) {
  const ship = useShipOrder(order._id);
  const form = useSchemaForm({
    initialValues: { courier: order.shipment?.courier ?? '', trackingNumber: order.shipment?.trackingNumber ?? '' },
    schema: shipOrderBody,
    onSubmit: (body) => ship.mutateAsync(body),
  });
  return (
    <form className={styles.handForm} onSubmit={form.submit} noValidate aria-label="Ship this order by hand">
      {form.error && <Message variant="danger">{form.error}</Message>}
      <FormField label="Courier" list="couriers" autoComplete="off" maxLength={60} {...form.field('courier')} />
      <datalist id="couriers">
        {COURIERS.map((courier) => (
          <option key={courier.id} value={courier.name} />
        ))}
      </datalist>
      <FormField label="Tracking number (AWB)" autoComplete="off" maxLength={40} {...form.field('trackingNumber')} />
      <Button type="submit" variant="outline" busy={form.busy} busyLabel="Saving…">
        {order.isShipped ? 'Update Tracking' : 'Mark As Shipped'}
      </Button>
    </form>
  );
}
