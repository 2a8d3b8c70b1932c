import type { ProductSummary } from '@rr/core';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

/**
 * 1, 2, 3 or 4 cards a row by screen width. The first `eagerCount` pictures load at once (those above
 * the fold), the very first one ahead of everything else: on a phone it is the page's largest picture.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  headingLevel,
}: {
  products: readonly ProductSummary[];
  eagerCount?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className={styles.grid}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            eager={i < eagerCount}
            priority={i === 0 && eagerCount > 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
