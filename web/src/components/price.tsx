import { discountPercent, formatRupees } from '@rr/core';
import styles from './price.module.css';

/**
 * The price (before GST, as SPEC's arithmetic has it, so it says so), and when a real MRP is above the
 * price with the product's GST, the struck-through MRP and the saving.
 */
export function Price({
  price,
  mrp,
  gstPercent,
  size = 'md',
}: {
  price: number;
  mrp: number | null;
  /** The product's category's GST rate: the saving is measured from the price with it. */
  gstPercent: number;
  size?: 'md' | 'lg';
}) {
  const percent = discountPercent(price, mrp, gstPercent);
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
