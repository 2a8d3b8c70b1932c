import { useT, type Translate } from '../../../i18n/index.tsx';
import { formatRupees, type CartQuote } from '@rr/core';
import { useState } from 'react';
import { useStoreCreditBalance } from '../../account/index.ts';
import styles from '../pages/checkout.module.css';

/**
 * Issue 28: whether the customer pays with their store credit. Offered only with a balance; `use` is
 * what the quote and the order are asked with.
 */
export function useStoreCreditChoice() {
  const balance = useStoreCreditBalance();
  const [chosen, setChosen] = useState(false);
  return { balance, use: chosen && balance > 0, setChosen };
}

export type StoreCreditChoice = ReturnType<typeof useStoreCreditChoice>;

/** The summary's amounts for store credit: what it pays and what is left, once the quote says so. */
export function storeCreditAmounts(quote: CartQuote, choice: StoreCreditChoice, online: boolean, t: Translate) {
  if (!choice.use || !quote.storeCredit) return null;
  return {
    applied: quote.storeCredit.applied,
    label: t('checkout.storeCredit'),
    due: quote.amountDue,
    dueLabel:
      quote.amountDue === 0
        ? t('checkout.leftToPay')
        : online
          ? t('checkout.toPayOnline')
          : t('checkout.toPayOnDelivery'),
  };
}

/** Whether store credit pays the whole order: nothing is left for the gateway or the courier. */
export const creditCoversAll = (quote: CartQuote | undefined, choice: StoreCreditChoice) =>
  choice.use && quote?.amountDue === 0;

/** "Use store credit (₹X available)", when there is some. */
export function StoreCreditCheckbox({ choice, disabled }: { choice: StoreCreditChoice; disabled: boolean }) {
  const t = useT();
  if (choice.balance <= 0) return null;
  return (
    <label className={styles.optIn}>
      <input
        type="checkbox"
        checked={choice.use}
        onChange={(e) => choice.setChosen(e.target.checked)}
        disabled={disabled}
      />
      {t('checkout.useStoreCredit', { amount: formatRupees(choice.balance) })}
    </label>
  );
}
