import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useT } from '../../i18n/index.tsx';
import styles from './content.module.css';

interface StaticPageProps {
  /** The exact document title, e.g. 'Terms and Conditions | Rudraksha Ratna', in the page's language. */
  title: string;
  heading: string;
  /** Meta description for search engines. */
  description: string;
  children: ReactNode;
}

export function StaticPage({ title, heading, description, children }: StaticPageProps) {
  const t = useT();
  usePageTitle(title, description);
  return (
    <div className={styles.page}>
      <Link to="/" className={styles.back}>
        {t('content.back')}
      </Link>
      <article className={styles.article}>
        <h1 className={styles.heading}>{heading}</h1>
        {children}
      </article>
    </div>
  );
}
