import { useT } from '../i18n/index.tsx';
import { ratingStars } from '@rr/core';
import styles from './rating.module.css';

/**
 * Stars in half steps, with an optional text such as '12 reviews'. Drawn as two rows of stars in CSS
 * backgrounds (outlines, and the filled ones cut to the rating's width): two elements where five SVGs
 * with gradients were thirty, in every product card.
 */
export function Rating({ value, text }: { value: number; text?: string }) {
  const t = useT();
  const label = t('rating.label', { value: value.toFixed(1) });
  const halves = ratingStars(value).reduce((sum, kind) => sum + (kind === 'full' ? 2 : kind === 'half' ? 1 : 0), 0);
  return (
    <div className={styles.rating}>
      <span className={styles.stars} role="img" aria-label={label}>
        <span className={styles.filled} style={{ width: `${halves * 10}%` }} />
      </span>
      {text && <span className={styles.text}>{text}</span>}
    </div>
  );
}
