import {
  DEFAULT_PAYMENT_METHOD,
  ONLINE_DISCOUNT_PERCENT,
  ONLINE_PAYMENT_METHOD,
  type CodAnswer,
  type PaymentMethod,
} from '@rr/core';
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
  const codRefused = cod !== undefined && !cod.allowed;
  return (
    <fieldset className={styles.choice} disabled={disabled}>
      <legend>Select Method</legend>
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
          <strong>Cash on Delivery</strong>
          <small>Pay in cash when the parcel arrives.</small>
          {codRefused && (
            <em className={styles.refused} data-testid="cod-disabled-reason">
              {cod.reason ?? 'Cash on Delivery is not available for this order.'}
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
          <strong>Pay online with Razorpay</strong>
          <small>UPI, cards, net banking and wallets.</small>
          {value === null && <em className={styles.offer}>Get {ONLINE_DISCOUNT_PERCENT}% instant discount!</em>}
        </span>
      </label>
    </fieldset>
  );
}
