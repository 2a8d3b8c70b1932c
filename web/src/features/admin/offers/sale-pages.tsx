import { formatRupees, type Sale } from '@rr/core';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useCategories } from '../../catalog/index.ts';
import { OfferEditShell, useBackToList } from './offer-edit.tsx';
import { Moment, OfferList, OfferListPage, StatusBadge, type Column } from './offer-list.tsx';
import { SaleForm } from './sale-form.tsx';
import styles from './offers.module.css';

/** "Rudraksha, Mala and 2 products". */
function SaleScope({ sale }: { sale: Sale }) {
  const categories = useCategories();
  const names = sale.categories.map((slug) => categories.data?.find((c) => c.slug === slug)?.name ?? slug);
  const products = sale.products.length;
  if (products > 0) names.push(`${products} product${products === 1 ? '' : 's'}`);
  return <>{names.join(', ')}</>;
}

/**
 * The sale's name and, while it runs, its page in the shop (issue 30), the link the owner shares on
 * WhatsApp or social media: what it covers at the sale price.
 */
function SaleName({ sale }: { sale: Sale }) {
  if (sale.status !== 'active') return <>{sale.name}</>;
  return (
    <>
      {sale.name}{' '}
      <Link to={`/sale/${sale._id}`} className={styles.shopPage} aria-label={`Shop page of ${sale.name}`}>
        Shop page
      </Link>
    </>
  );
}

const SALE_COLUMNS: Array<Column<Sale>> = [
  { label: 'Sale', title: true, wraps: true, cell: (s) => <SaleName sale={s} /> },
  { label: 'Off', cell: (s) => `${s.percentOff}% off` },
  { label: 'Covers', wraps: true, cell: (s) => <SaleScope sale={s} /> },
  { label: 'From', wraps: true, cell: (s) => <Moment iso={s.startsAt} none="" /> },
  { label: 'To', wraps: true, cell: (s) => <Moment iso={s.endsAt} none="" /> },
  { label: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  { label: 'Uses', cell: (s) => String(s.uses) },
  { label: 'Revenue', cell: (s) => formatRupees(s.revenue) },
  { label: 'Discount given', cell: (s) => formatRupees(s.discountGiven) },
];

/** /admin/sales: scheduled sales (issue 26), newest first. */
export function SaleListPage() {
  usePageTitle('Sales | Rudraksha Ratna');
  return (
    <OfferListPage
      title="Sales"
      headingId="sales-heading"
      lead="A percent off categories or products between two times (Indian time), shown in the shop with no code. Sales never stack: a product takes its largest."
      newTo="/admin/sales/new"
      newLabel="New sale"
    >
      <OfferList
        kind="sales"
        headingId="sales-heading"
        noun="sale"
        columns={SALE_COLUMNS}
        nameOf={(s) => s.name}
        empty="No sales yet."
      />
    </OfferListPage>
  );
}

/** /admin/sales/new and /admin/sales/:id/edit. */
export function SaleEditPage() {
  const isNew = useParams().id === undefined;
  usePageTitle(`${isNew ? 'New Sale' : 'Edit Sale'} | Rudraksha Ratna`);
  const back = useBackToList('sales');
  return (
    <OfferEditShell
      kind="sales"
      title={isNew ? 'New Sale' : 'Edit Sale'}
      backLabel="All sales"
      missing="There is no such sale (it may have been deleted)."
    >
      {(sale) => (
        <SaleForm sale={sale} onSaved={(saved) => back(`Sale ${saved.name} ${sale ? 'saved' : 'created'}.`)} />
      )}
    </OfferEditShell>
  );
}
