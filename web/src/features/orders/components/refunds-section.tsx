import { formatRupees, type PartialRefund } from '@rr/core';
import { useState } from 'react';
import { useDates, useT, type Translate } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { downloadCreditNote } from '../after-sale-api.ts';
import styles from '../pages/orders.module.css';

/** Where a refund's money went, in the customer's words (and language). */
export function refundMethodText(refund: PartialRefund, t: Translate): string {
  switch (refund.method) {
    case 'gateway':
      return refund.storeCreditAmount > 0 && refund.gatewayAmount > 0
        ? t('orders.refundToCardAndCredit', {
            gateway: formatRupees(refund.gatewayAmount),
            credit: formatRupees(refund.storeCreditAmount),
          })
        : refund.gatewayAmount > 0
          ? t('orders.refundToCard')
          : t('orders.refundAsCredit');
    case 'store_credit':
      return t('orders.refundAsCredit');
    case 'transfer':
      return refund.transferReference
        ? t('orders.refundByTransferRef', { reference: refund.transferReference })
        : t('orders.refundByTransfer');
  }
}

/** What the customer should expect of a refund still under way. */
function statusNote(refund: PartialRefund, t: Translate): string | null {
  if (refund.status === 'failed') return t('orders.refundHeldUp');
  if (refund.status === 'pending' && refund.gatewayAmount > 0) return t('orders.refundBankDays');
  return null;
}

/** An order's partial refunds (decision 0043): each with its amount, lines, way back and credit note. */
export function RefundsSection({ orderId, refunds }: { orderId: string; refunds: readonly PartialRefund[] }) {
  const t = useT();
  const dates = useDates();
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  if (refunds.length === 0) return null;
  const download = (refund: PartialRefund) =>
    downloadCreditNote(orderId, refund._id, refund.creditNoteNumber!).catch((err: unknown) => setError(errorText(err)));
  return (
    <section className={`card ${layout.block}`} aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">{t('orders.refunds')}</h2>
      {error && <Message variant="danger">{error}</Message>}
      <ul className={styles.afterSaleList}>
        {refunds.map((refund) => (
          <li key={refund._id} className={styles.afterSaleItem} data-testid="refund">
            <p className={styles.afterSaleHead}>
              <strong>{formatRupees(refund.amount)}</strong>
              <span className={refund.status === 'failed' ? `${styles.badge} ${styles.badgeBad}` : styles.badge}>
                {t(`orders.refundStatus.${refund.status}`)}
              </span>
            </p>
            <p className={styles.afterSaleMeta}>
              {dates.date(refund.createdAt)} · {refundMethodText(refund, t)}
            </p>
            <p className={styles.afterSaleMeta}>{refund.lines.map((l) => `${l.name} × ${l.qty}`).join(', ')}</p>
            {statusNote(refund, t) && <p className={styles.afterSaleMeta}>{statusNote(refund, t)}</p>}
            {refund.creditNoteNumber && (
              <p className={styles.document}>
                <span>
                  <strong>{t('orders.creditNoteNumber')}</strong>
                  <span className={styles.mono}>{refund.creditNoteNumber}</span>
                </span>
                <Button variant="outline" onClick={() => void download(refund)}>
                  {t('orders.downloadPdf')}
                </Button>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
