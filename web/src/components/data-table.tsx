import type { ReactNode } from 'react';
import styles from './data-table.module.css';

/**
 * A table that scrolls sideways inside its own frame on a narrow phone instead of widening the page.
 * The frame is a focusable region named by `labelledBy`, so keyboard users can scroll it too.
 */
export function DataTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={styles.scroll} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={styles.table}>{children}</table>
    </div>
  );
}
