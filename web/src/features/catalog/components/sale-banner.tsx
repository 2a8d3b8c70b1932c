import { useLanguage, useT, type Translate } from '../../../i18n/index.tsx';
import { nameIn, type Language, type RunningSale } from '@rr/core';
import { Link } from 'react-router';
import { useRunningSales } from '../api.ts';
import styles from './sale-banner.module.css';

/**
 * The banner's words: the owner's text, or the sale's name and percent. On Hindi pages (issue 30) the
 * Hindi banner, else the English one, else the Hindi name (or the English one) and the percent.
 */
export function saleBannerText(
  sale: Pick<RunningSale, 'banner' | 'name' | 'percentOff'> & Partial<Pick<RunningSale, 'bannerHi' | 'nameHi'>>,
  t: Translate,
  language: Language = 'en',
): string {
  return ownBanner(sale, language) || t('home.saleOff', { name: nameIn(sale, language), percent: sale.percentOff });
}

/** The owner's banner text in `language` (the Hindi one on Hindi pages, else the English one); '' when none. */
export const ownBanner = (
  sale: Pick<RunningSale, 'banner'> & Partial<Pick<RunningSale, 'bannerHi'>>,
  language: Language,
) => (language === 'hi' && sale.bannerHi?.trim()) || sale.banner.trim();

/**
 * Where the banner leads: the product when the sale covers just one, its category when just one, else
 * the sale's own listing of what it covers (issue 30).
 */
export function saleBannerHref(sale: Pick<RunningSale, '_id' | 'categories' | 'products'>): string {
  const [category, ...otherCategories] = sale.categories;
  const [product, ...otherProducts] = sale.products;
  if (product && !category && otherProducts.length === 0) return `/product/${encodeURIComponent(product)}`;
  if (category && !product && otherCategories.length === 0) return `/category/${encodeURIComponent(category)}`;
  return `/sale/${encodeURIComponent(sale._id)}`;
}

/**
 * Issue 26: the running sale (the one ending first) over the corner of the home page's carousel picture,
 * so that it moves nothing when it arrives after the page. Nothing while no sale runs.
 */
export function SaleBanner() {
  const sales = useRunningSales();
  const sale = sales.data?.[0];
  const t = useT();
  const language = useLanguage();
  if (!sale) return null;
  return (
    <div className={styles.frame}>
      <Link to={saleBannerHref(sale)} className={styles.banner} data-testid="sale-banner">
        <span className={styles.text}>{saleBannerText(sale, t, language)}</span>
        <span className={styles.cta} aria-hidden="true">
          {t('home.shopNow')}
        </span>
      </Link>
    </div>
  );
}
