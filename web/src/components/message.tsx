import type { ReactNode } from 'react';
import styles from './message.module.css';

/** An alert banner: red for errors (SPEC §8), warm for information, green for success. */
export function Message({
  variant = 'info',
  children,
}: {
  variant?: 'danger' | 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <div className={`${styles.message} ${styles[variant]}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
