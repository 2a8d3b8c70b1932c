import type { ProductSummary } from '@rr/core';
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
  usePageTitle('My Wishlist | Rudraksha Ratna');
  const wishlist = useWishlist();
  const products = wishlist.data?.products ?? [];
  return (
    <div className="container page">
      <h1>My Wishlist</h1>
      {wishlist.isPending ? (
        <Spinner />
      ) : wishlist.isError ? (
        <Message variant="danger">{wishlist.error.message}</Message>
      ) : products.length === 0 ? (
        <Message>
          Your wishlist is empty. Tap the heart on a product to save it here for later.{' '}
          <Link to="/">Browse the shop</Link>
        </Message>
      ) : (
        <>
          <p className={styles.intro}>
            {products.length === 1 ? '1 product' : `${products.length} products`} saved. When one sold out comes back,
            we text you once.
          </p>
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
  return (
    <>
      {inStock && product.priceFrom != null && (
        <Link to={`/product/${product._id}`} className="btn">
          Choose options
        </Link>
      )}
      {inStock && product.priceFrom == null && (
        <Button onClick={() => navigate(addToCartPath(product._id, 1, null, []))}>Add to cart</Button>
      )}
      <Button
        variant="outline"
        busy={toggle.isPending}
        aria-label={`Remove ${product.name} from wishlist`}
        onClick={() => toggle.mutate({ productId: product._id, save: false })}
      >
        Remove
      </Button>
    </>
  );
}
