import { Link } from 'react-router';
import { useOpenReturnCount } from '../features/admin/index.ts';
import styles from './user-menu.module.css';

const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/userlist', label: 'Users' },
  { to: '/admin/productlist', label: 'Products' },
  { to: '/admin/orderlist', label: 'Orders' },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/sales', label: 'Sales' },
  { to: '/admin/categories', label: 'Categories & GST' },
  { to: '/admin/shipping', label: 'Shipping' },
  { to: '/admin/import', label: 'Catalog import' },
  { to: '/admin/search-synonyms', label: 'Search synonyms' },
] as const;

/** The admin pages in the user menu; "Returns" says how many wait for the owner (asked for on opening). */
export function AdminMenuLinks({ onClose }: { onClose: () => void }) {
  const openReturns = useOpenReturnCount(true);
  return ADMIN_LINKS.map((link) => (
    <li key={link.to}>
      <Link to={link.to} onClick={onClose}>
        {link.label}
        {link.to === '/admin/returns' && Boolean(openReturns.data) && (
          <span className={styles.count}>
            {openReturns.data}
            <span className="visually-hidden"> open</span>
          </span>
        )}
      </Link>
    </li>
  ));
}
