import { CARATS_PER_RATTI, formatDecimal, type Product } from '@rr/core';
import type { ReactNode } from 'react';
import styles from './product-facts.module.css';

/** Issue 14: the product's facts as a table; rows that do not apply are left out, and no facts, no table. */
export function ProductFacts({ product }: { product: Product }) {
  const rows: Array<[string, ReactNode]> = [];
  if (product.mukhi !== null) rows.push(['Mukhi', `${product.mukhi} Mukhi`]);
  if (product.origin) rows.push(['Origin', product.origin]);
  if (product.sizeMm !== null) rows.push(['Size', `${formatDecimal(product.sizeMm)} mm`]);
  if (product.weightCarats !== null)
    rows.push([
      'Weight',
      <>
        {formatDecimal(product.weightCarats)} carats
        {product.weightRatti !== null && (
          <>
            {' '}
            ({formatDecimal(product.weightRatti)} ratti
            <span className={styles.note}> at {CARATS_PER_RATTI} ct a ratti</span>)
          </>
        )}
      </>,
    ]);
  if (product.beadCount !== null) rows.push(['Beads', String(product.beadCount)]);
  if (product.planet) rows.push(['Planet', product.planet]);
  if (product.certificateLab || product.certificateNumber || product.certificateFile)
    rows.push([
      'Certificate',
      <>
        {[product.certificateLab, product.certificateNumber && `No. ${product.certificateNumber}`]
          .filter(Boolean)
          .join(', ')}
        {product.certificateFile && (
          <>
            {' '}
            <a href={product.certificateFile} target="_blank" rel="noopener" className={styles.link}>
              View certificate<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </>
        )}
      </>,
    ]);
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="facts-heading">
      <h2 id="facts-heading" className={styles.heading}>
        Product facts
      </h2>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
