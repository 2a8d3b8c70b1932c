import { formatRupees, responsiveImage, toPaise, toRupees } from '@rr/core';
import { Link } from 'react-router';
import styles from './order-lines.module.css';

export interface OrderLine {
  name: string;
  image: string;
  price: number;
  qty: number;
  /** Null when the product is no longer in the catalog. */
  product: string | null;
  /** An order's lines carry what they were taxed at (the cart's do not). */
  hsnCode?: string | null;
  gstPercent?: number;
  taxPrice?: number;
}

/**
 * SPEC: each line as image, name linking to the product, and 'qty x price = line total'; with `showTax`
 * (admins), the line's HSN code, GST rate and tax too.
 */
export function OrderLines({ lines, showTax = false }: { lines: readonly OrderLine[]; showTax?: boolean }) {
  return (
    <ul className={styles.items}>
      {lines.map((line) => (
        <li key={`${line.product}-${line.name}`} className={styles.item}>
          <img {...responsiveImage(line.image, '56px')} alt="" width={56} height={56} loading="lazy" />
          {line.product ? (
            <Link to={`/product/${line.product}`} className={styles.name}>
              {line.name}
            </Link>
          ) : (
            <span className={styles.name}>{line.name}</span>
          )}
          <span className={styles.sum}>
            {line.qty} x {formatRupees(line.price)} = {formatRupees(toRupees(toPaise(line.price) * line.qty))}
            {showTax && line.gstPercent !== undefined && line.taxPrice !== undefined && (
              <small className={styles.tax}>
                {line.hsnCode ? `HSN ${line.hsnCode} · ` : ''}GST {line.gstPercent}%: {formatRupees(line.taxPrice)}
              </small>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
