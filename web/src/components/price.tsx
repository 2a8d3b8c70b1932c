import { discountPercent, formatRupees } from '@rr/core';
import styles from './price.module.css';

/**
 * The price (before GST, as SPEC's arithmetic has it, so it says so), and when a real MRP is above the
 * price with GST, the struck-through MRP and the saving.
 */
export function Price({ price, mrp, size = 'md' }: { price: number; mrp: number | null; size?: 'md' | 'lg' }) {
  const percent = discountPercent(price, mrp);
  return (
    <div className={`${styles.price} ${styles[size]}`}>
      <span className={styles.amount}>{formatRupees(price)}</span>
      <span className={styles.gst}>+ GST</span>
      {percent !== null && mrp !== null && (
        <>
          <s className={styles.mrp}>
            <span className="visually-hidden">MRP </span>
            {formatRupees(mrp)}
          </s>
          <span className={styles.badge}>{percent}% off</span>
        </>
      )}
    </div>
  );
}
