import { Link } from 'react-router';
import { useT } from '../i18n/index.tsx';
import styles from './paginate.module.css';

/** Page links 1..pages; `hrefFor(n)` builds each link. Hidden when there is one page. */
export function Paginate({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (n: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className={styles.paginate} aria-label={t('layout.pages')}>
      <ul>
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-current={n === page ? 'page' : undefined}
              className={n === page ? styles.active : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
