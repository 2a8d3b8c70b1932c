import { may, type StaffRole } from '@rr/core';
import { Link } from 'react-router';
import { useOpenReturnCount } from '../features/admin/index.ts';
import styles from './user-menu.module.css';
import { menuPages } from '../lib/staff-pages.ts';

/**
 * The admin pages in the user menu that the signed-in role opens (issue 29); "Returns" says how many
 * wait (asked for on opening, by those who may read them).
 */
export function AdminMenuLinks({ role, onClose }: { role: StaffRole | null; onClose: () => void }) {
  const openReturns = useOpenReturnCount(may(role, 'orders.read'));
  return menuPages(role).map((link) => (
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
