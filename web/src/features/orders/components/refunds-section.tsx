import { formatDateIST, formatRupees, type PartialRefund } from '@rr/core';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { downloadCreditNote } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';

/** Where a refund's money went, in the customer's words. */
export function refundMethodText(refund: PartialRefund): string {
  switch (refund.method) {
    case 'gateway':
      return refund.storeCreditAmount > 0 && refund.gatewayAmount > 0
        ? `${formatRupees(refund.gatewayAmount)} to your card/UPI, ${formatRupees(refund.storeCreditAmount)} as store credit`
        : refund.gatewayAmount > 0
          ? 'To your card/UPI'
          : 'As store credit';
    case 'store_credit':
      return 'As store credit';
    case 'transfer':
      return refund.transferReference ? `Bank transfer, reference ${refund.transferReference}` : 'Bank transfer';
  }
}

const STATUS_TEXT: Record<PartialRefund['status'], string> = {
  pending: 'On its way',
  processed: 'Refunded',
  failed: 'Held up',
};

/** What the customer should expect of a refund still under way. */
function statusNote(refund: PartialRefund): string | null {
  if (refund.status === 'failed') return 'The bank has not taken it yet; the shop will try it again.';
  if (refund.status === 'pending' && refund.gatewayAmount > 0)
    return 'Banks take 5–7 working days to show a refund to a card or UPI.';
  return null;
}

/** An order's partial refunds (decision 0043): each with its amount, lines, way back and credit note. */
export function RefundsSection({ orderId, refunds }: { orderId: string; refunds: readonly PartialRefund[] }) {
  const [error, setError] = useState<string | null>(null);
  if (refunds.length === 0) return null;
  const download = (refund: PartialRefund) =>
    downloadCreditNote(orderId, refund._id, refund.creditNoteNumber!).catch((err: Error) => setError(err.message));
  return (
    <section className={`card ${layout.block}`} aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      {error && <Message variant="danger">{error}</Message>}
      <ul className={styles.afterSaleList}>
        {refunds.map((refund) => (
          <li key={refund._id} className={styles.afterSaleItem} data-testid="refund">
            <p className={styles.afterSaleHead}>
              <strong>{formatRupees(refund.amount)}</strong>
              <span className={refund.status === 'failed' ? `${styles.badge} ${styles.badgeBad}` : styles.badge}>
                {STATUS_TEXT[refund.status]}
              </span>
            </p>
            <p className={styles.afterSaleMeta}>
              {formatDateIST(refund.createdAt)} · {refundMethodText(refund)}
            </p>
            <p className={styles.afterSaleMeta}>{refund.lines.map((l) => `${l.name} × ${l.qty}`).join(', ')}</p>
            {statusNote(refund) && <p className={styles.afterSaleMeta}>{statusNote(refund)}</p>}
            {refund.creditNoteNumber && (
              <p className={styles.document}>
                <span>
                  <strong>Credit note: </strong>
                  <span className={styles.mono}>{refund.creditNoteNumber}</span>
                </span>
                <Button variant="outline" onClick={() => void download(refund)}>
                  Download PDF
                </Button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
