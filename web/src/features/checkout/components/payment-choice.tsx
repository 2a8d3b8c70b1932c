import {
  DEFAULT_PAYMENT_METHOD,
  ONLINE_DISCOUNT_PERCENT,
  ONLINE_PAYMENT_METHOD,
  type CodAnswer,
  type PaymentMethod,
} from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useCodReason } from '../cod-reason.ts';
import styles from './payment-choice.module.css';

/**
 * Cash on Delivery or Razorpay, with the online discount offered while no method is selected (SPEC §2).
 * Issue 27: when the quote refuses COD (`cod`), its option is disabled and says why.
 */
export function PaymentChoice({
  value,
  onChange,
  disabled,
  cod,
}: {
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
  cod?: CodAnswer;
}) {
  const t = useT();
  const codReason = useCodReason();
  const codRefused = cod !== undefined && !cod.allowed;
  return (
    <fieldset className={styles.choice} disabled={disabled}>
      <legend>{t('checkout.selectMethod')}</legend>
      <label className={styles.option}>
        <input
          type="radio"
          name="paymentMethod"
          value={DEFAULT_PAYMENT_METHOD}
          checked={value === DEFAULT_PAYMENT_METHOD}
          onChange={() => onChange(DEFAULT_PAYMENT_METHOD)}
          disabled={codRefused}
        />
        <span>
          <strong>{t('checkout.cod')}</strong>
          <small>{t('checkout.codNote')}</small>
          {codRefused && (
            <em className={styles.refused} data-testid="cod-disabled-reason">
              {codReason(cod)}
            </em>
          )}
        </span>
      </label>
      <label className={styles.option}>
        <input
          type="radio"
          name="paymentMethod"
          value={ONLINE_PAYMENT_METHOD}
          checked={value === ONLINE_PAYMENT_METHOD}
          onChange={() => onChange(ONLINE_PAYMENT_METHOD)}
        />
        <span>
          <strong>{t('checkout.online')}</strong>
          <small>{t('checkout.onlineNote')}</small>
          {value === null && (
            <em className={styles.offer}>{t('checkout.onlineOffer', { percent: ONLINE_DISCOUNT_PERCENT })}</em>
          )}
        </span>
      </label>
    </fieldset>
  );
}
