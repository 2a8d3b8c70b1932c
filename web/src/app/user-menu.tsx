import type { UserInfo } from '@rr/core';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { signOut } from '../features/account/index.ts';
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

/** SPEC §2 header: a menu titled with the user's name: Profile, the admin pages for admins, and Logout. */
export function UserMenu({ user }: { user: UserInfo }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Issue 28: the returns waiting for the owner, asked for when the menu opens (not on every page).
  const openReturns = useOpenReturnCount(open && user.isAdmin);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Tabbing out of the menu closes it. (Focus going nowhere, as when Safari clicks a link, does not:
  // closing then would swallow the click; clicks outside close it above.)
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menuRef.current?.contains(next)) setOpen(false);
  };
  const close = () => setOpen(false);

  return (
    <div className={styles.menu} ref={menuRef} onBlur={onBlur}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.name}>{user.name}</span>
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      <ul id="user-menu" className={styles.list} hidden={!open}>
        <li>
          <Link to="/profile" onClick={close}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/profile/addresses" onClick={close}>
            My Addresses
          </Link>
        </li>
        {user.isAdmin &&
          ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close}>
                {link.label}
                {link.to === '/admin/returns' && Boolean(openReturns.data) && (
                  <span className={styles.count}>
                    {openReturns.data}
                    <span className="visually-hidden"> open</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        <li className={styles.logout}>
          <button
            type="button"
            onClick={() => {
              close();
              signOut();
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
