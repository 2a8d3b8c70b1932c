import { useT } from '../../../i18n/index.tsx';
import { CARATS_PER_RATTI, formatDecimal, type Product } from '@rr/core';
import type { ReactNode } from 'react';
import { factValueText } from '../fact-values.ts';
import styles from './product-facts.module.css';

/** Issue 14: the product's facts as a table; rows that do not apply are left out, and no facts, no table. */
export function ProductFacts({ product }: { product: Product }) {
  const t = useT();
  const rows: Array<[string, ReactNode]> = [];
  if (product.mukhi !== null)
    rows.push([t('product.fact.mukhi'), t('product.fact.mukhiValue', { mukhi: product.mukhi })]);
  if (product.origin) rows.push([t('product.fact.origin'), factValueText('origin', product.origin, t)]);
  if (product.sizeMm !== null)
    rows.push([t('product.fact.size'), `${formatDecimal(product.sizeMm)} ${t('catalog.mm')}`]);
  if (product.weightCarats !== null)
    rows.push([
      t('product.fact.weight'),
      <>
        {t('product.fact.carats', { carats: formatDecimal(product.weightCarats) })}
        {product.weightRatti !== null && (
          <>
            {' '}
            {t('product.fact.ratti', { ratti: formatDecimal(product.weightRatti) })}
            <span className={styles.note}>{t('product.fact.rattiNote', { carats: CARATS_PER_RATTI })}</span>)
          </>
        )}
      </>,
    ]);
  if (product.beadCount !== null) rows.push([t('product.fact.beads'), String(product.beadCount)]);
  if (product.planet) rows.push([t('product.fact.planet'), factValueText('planet', product.planet, t)]);
  if (product.certificateLab || product.certificateNumber || product.certificateFile)
    rows.push([
      t('product.fact.certificate'),
      <>
        {[
          product.certificateLab,
          product.certificateNumber && t('product.fact.certificateNo', { number: product.certificateNumber }),
        ]
          .filter(Boolean)
          .join(', ')}
        {product.certificateFile && (
          <>
            {' '}
            <a href={product.certificateFile} target="_blank" rel="noopener" className={styles.link}>
              {t('product.fact.viewCertificate')}
              <span className="visually-hidden">{t('product.fact.newTab')}</span>
            </a>
          </>
        )}
      </>,
    ]);
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="facts-heading">
      <h2 id="facts-heading" className={styles.heading}>
        {t('product.facts')}
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
