import { useLanguage, useT } from '../i18n/index.tsx';
import { formatRupees, responsiveImage, toPaise, toRupees } from '@rr/core';
import { Link } from 'react-router';
import { LineChoices, type LineAddOn } from './line-choices.tsx';
import styles from './order-lines.module.css';

export interface OrderLine {
  name: string;
  /**
   * Issue 30: the Hindi product name (a cart line's, or the one an order line was bought with), shown on
   * Hindi pages; absent, null or empty: the English one.
   */
  nameHi?: string | null | undefined;
  image: string;
  price: number;
  qty: number;
  /** Null when the product is no longer in the catalog. */
  product: string | null;
  /** An order's lines carry what they were taxed at (the cart's do not). */
  hsnCode?: string | null;
  gstPercent?: number;
  taxPrice?: number;
  /**
   * Issue 25: the variant as an order names it (issue 30: with the Hindi name it was bought with), or a
   * cart line's variant id and name.
   */
  variant?: string | { _id: string; name: string; nameHi?: string | undefined } | null;
  variantName?: string;
  /** Issue 30: a cart line's variant's Hindi name. */
  variantNameHi?: string;
  addOns?: readonly LineAddOn[];
  /** An order line of a made-to-order extra: it cannot be returned. */
  returnable?: boolean;
}

function variantOf(line: OrderLine): { id: string | null; name: string | null; nameHi?: string | undefined } {
  if (line.variant && typeof line.variant === 'object') {
    return { id: line.variant._id, name: line.variant.name, nameHi: line.variant.nameHi };
  }
  return { id: line.variant ?? null, name: line.variantName ?? null, nameHi: line.variantNameHi };
}

/**
 * SPEC: each line as image, name linking to the product (with its variant and extras under it), and
 * 'qty x price = line total'; with `showTax` (admins), the line's HSN code, GST rate and tax too.
 */
export function OrderLines({ lines, showTax = false }: { lines: readonly OrderLine[]; showTax?: boolean }) {
  return (
    <ul className={styles.items}>
      {lines.map((line, index) => (
        <OrderLineItem key={`${index}-${line.product}`} line={line} showTax={showTax} />
      ))}
    </ul>
  );
}

function OrderLineItem({ line, showTax }: { line: OrderLine; showTax: boolean }) {
  const t = useT();
  const language = useLanguage();
  const name = language === 'hi' && line.nameHi ? line.nameHi : line.name;
  const variant = variantOf(line);
  const href = `/product/${line.product}${variant.id ? `?variant=${encodeURIComponent(variant.id)}` : ''}`;
  return (
    <li className={styles.item}>
      <img {...responsiveImage(line.image, '56px')} alt="" width={56} height={56} loading="lazy" />
      <div className={styles.name}>
        {line.product ? <Link to={href}>{name}</Link> : <span>{name}</span>}
        <LineChoices variantName={variant.name} variantNameHi={variant.nameHi} addOns={line.addOns} />
        {line.returnable === false && <p className={styles.final}>{t('orders.notReturnable')}</p>}
      </div>
      <span className={styles.sum}>
        {line.qty} x {formatRupees(line.price)} = {formatRupees(toRupees(toPaise(line.price) * line.qty))}
        {showTax && line.gstPercent !== undefined && line.taxPrice !== undefined && (
          <small className={styles.tax}>
            {line.hsnCode ? `HSN ${line.hsnCode} · ` : ''}GST {line.gstPercent}%: {formatRupees(line.taxPrice)}
          </small>
        )}
      </span>
    </li>
  );
}
