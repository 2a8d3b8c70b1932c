import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { useUserInfo, withRedirect } from '../features/account/index.ts';
import { cartCount, useCartItems } from '../features/cart/index.ts';
import { SearchCombobox } from '../features/catalog/index.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useT } from '../i18n/index.tsx';
import styles from './header.module.css';
import { UserMenu } from './user-menu.tsx';

/** The cart link with its item count; in the top bar on phones, in the main links otherwise. */
function CartLink({ count, className = '', compact }: { count: number; className?: string; compact?: boolean }) {
  const t = useT();
  return (
    <NavLink to="/cart" className={({ isActive }) => `${className} ${isActive ? styles.active : ''}`}>
      <svg className={styles.cartIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.4" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.4" fill="currentColor" />
      </svg>
      <span className={compact ? 'visually-hidden' : undefined}>{t('nav.cart')}</span>{' '}
      {count > 0 && (
        <span className={styles.count} aria-label={t('nav.cartItems', { count })}>
          {count}
        </span>
      )}
    </NavLink>
  );
}

/** Pages that carry their own `?redirect=`, which Sign In keeps instead of pointing back at them. */
const SIGN_IN_PAGES = ['/login', '/register', '/verifyotp'];

/** Sign In, coming back to this page afterwards (SPEC's /login?redirect=). */
function SignInLink() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const onSignInPage = SIGN_IN_PAGES.includes(pathname);
  const redirect = onSignInPage ? searchParams.get('redirect') : pathname === '/' ? null : pathname + search;
  const t = useT();
  return (
    <NavLink to={withRedirect('/login', redirect)} className={({ isActive }) => (isActive ? styles.active : undefined)}>
      {t('nav.signIn')}
    </NavLink>
  );
}

export function Header() {
  const count = cartCount(useCartItems());
  const user = useUserInfo();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const t = useT();
  useEffect(() => setMenuOpen(false), [pathname]);

  // The phone menu closes on Escape, focus going back to its button; an open user menu inside it
  // takes the first Escape itself.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || navRef.current?.querySelector('[aria-expanded="true"]')) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Tabbing out of the menu (past its last link, or back before its button) closes it. Focus going
  // nowhere, as when Safari clicks a link, does not: the click would be lost.
  const onMenuBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !navRef.current?.contains(next) && !menuButtonRef.current?.contains(next)) setMenuOpen(false);
  };

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand}>
          <img src="/images/logo-mark.svg" alt="" width={40} height={40} className={styles.logo} />
          <span className={styles.wordmark}>
            Rudraksha Ratna<span className="visually-hidden">{t('layout.homeLink')}</span>
          </span>
        </Link>
        <div className={styles.searchSlot}>
          <SearchCombobox
            formClassName={styles.search}
            inputClassName={styles.searchInput}
            buttonClassName={styles.searchButton}
          />
        </div>
        <CartLink count={count} className={styles.barCart} compact />
        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
          onBlur={onMenuBlur}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('layout.menu')}</span>
        </button>
        <nav
          ref={navRef}
          id="main-nav"
          aria-label={t('layout.mainNav')}
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
          onBlur={onMenuBlur}
        >
          <NavLink to="/category/rudraksha" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            {t('category.rudraksha')}
          </NavLink>
          <NavLink to="/category/gems" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            {t('category.gems')}
          </NavLink>
          <NavLink to="/category/mala" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            {t('category.mala')}
          </NavLink>
          <CartLink count={count} className={styles.navCart} />
          {user ? <UserMenu user={user} /> : <SignInLink />}
          <LanguageSwitch className={styles.language} />
        </nav>
      </div>
    </header>
  );
}
