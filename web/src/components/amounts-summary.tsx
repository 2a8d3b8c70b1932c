import { useT, type Translate } from '../i18n/index.tsx';
import { ONLINE_DISCOUNT_PERCENT, formatRupees, toPaise, toRupees } from '@rr/core';
import { Fragment, type ReactNode } from 'react';
import { useAdjustmentLabel, type LabelledAdjustment } from './adjustment-label.ts';
import styles from './amounts-summary.module.css';

export interface Amounts {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  /** Shown only when given (the online method's discount), unless `adjustments` name the discounts. */
  discountPrice?: number;
  /**
   * Issue 26: each discount taken off before GST (a sale, a code, the online discount) with its label,
   * as the quote lists them; shown instead of `discountPrice`, with what they save together.
   */
  adjustments?: ReadonlyArray<LabelledAdjustment & { amount: number }>;
  totalPrice: number;
  /** Issue 27: the Cash on Delivery fee (before GST), which is inside `shippingPrice`; shown as its own line. */
  codFee?: { amount: number; taxPrice: number } | null;
  /** The GST on shipping, which is in `taxPrice` (shipping is taxed as part of the goods). */
  shippingGst?: { gstPercent: number; taxPrice: number };
  /** How the GST splits by the place of supply, when it is known. */
  gst?: { supply: 'intra-state' | 'inter-state'; cgst: number; sgst: number; igst: number } | null;
  /**
   * Issue 28: the part of the total paid with store credit (a payment, not a discount: it comes after the
   * total) and what is left, e.g. "Paid online" or "To pay on delivery". Shown when `applied` is above 0.
   */
  storeCredit?: { applied: number; label: string; due: number; dueLabel: string } | null;
}

/** The small print under the Tax line: the GST on shipping, and CGST + SGST or IGST. */
function taxNotes({ shippingGst, gst, codFee }: Amounts, t: Translate): string[] {
  const notes: string[] = [];
  if (shippingGst && shippingGst.taxPrice > 0) {
    const key = codFee && codFee.amount > 0 ? 'orders.gstOnShippingCod' : 'orders.gstOnShipping';
    notes.push(t(key, { amount: formatRupees(shippingGst.taxPrice), percent: shippingGst.gstPercent }));
  }
  if (gst) {
    notes.push(
      gst.supply === 'intra-state'
        ? `CGST ${formatRupees(gst.cgst)} + SGST ${formatRupees(gst.sgst)}`
        : `IGST ${formatRupees(gst.igst)}`,
    );
  }
  return notes;
}

/** The discount lines: the quote's adjustments by label, or SPEC's one online discount. */
function DiscountLines({ amounts }: { amounts: Amounts }) {
  const t = useT();
  const labelOf = useAdjustmentLabel();
  const shown = amounts.adjustments?.filter((a) => a.amount > 0) ?? [];
  // An order priced before adjustments were listed has only its online discount.
  if (shown.length > 0) {
    return shown.map((a) => (
      <Fragment key={`${a.kind} ${a.label}`}>
        <dt className={styles.discount}>{labelOf(a)}</dt>
        <dd className={styles.discount}>−{formatRupees(a.amount)}</dd>
      </Fragment>
    ));
  }
  if (amounts.discountPrice === undefined) return null;
  return (
    <>
      <dt className={styles.discount}>{t('orders.onlineDiscount', { percent: ONLINE_DISCOUNT_PERCENT })}</dt>
      <dd className={styles.discount}>−{formatRupees(amounts.discountPrice)}</dd>
    </>
  );
}

/**
 * Shipping, and (issue 27) the Cash on Delivery fee as its own line: the fee is inside `shippingPrice`,
 * so the Shipping line shows the freight alone and the two add up to it.
 */
function ShippingLines({ amounts }: { amounts: Amounts }) {
  const t = useT();
  const fee = amounts.codFee && amounts.codFee.amount > 0 ? amounts.codFee.amount : 0;
  const freight = toRupees(toPaise(amounts.shippingPrice) - toPaise(fee));
  return (
    <>
      <dt>{t('orders.shipping')}</dt>
      <dd data-testid="shipping-price">{freight === 0 ? t('orders.free') : formatRupees(freight)}</dd>
      {fee > 0 && (
        <>
          <dt>{t('orders.codFee')}</dt>
          <dd data-testid="cod-fee">{formatRupees(fee)}</dd>
        </>
      )}
    </>
  );
}

/** Store credit paid towards the total, and the rest: after the total, since it pays it. */
function StoreCreditLines({ credit }: { credit: Amounts['storeCredit'] }) {
  if (!credit || credit.applied <= 0) return null;
  return (
    <>
      <dt>{credit.label}</dt>
      <dd data-testid="store-credit-applied">−{formatRupees(credit.applied)}</dd>
      <dt className={styles.due}>{credit.dueLabel}</dt>
      <dd className={styles.due} data-testid="amount-due">
        {formatRupees(credit.due)}
      </dd>
    </>
  );
}

/** What the discounts save together, added in paise; null without any. */
function savings(amounts: Amounts): number | null {
  const paise = (amounts.adjustments ?? []).reduce((sum, a) => sum + Math.max(toPaise(a.amount), 0), 0);
  return paise > 0 ? toRupees(paise) : null;
}

/**
 * SPEC's Order Summary: Items, the online discount when there is one (taken off before GST, so it comes
 * first), Shipping, Tax and Total; each line adds up to the next (decision 0039).
 */
export function AmountsSummary({ amounts, children }: { amounts: Amounts; children?: ReactNode }) {
  const t = useT();
  const notes = taxNotes(amounts, t);
  const saved = savings(amounts);
  return (
    <aside className={`card ${styles.summary}`} aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">{t('orders.summary')}</h2>
      <dl>
        <dt>{t('orders.items')}</dt>
        <dd>{formatRupees(amounts.itemsPrice)}</dd>
        <DiscountLines amounts={amounts} />
        <ShippingLines amounts={amounts} />
        <dt>{t('orders.tax')}</dt>
        <dd>{formatRupees(amounts.taxPrice)}</dd>
        {notes.length > 0 && <dd className={styles.note}>{notes.join(' · ')}</dd>}
        <dt className={styles.total}>{t('orders.total')}</dt>
        <dd className={styles.total} data-testid="order-total">
          {formatRupees(amounts.totalPrice)}
        </dd>
        <StoreCreditLines credit={amounts.storeCredit} />
      </dl>
      {saved !== null && (
        <p className={styles.saved} data-testid="order-savings">
          {t('orders.youSave', { amount: formatRupees(saved) })}
        </p>
      )}
      {children}
    </aside>
  );
}
