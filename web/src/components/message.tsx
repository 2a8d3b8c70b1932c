import { useEffect, useRef, type ReactNode } from 'react';
import { actedOnThisPage } from '../lib/user-action.ts';
import styles from './message.module.css';

/**
 * An alert banner: red for errors (SPEC §8), warm for information, green for success.
 *
 * An error or success that appears (or changes) as the result of something the user did on this page is
 * scrolled into view: on a phone the form's submit button is often a screen away from the banner. Messages
 * that are there as a page loads stay put.
 */
export function Message({
  variant = 'info',
  children,
}: {
  variant?: 'danger' | 'info' | 'success';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shownText = useRef<string | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || variant === 'info') return;
    const text = element.textContent;
    if (text === shownText.current) return;
    shownText.current = text;
    if (!actedOnThisPage()) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  });

  return (
    <div ref={ref} className={`${styles.message} ${styles[variant]}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
