import type { UserInfo } from '@rr/core';
import { Suspense, lazy, useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { signOut } from '../features/account/index.ts';
import { useT } from '../i18n/index.tsx';
import styles from './user-menu.module.css';

// Issue 28: the admin's links (and the count of open returns) load when an admin opens the menu, so
// customers' pages carry none of them.
const AdminMenuLinks = lazy(() => import('./admin-menu-links.tsx').then((m) => ({ default: m.AdminMenuLinks })));

/**
 * SPEC §2 header: a menu titled with the user's name: Profile, the admin pages the staff member's role
 * opens (issue 29), and Logout.
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

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
            {t('layout.profile')}
          </Link>
        </li>
        <li>
          <Link to="/profile/addresses" onClick={close}>
            {t('layout.addresses')}
          </Link>
        </li>
        <li>
          <Link to="/wishlist" onClick={close}>
            {t('layout.wishlist')}
          </Link>
        </li>
        {user.isAdmin && open && (
          <Suspense fallback={null}>
            <AdminMenuLinks role={user.role} onClose={close} />
          </Suspense>
        )}
        <li className={styles.logout}>
          <button
            type="button"
            onClick={() => {
              close();
              signOut();
            }}
          >
            {t('layout.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
