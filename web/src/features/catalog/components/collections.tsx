import { useT } from '../../../i18n/index.tsx';
import { srcSetFor } from '@rr/core';
import { Link } from 'react-router';
import styles from './collections.module.css';

/**
 * Cards linking to each category collection. On a phone the 3:2 picture is cut to cover a 120 px wide,
 * card-tall column, so it is drawn about 240 px wide: that is the `sizes` there. They load after the banner,
 * which is the page's largest picture.
 */
export function Collections({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const t = useT();
  return (
    <ul className={styles.collections}>
      {(['gems', 'rudraksha', 'mala'] as const).map((category) => (
        <li key={category} className={`card ${styles.card}`}>
          <Link to={`/category/${category}`} className={styles.link}>
            <img
              src={`/images/collections/${category}-w640.webp`}
              srcSet={srcSetFor(`/images/collections/${category}`, [320, 640])}
              sizes="(min-width: 640px) 33vw, 240px"
              alt=""
              width={600}
              height={400}
              loading="lazy"
              fetchPriority="low"
              decoding="async"
              className={styles.image}
            />
            <Heading className={styles.title}>
              {t('catalog.categoryHeading', { label: t(`category.${category}`) })}
            </Heading>
            <p className={styles.blurb}>{t(`catalog.blurb.${category}`)}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
