import { formatRupees, type StoreCreditAnswer } from '@rr/core';
import { useDates, useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { Message } from '../../../components/message.tsx';
import { useStoreCredit } from '../api.ts';
import styles from '../pages/account.module.css';

/** A ledger amount with its sign: +₹590.00 in, −₹200.00 out. */
export function signedRupees(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${formatRupees(Math.abs(amount))}`;
}

/**
 * The profile's store credit (issue 28): the balance, spent at checkout like a payment, and every change
 * of it with the balance after it. Shown once the account has ever had any.
 */
export function StoreCredit() {
  const credit = useStoreCredit();
  const errorText = useErrorText();
  if (credit.isError) return <Message variant="danger">{errorText(credit.error)}</Message>;
  if (!credit.data || credit.data.entries.length === 0) return null;
  return <StoreCreditLedger credit={credit.data} />;
}

function StoreCreditLedger({ credit }: { credit: StoreCreditAnswer }) {
  const t = useT();
  const dates = useDates();
  return (
    <section className={`card ${styles.storeCredit}`} aria-labelledby="store-credit-heading">
      <h3 id="store-credit-heading">
        {t('account.storeCredit')}: <span data-testid="store-credit-balance">{formatRupees(credit.balance)}</span>
      </h3>
      <p className={styles.settingHint}>
        {credit.balance > 0 ? t('account.storeCreditUse') : t('account.storeCreditUsed')}
      </p>
      <details className={styles.ledger}>
        <summary>{t('account.storeCreditHistory', { count: credit.entries.length })}</summary>
        <ul aria-label={t('account.storeCreditHistoryLabel')}>
          {credit.entries.map((entry) => (
            <li key={entry._id}>
              <span className={styles.ledgerNote}>
                {entry.note}
                <span className={styles.ledgerDate}>{dates.date(entry.createdAt)}</span>
              </span>
              <span className={styles.ledgerAmount}>
                <span className={entry.amount < 0 ? styles.spent : styles.earned}>{signedRupees(entry.amount)}</span>
                <span className={styles.ledgerDate}>
                  {t('account.storeCreditBalance', { amount: formatRupees(entry.balance) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
