import { useLanguage, useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { localizedText, type ProductSummary } from '@rr/core';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ProductCard } from '../components/product-card.tsx';
import gridStyles from '../components/product-grid.module.css';
import { addToCartPath } from '../product-choice.ts';
import { useToggleWishlist, useWishlist } from '../wishlist-api.ts';
import styles from './wishlist-page.module.css';

/** /wishlist (sign-in required, issue 28): the products the customer saved, newest first, as cards. */
export function WishlistPage() {
  const t = useT();
  usePageTitle(t('wishlist.title'));
  const wishlist = useWishlist();
  const errorText = useErrorText();
  const products = wishlist.data?.products ?? [];
  return (
    <div className="container page">
      <h1>{t('wishlist.heading')}</h1>
      {wishlist.isPending ? (
        <Spinner />
      ) : wishlist.isError ? (
        <Message variant="danger">{errorText(wishlist.error)}</Message>
      ) : products.length === 0 ? (
        <Message>
          {t('wishlist.empty')} <Link to="/">{t('wishlist.browse')}</Link>
        </Message>
      ) : (
        <>
          <p className={styles.intro}>{t('wishlist.saved', { count: products.length })}</p>
          <ul className={gridStyles.grid}>
            {products.map((product, i) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  eager={i < 2}
                  headingLevel="h2"
                  actions={<SavedActions product={product} />}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * A saved product's Add to cart (one unit, its default variant: a product whose variants differ in
 * price is chosen on its page) and Remove.
 */
function SavedActions({ product }: { product: ProductSummary }) {
  const navigate = useNavigate();
  const toggle = useToggleWishlist();
  const inStock = product.countInStock > 0;
  const t = useT();
  const { name } = localizedText(product, useLanguage());
  return (
    <>
      {inStock && product.priceFrom != null && (
        <Link to={`/product/${product._id}`} className="btn">
          {t('wishlist.chooseOptions')}
        </Link>
      )}
      {inStock && product.priceFrom == null && (
        <Button onClick={() => navigate(addToCartPath(product._id, 1, null, []))}>{t('wishlist.addToCart')}</Button>
      )}
      <Button
        variant="outline"
        busy={toggle.isPending}
        aria-label={t('wishlist.removeLabel', { name })}
        onClick={() => toggle.mutate({ productId: product._id, save: false })}
      >
        {t('wishlist.remove')}
      </Button>
    </>
  );
}
