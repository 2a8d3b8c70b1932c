import { Link } from 'react-router';
import { useRenderStatus } from '../lib/render-status.ts';
import { usePageTitle } from './use-page-title.ts';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  usePageTitle('Page Not Found | Rudraksha Ratna');
  useRenderStatus(404);
  return (
    <div className={`container page ${styles.notFound}`}>
      <h1>Oops!</h1>
      <p className={styles.code}>404 - The Page can&apos;t be found</p>
      <p>The page may have moved, or the address may have a typo.</p>
      <Link to="/" className="btn">
        Go to Homepage
      </Link>
    </div>
  );
}
