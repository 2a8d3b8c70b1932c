import { formatRupees, type Coupon } from '@rr/core';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { CouponForm } from './coupon-form.tsx';
import { OfferEditShell, useBackToList } from './offer-edit.tsx';
import { Moment, OfferList, OfferListPage, StatusBadge, type Column } from './offer-list.tsx';
import { couponGives, minOrderText, usesText } from './offer-text.ts';
import styles from './offers.module.css';

const COUPON_COLUMNS: Array<Column<Coupon>> = [
  { label: 'Code', title: true, cell: (c) => <span className={styles.code}>{c.code}</span> },
  {
    label: 'Gives',
    cell: (c) => (
      <>
        {couponGives(c)}
        {c.firstOrderOnly && <small className={styles.detail}>First order only</small>}
      </>
    ),
  },
  { label: 'Min order', cell: (c) => minOrderText(c.minOrder) },
  { label: 'From', wraps: true, cell: (c) => <Moment iso={c.startsAt} none="Now" /> },
  { label: 'To', wraps: true, cell: (c) => <Moment iso={c.endsAt} none="No end" /> },
  { label: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
  { label: 'Uses', cell: (c) => usesText(c.uses, c.usageLimit) },
  { label: 'Revenue', cell: (c) => formatRupees(c.revenue) },
  { label: 'Discount given', cell: (c) => formatRupees(c.discountGiven) },
];

/** /admin/coupons: the shop's coupon codes (issue 26), newest first. */
export function CouponListPage() {
  usePageTitle('Coupons | Rudraksha Ratna');
  return (
    <OfferListPage
      title="Coupons"
      headingId="coupons-heading"
      lead="Codes customers type in the cart. Times are Indian time. Revenue and uses count orders not cancelled."
      newTo="/admin/coupons/new"
      newLabel="New coupon"
    >
      <OfferList
        kind="coupons"
        headingId="coupons-heading"
        noun="coupon"
        columns={COUPON_COLUMNS}
        nameOf={(c) => c.code}
        empty="No coupons yet."
      />
    </OfferListPage>
  );
}

/** /admin/coupons/new and /admin/coupons/:id/edit. */
export function CouponEditPage() {
  const isNew = useParams().id === undefined;
  usePageTitle(`${isNew ? 'New Coupon' : 'Edit Coupon'} | Rudraksha Ratna`);
  const back = useBackToList('coupons');
  return (
    <OfferEditShell
      kind="coupons"
      title={isNew ? 'New Coupon' : 'Edit Coupon'}
      backLabel="All coupons"
      missing="There is no such coupon (it may have been deleted)."
    >
      {(coupon) => (
        <CouponForm
          coupon={coupon}
          onSaved={(saved) => back(`Coupon ${saved.code} ${coupon ? 'saved' : 'created'}.`)}
        />
      )}
    </OfferEditShell>
  );
}
