import { errorCodes, type Order } from '@rr/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { apiFetchFile, refusedWith } from '../../../lib/api-client.ts';
import { useShipOrder } from '../api.ts';
import styles from '../pages/orders.module.css';

/**
 * Issue 27, the admin's first way to ship: the server books the parcel with the courier aggregator (PUT
 * /api/orders/{id}/ship with no body), which picks the courier, assigns the AWB and draws the label.
 * `onUnavailable` opens the hand form when the service is away.
 */
export function BookWithCourier({ order, onUnavailable }: { order: Order; onUnavailable: () => void }) {
  const ship = useShipOrder(order._id);
  const waiting = Boolean(order.confirmBy);
  const unavailable = ship.isError && refusedWith(ship.error, errorCodes.courierUnavailable);
  // Opened from the error state as it is shown (a mutate callback could run after that render), once
  // per refusal: the owner may fold it again.
  const openHandForm = useRef(onUnavailable);
  openHandForm.current = onUnavailable;
  useEffect(() => {
    if (unavailable) openHandForm.current();
  }, [unavailable]);
  const book = () => ship.mutate(undefined);
  return (
    <div className={styles.booking}>
      {ship.isError && (
        <Message variant="danger">
          {ship.error.message}
          {unavailable && ' You can ship it by hand below.'}
        </Message>
      )}
      <Button onClick={book} busy={ship.isPending} busyLabel="Booking…" disabled={waiting}>
        Book with courier
      </Button>
      <p className={styles.note}>
        {waiting
          ? 'This Cash on Delivery order waits for the customer to confirm it; book the parcel once they have.'
          : 'The courier service picks the courier, assigns the tracking number (AWB) and draws the label; the customer is told.'}
      </p>
    </div>
  );
}

/**
 * The parcel's label (GET /api/orders/{id}/label, a PDF for the admin), fetched with the session's token
 * (a link cannot carry it) and opened in a new tab to print; where the browser refuses a new tab, it is
 * downloaded instead.
 */
export function PrintLabel({ order, path }: { order: Order; path: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setError(null);
    setBusy(true);
    // Opened now, while the click still counts as the user's, so no pop-up blocker stops it.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await apiFetchFile(path));
      if (tab) tab.location.href = url;
      else saveAs(url, `label-${order.shipment?.trackingNumber ?? order._id}.pdf`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (reason) {
      tab?.close();
      setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && <Message variant="danger">{error}</Message>}
      <Button variant="outline" onClick={() => void print()} busy={busy} busyLabel="Fetching label…">
        Print label
      </Button>
    </>
  );
}

function saveAs(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}
