import { useLanguage, useT } from '../i18n/index.tsx';
import { discountPercent, formatRupees, nameIn } from '@rr/core';
import styles from './price.module.css';

/** A running sale's price for what is shown (issue 26): the catalog price it replaces and its badge. */
export interface SalePrice {
  name: string;
  /** Issue 30: the sale's Hindi name, for Hindi pages; absent or empty: the English one. */
  nameHi?: string | undefined;
  percentOff: number;
  /** The catalog price (before GST), struck through beside the sale price. */
  was: number;
}

/**
 * The struck-through MRP and the saving on it, when a real MRP is above the price with GST. `named`: the
 * word MRP shows, as it must beside a sale's struck-through catalog price.
 */
function MrpSaving({
  price,
  mrp,
  gstPercent,
  named = false,
}: {
  price: number;
  mrp: number | null;
  gstPercent: number;
  named?: boolean;
}) {
  const t = useT();
  const percent = discountPercent(price, mrp, gstPercent);
  if (percent === null || mrp === null) return null;
  return (
    <>
      {named && <span className={styles.mrpName}>{t('price.mrp')}</span>}
      <s className={styles.mrp}>
        {!named && <span className="visually-hidden">{t('price.mrp')} </span>}
        {formatRupees(mrp)}
      </s>
      <span className={styles.badge}>{t('price.off', { percent })}</span>
    </>
  );
}

/**
 * The price (before GST, as SPEC's arithmetic has it, so it says so), and when a real MRP is above the
 * price with the product's GST, the struck-through MRP and the saving. In a sale (issue 26) `price` is the
 * sale price: the catalog price is struck through beside it with the sale's badge, and the MRP saving is
 * measured from the sale price, which is what is charged.
 */
export function Price({
  price,
  mrp,
  gstPercent,
  size = 'md',
  sale = null,
  saleName = true,
}: {
  price: number;
  mrp: number | null;
  /** The product's category's GST rate: the saving is measured from the price with it. */
  gstPercent: number;
  size?: 'md' | 'lg';
  sale?: SalePrice | null;
  /** False where the sale's badge is shown nearby already (the buy box beside the product's price). */
  saleName?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const onSale = sale !== null && sale.was > price;
  return (
    <div className={`${styles.price} ${styles[size]}`}>
      <span className={`${styles.amount} ${onSale ? styles.saleAmount : ''}`}>{formatRupees(price)}</span>
      <span className={styles.gst}>{t('price.gst')}</span>
      {onSale && (
        <>
          <s className={styles.was}>
            <span className="visually-hidden">{t('price.was')}</span>
            {formatRupees(sale.was)}
          </s>
          {saleName && (
            <span className={styles.saleBadge}>
              {t('price.saleBadge', { name: nameIn(sale, language), percent: sale.percentOff })}
            </span>
          )}
        </>
      )}
      {onSale ? (
        <span className={styles.mrpLine}>
          <MrpSaving price={price} mrp={mrp} gstPercent={gstPercent} named />
        </span>
      ) : (
        <MrpSaving price={price} mrp={mrp} gstPercent={gstPercent} />
      )}
    </div>
  );
}
