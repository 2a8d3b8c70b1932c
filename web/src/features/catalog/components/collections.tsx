import { categoryLabel, srcSetFor, type Category } from '@rr/core';
import { Link } from 'react-router';
import styles from './collections.module.css';

const BLURB: Record<Category, string> = {
  rudraksha: '1 to 14 mukhi, Gauri Shankar and Ganesh beads from Nepal and Java',
  gems: 'Certified ruby, emerald, pukhraj, neelam, pearl and more',
  mala: 'Jaap malas of rudraksha, sphatik, tulsi and sandalwood',
};

/**
 * Cards linking to each category collection. On a phone the 3:2 picture is cut to cover a 120 px wide,
 * card-tall column, so it is drawn about 240 px wide: that is the `sizes` there. They load after the banner,
 * which is the page's largest picture.
 */
export function Collections({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
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
            <Heading className={styles.title}>{categoryLabel(category)} Collection</Heading>
            <p className={styles.blurb}>{BLURB[category]}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
