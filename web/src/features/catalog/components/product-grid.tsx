import type { ProductSummary } from '@rr/core';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

/** 1, 2, 3 or 4 cards a row by screen width. */
export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: readonly ProductSummary[];
  eagerCount?: number;
}) {
  return (
    <ul className={styles.grid}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
