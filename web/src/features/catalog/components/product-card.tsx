import { useLanguage, useT } from '../../../i18n/index.tsx';
import {
  localizedText,
  responsiveImage,
  salePricePaise,
  toPaise,
  toRupees,
  truncateCardName,
  type ProductSale,
  type ProductSummary,
} from '@rr/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { Rating } from '../../../components/rating.tsx';
import styles from './product-card.module.css';
import { WishlistHeart } from './wishlist-heart.tsx';

/**
 * How wide a card's picture is drawn: the grid's 1 to 4 columns (product-grid.module.css) with 1rem gaps,
 * in the page's 1200 px container with 1rem padding. Exact on a phone, where it matters: a 412 px screen's
 * card is 380 px, which at 1.75 device pixels takes the 720 file, where "100vw" took the 1200 one.
 */
const CARD_SIZES = [
  '(min-width: 1232px) 280px',
  '(min-width: 1024px) calc(25vw - 20px)',
  '(min-width: 768px) calc(33.3vw - 22px)',
  '(min-width: 480px) calc(50vw - 24px)',
  'calc(100vw - 32px)',
].join(', ');

export function ProductCard({
  product,
  eager = false,
  priority = false,
  headingLevel: Heading = 'h3',
  actions,
}: {
  /** With the running sale that covers it (issue 26), if any. */
  product: ProductSummary & { sale?: ProductSale | null };
  eager?: boolean;
  /** The page's largest picture: fetched before the others. */
  priority?: boolean;
  /** h2 where the cards sit right under the page's h1 (a listing), h3 under a section's h2 (home). */
  headingLevel?: 'h2' | 'h3';
  /** Buttons under the price (the wishlist page's Add to cart and Remove). */
  actions?: ReactNode;
}) {
  const href = `/product/${product._id}`;
  const t = useT();
  const { name } = localizedText(product, useLanguage());
  return (
    <article className={`card ${styles.card}`}>
      <Link to={href} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <img
          {...responsiveImage(product.image, CARD_SIZES)}
          alt=""
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className={styles.image}
        />
      </Link>
      <WishlistHeart productId={product._id} />
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={href} title={name}>
            {truncateCardName(name)}
          </Link>
        </Heading>
        <Rating value={product.rating} text={t('catalog.reviews', { count: product.numReviews })} />
        <CardPrice product={product} />
        {product.countInStock === 0 && <p className={styles.out}>{t('catalog.outOfStock')}</p>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}

/**
 * The card's price: one price with its MRP, or (issue 25) "from" the lowest variant price without an MRP
 * (that is the default variant's). In a sale (issue 26) the sale price, the catalog price struck through
 * and the sale's badge.
 */
function CardPrice({ product }: { product: ProductSummary & { sale?: ProductSale | null } }) {
  const { sale } = product;
  const from = product.priceFrom;
  const t = useT();
  const badge = (was: number) =>
    sale ? { name: sale.name, nameHi: sale.nameHi, percentOff: sale.percentOff, was } : null;
  if (from != null) {
    const saleFrom = sale ? (sale.priceFrom ?? toRupees(salePricePaise(toPaise(from), sale.percentOff))) : null;
    return (
      <div className={styles.from}>
        <span>{t('catalog.from')}</span>
        <Price price={saleFrom ?? from} mrp={null} gstPercent={product.gstPercent} sale={badge(from)} />
      </div>
    );
  }
  return (
    <Price
      price={sale ? sale.price : product.price}
      mrp={product.mrp}
      gstPercent={product.gstPercent}
      sale={badge(product.price)}
    />
  );
}
