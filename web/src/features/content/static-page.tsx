import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title.ts';
import styles from './content.module.css';

interface StaticPageProps {
  /** The exact document title, e.g. 'Terms and Conditions | Rudraksha Ratna'. */
  title: string;
  heading: string;
  /** Meta description for search engines. */
  description: string;
  children: ReactNode;
}

export function StaticPage({ title, heading, description, children }: StaticPageProps) {
  usePageTitle(title, description);
  return (
    <div className={styles.page}>
      <Link to="/" className={styles.back}>
        Go Back
      </Link>
      <article className={styles.article}>
        <h1 className={styles.heading}>{heading}</h1>
        {children}
      </article>
    </div>
  );
}
