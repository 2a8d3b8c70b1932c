import { useT, type Translate } from '../../../i18n/index.tsx';
import type { RunningSale } from '@rr/core';
import { Link } from 'react-router';
import { useRunningSales } from '../api.ts';
import styles from './sale-banner.module.css';

/** The banner's words: the owner's text, or the sale's name and percent. */
export function saleBannerText(sale: Pick<RunningSale, 'banner' | 'name' | 'percentOff'>, t: Translate): string {
  return sale.banner.trim() || t('home.saleOff', { name: sale.name, percent: sale.percentOff });
}

/**
 * Where the banner leads: the sale's (first) category, the product when it covers one, else a search for
 * the sale's name.
 */
export function saleBannerHref(sale: Pick<RunningSale, 'categories' | 'products' | 'name'>): string {
  if (sale.categories[0]) return `/category/${encodeURIComponent(sale.categories[0])}`;
  if (sale.products.length === 1) return `/product/${encodeURIComponent(sale.products[0]!)}`;
  return `/search/${encodeURIComponent(sale.name)}`;
}

/**
 * Issue 26: the running sale (the one ending first) over the corner of the home page's carousel picture,
 * so that it moves nothing when it arrives after the page. Nothing while no sale runs.
 */
export function SaleBanner() {
  const sales = useRunningSales();
  const sale = sales.data?.[0];
  const t = useT();
  if (!sale) return null;
  return (
    <div className={styles.frame}>
      <Link to={saleBannerHref(sale)} className={styles.banner} data-testid="sale-banner">
        <span className={styles.text}>{saleBannerText(sale, t)}</span>
        <span className={styles.cta} aria-hidden="true">
          {t('home.shopNow')}
        </span>
      </Link>
    </div>
  );
}
