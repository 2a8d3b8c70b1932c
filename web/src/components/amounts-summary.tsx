import { formatRupees } from '@rr/core';
import type { ReactNode } from 'react';
import styles from './amounts-summary.module.css';

export interface Amounts {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  /** Shown only when given (the online method's discount). */
  discountPrice?: number;
  totalPrice: number;
}

/** SPEC's Order Summary: Items, Shipping, Tax, the online discount when there is one, and Total. */
export function AmountsSummary({ amounts, children }: { amounts: Amounts; children?: ReactNode }) {
  return (
    <aside className={`card ${styles.summary}`} aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order Summary</h2>
      <dl>
        <dt>Items</dt>
        <dd>{formatRupees(amounts.itemsPrice)}</dd>
        <dt>Shipping</dt>
        <dd>{amounts.shippingPrice === 0 ? 'Free' : formatRupees(amounts.shippingPrice)}</dd>
        <dt>Tax (GST)</dt>
        <dd>{formatRupees(amounts.taxPrice)}</dd>
        {amounts.discountPrice !== undefined && (
          <>
            <dt className={styles.discount}>Online discount (10%)</dt>
            <dd className={styles.discount}>−{formatRupees(amounts.discountPrice)}</dd>
          </>
        )}
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total} data-testid="order-total">
          {formatRupees(amounts.totalPrice)}
        </dd>
      </dl>
      {children}
    </aside>
  );
}
