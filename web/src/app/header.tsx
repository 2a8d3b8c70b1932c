import { useEffect, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useMatch, useNavigate } from 'react-router';
import { useUserInfo } from '../features/account/session-store.ts';
import { cartCount, useCartItems } from '../features/cart/cart-store.ts';
import styles from './header.module.css';
import { UserMenu } from './user-menu.tsx';

function SearchBox() {
  const navigate = useNavigate();
  const match = useMatch('/search/:keyword/*');
  const current = match?.params.keyword ?? '';
  const [keyword, setKeyword] = useState(current);
  useEffect(() => setKeyword(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/');
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        className={styles.searchInput}
        placeholder="Search rudraksha, gems, malas..."
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        maxLength={100}
        autoComplete="off"
      />
      <button type="submit" className={styles.searchButton}>
        Search
      </button>
    </form>
  );
}

export function Header() {
  const count = cartCount(useCartItems());
  const user = useUserInfo();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand}>
          <img src="/images/logo-mark.svg" alt="" width={40} height={40} className={styles.logo} />
          <span className={styles.wordmark}>
            Rudraksha Ratna<span className="visually-hidden">, home</span>
          </span>
        </Link>
        <div className={styles.searchSlot}>
          <SearchBox />
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="main-nav" aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}>
          <NavLink to="/category/gems" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            Gems
          </NavLink>
          <NavLink to="/category/mala" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            Mala
          </NavLink>
          <NavLink to="/cart" className={({ isActive }) => (isActive ? styles.active : undefined)}>
            Cart
            {count > 0 && (
              <span className={styles.count} aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}>
                {count}
              </span>
            )}
          </NavLink>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <NavLink to="/login" className={({ isActive }) => (isActive ? styles.active : undefined)}>
              Sign In
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
