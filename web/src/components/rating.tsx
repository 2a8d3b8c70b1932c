import { ratingStars } from '@rr/core';
import { useId } from 'react';
import styles from './rating.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Stars in half steps, with an optional text such as '12 reviews'. */
export function Rating({ value, text }: { value: number; text?: string }) {
  const label = `Rated ${value.toFixed(1)} out of 5`;
  const gradientId = useId();
  return (
    <div className={styles.rating}>
      <span className={styles.stars} role="img" aria-label={label}>
        {ratingStars(value).map((kind, i) => (
          <svg key={i} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <defs>
              <linearGradient id={`${gradientId}-${i}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="transparent" />
              </linearGradient>
            </defs>
            <path
              d={STAR}
              fill={kind === 'full' ? 'currentColor' : kind === 'half' ? `url(#${gradientId}-${i})` : 'none'}
              stroke="currentColor"
              strokeWidth="1.5"
            />
          </svg>
        ))}
      </span>
      {text && <span className={styles.text}>{text}</span>}
    </div>
  );
}
