import type { RefundMethod } from '@rr/core';
import { FormField } from './form-field.tsx';
import styles from './refund-method-fields.module.css';

/** How a refund goes back, in the owner's words. */
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  gateway: 'To the card/UPI it was paid with (Razorpay)',
  store_credit: 'Store credit',
  transfer: 'Bank/UPI transfer I have made',
};

/**
 * The ways a refund may go back (decision 0043): an online order through the gateway (or as store
 * credit); a Cash on Delivery order as store credit or a transfer the owner made.
 */
export function refundMethodsFor(online: boolean): RefundMethod[] {
  return online ? ['gateway', 'store_credit'] : ['store_credit', 'transfer'];
}

export interface RefundMethodValue {
  method: RefundMethod;
  transferReference: string;
}

/** The body's part for the method: a transfer carries its reference (UTR). */
export function refundMethodBody({ method, transferReference }: RefundMethodValue) {
  return method === 'transfer' ? { method, transferReference: transferReference.trim() } : { method };
}

/** Radio buttons for the method, and the transfer's reference when it is a transfer. */
export function RefundMethodFields({
  online,
  value,
  onChange,
  referenceError,
}: {
  online: boolean;
  value: RefundMethodValue;
  onChange: (value: RefundMethodValue) => void;
  referenceError?: string | null;
}) {
  return (
    <>
      <fieldset className={styles.methods}>
        <legend>How the money goes back</legend>
        {refundMethodsFor(online).map((method) => (
          <label key={method} className={styles.method}>
            <input
              type="radio"
              name="refund-method"
              value={method}
              checked={value.method === method}
              onChange={() => onChange({ ...value, method })}
            />
            {REFUND_METHOD_LABELS[method]}
          </label>
        ))}
      </fieldset>
      {value.method === 'transfer' && (
        <FormField
          label="Transfer reference (UTR)"
          autoComplete="off"
          maxLength={60}
          value={value.transferReference}
          error={referenceError}
          onChange={(e) => onChange({ ...value, transferReference: e.target.value })}
        />
      )}
    </>
  );
}
