import { formatDateTimeIST, formatRupees, toPaise, toRupees, type Order, type PartialRefund } from '@rr/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { REFUND_METHOD_LABELS } from '../../../components/refund-method-fields.tsx';
import { downloadFile } from '../../../lib/save-file.ts';
import { useRetryPartialRefund } from '../api.ts';
import styles from './refunds.module.css';
import { RefundItems } from './refund-items.tsx';

const STATUS_WORDS: Record<PartialRefund['status'], string> = {
  pending: 'On its way',
  processed: 'Done',
  failed: 'Failed',
};

/**
 * Issue 28, the admin's side: the order's partial refunds (each with its credit note, and Retry when the
 * gateway failed), and "Refund items" for a paid order with units left to give back.
 */
export function OrderRefunds({ order, canRefund = true }: { order: Order; canRefund?: boolean }) {
  const refunds = order.refunds;
  const [error, setError] = useState<string | null>(null);
  const retry = useRetryPartialRefund(order._id);
  const refundable = order.isPaid && !order.isCancelled;
  if (!refundable && refunds.length === 0) return null;
  const creditNote = (refund: PartialRefund) =>
    downloadFile(
      `/api/orders/${order._id}/refunds/${refund._id}/credit-note`,
      `${(refund.creditNoteNumber ?? 'credit-note').replaceAll('/', '-')}.pdf`,
    ).catch((err: Error) => setError(err.message));
  const onRetry = (refund: PartialRefund) => {
    if (window.confirm(`Try the refund of ${formatRupees(refund.gatewayAmount)} through Razorpay again?`))
      retry.mutate(refund._id);
  };
  return (
    <section className={`card ${layout.block}`} aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      {error && <Message variant="danger">{error}</Message>}
      {retry.isError && <Message variant="danger">{retry.error.message}</Message>}
      {refunds.length === 0 ? (
        <p>Nothing has been refunded yet.</p>
      ) : (
        <ul className={styles.refunds}>
          {refunds.map((refund) => (
            <RefundRow
              key={refund._id}
              refund={refund}
              retrying={retry.isPending && retry.variables === refund._id}
              onRetry={canRefund ? () => onRetry(refund) : null}
              onCreditNote={() => void creditNote(refund)}
            />
          ))}
        </ul>
      )}
      {refundable && canRefund && <RefundItems order={order} />}
    </section>
  );
}

function RefundRow({
  refund,
  retrying,
  onRetry,
  onCreditNote,
}: {
  refund: PartialRefund;
  retrying: boolean;
  /** Null: the role moves no money (issue 29). */
  onRetry: (() => void) | null;
  onCreditNote: () => void;
}) {
  const split = refund.gatewayAmount > 0 && refund.storeCreditAmount > 0;
  return (
    <li className={styles.refund} data-testid="order-refund">
      <p className={styles.refundHead}>
        <strong>{formatRupees(refund.amount)}</strong>
        <span className={styles[`refund_${refund.status}`]}>{STATUS_WORDS[refund.status]}</span>
      </p>
      <p className={styles.refundMeta}>
        {formatDateTimeIST(refund.createdAt)} · {REFUND_METHOD_LABELS[refund.method]}
        {split &&
          ` (${formatRupees(refund.gatewayAmount)} to the card/UPI, ${formatRupees(refund.storeCreditAmount)} as store credit)`}
        {refund.transferReference && (
          <>
            {' '}
            · reference <span className={styles.mono}>{refund.transferReference}</span>
          </>
        )}
      </p>
      <p className={styles.refundMeta}>
        {refund.lines.map((line) => `${line.name} × ${line.qty}`).join(', ')}: items {formatRupees(refund.itemsAmount)}
        {refund.shippingAmount > 0 && `, shipping ${formatRupees(refund.shippingAmount)}`} (GST{' '}
        {formatRupees(refund.taxPrice)} in it)
      </p>
      {refund.error && <Message variant="danger">{refund.error}</Message>}
      <div className={styles.refundActions}>
        {refund.creditNoteNumber && (
          <Button variant="outline" onClick={onCreditNote}>
            Credit note {refund.creditNoteNumber} (PDF)
          </Button>
        )}
        {refund.status === 'failed' && onRetry && (
          <Button onClick={onRetry} busy={retrying} busyLabel="Retrying…">
            Retry
          </Button>
        )}
      </div>
    </li>
  );
}

/** Issue 28, the admin's summary: what has gone back so far (refunds on their way included, failed ones not). */
export function RefundedSoFar({ order }: { order: Order }) {
  const paise = order.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + toPaise(r.amount), 0);
  if (paise === 0) return null;
  return (
    <p className={styles.paidWith} data-testid="refunded-so-far">
      Refunded so far: <strong>{formatRupees(toRupees(paise))}</strong>
    </p>
  );
}
