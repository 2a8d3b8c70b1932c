import { Link } from 'react-router';
import { useRenderStatus } from '../lib/render-status.ts';
import { usePageTitle } from './use-page-title.ts';
import { useT } from '../i18n/index.tsx';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  useRenderStatus(404);
  return (
    <div className={`container page ${styles.notFound}`}>
      <h1>{t('notFound.heading')}</h1>
      <p className={styles.code}>{t('notFound.code')}</p>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
