import { useT } from '../i18n/index.tsx';
import styles from './spinner.module.css';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('layout.loading')}</span>
    </div>
  );
}
