import { useErrorText } from '../../../i18n/error-text.ts';
import { useDates, useLanguage, useT } from '../../../i18n/index.tsx';
import { localizedText, nameIn, type Product } from '@rr/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { Message } from '../../../components/message.tsx';
import { Price } from '../../../components/price.tsx';
import { Rating } from '../../../components/rating.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUserInfo } from '../../account/index.ts';
import { useProduct } from '../api.ts';
import { BuyBox } from '../components/buy-box.tsx';
import { ProductFacts } from '../components/product-facts.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { ReviewPhotos } from '../components/review-photos.tsx';
import { VariantPicker } from '../components/variant-picker.tsx';
import { WishlistHeart } from '../components/wishlist-heart.tsx';
import { hasOwnReview } from '../own-review.ts';
import { pickerLabel, type ChoosableProduct } from '../product-choice.ts';
import { useProductChoice } from '../use-product-choice.ts';
import styles from './product-page.module.css';

// Only a signed-in customer sees it, so it is never in the server's HTML: it (with zod, for its schema)
// loads when it is first shown.
const ReviewForm = lazy(() => import('../components/review-form.tsx').then((m) => ({ default: m.ReviewForm })));

export function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const t = useT();
  const errorText = useErrorText();
  const language = useLanguage();
  // A product that is not there is the shop's 404 page (the server sends it with that status). One that
  // has gone while it was shown (a refetch answered 404) keeps its old data: not its title (issue 32).
  const text = product.data && !product.isError ? localizedText(product.data, language) : null;
  usePageTitle(
    text ? t('product.title', { name: text.name }) : product.isError ? t('notFound.title') : t('product.titlePending'),
    text?.description,
  );
  return (
    <div className="container page">
      <Link to="/" className="back-link">
        {t('product.goBack')}
      </Link>
      {product.isPending ? (
        <Spinner />
      ) : product.isError ? (
        <Message variant="danger">{errorText(product.error)}</Message>
      ) : (
        <ProductDetail product={product.data} />
      )}
    </div>
  );
}

/** The picture's column: 5 of 12 parts of 1200 px, 5 of 9 parts of the screen, or a phone's width less the padding. */
const PICTURE_SIZES = '(min-width: 1024px) 490px, (min-width: 768px) 55vw, calc(100vw - 32px)';

function ProductDetail({ product }: { product: ChoosableProduct }) {
  const user = useUserInfo();
  const choice = useProductChoice(product);
  const { offer, variant, sale } = choice;
  const variants = product.variants;
  const [saveNote, setSaveNote] = useState('');
  const t = useT();
  const dates = useDates();
  const language = useLanguage();
  const { name, description } = localizedText(product, language);
  return (
    <>
      <div className={styles.layout}>
        <ProductGallery key={offer.images.join(' ')} images={offer.images} alt={name} sizes={PICTURE_SIZES} />
        <div className={styles.info}>
          <p className={styles.category}>
            <Link to={`/category/${product.category}`}>{t(`category.${product.category}`)}</Link>
            {product.brand.trim() && ` · ${product.brand}`}
          </p>
          <h1>{name}</h1>
          <Rating value={product.rating} text={t('catalog.reviews', { count: product.numReviews })} />
          <div className={styles.save}>
            <WishlistHeart
              productId={product._id}
              labelled
              onChanged={({ saved, message }) =>
                setSaveNote(
                  // English says the server's words (they name the phone it will text); Hindi its own.
                  language === 'en'
                    ? message
                    : !saved
                      ? t('product.wishlistRemoved')
                      : t(product.countInStock < 1 ? 'product.wishlistSavedSoldOut' : 'product.wishlistSaved', {
                          name,
                        }),
                )
              }
            />
            <p className={styles.saveNote} role="status">
              {saveNote}
            </p>
          </div>
          <div className={styles.price} data-testid="product-price">
            <Price
              price={sale?.price ?? offer.price}
              mrp={offer.mrp}
              gstPercent={product.gstPercent}
              size="lg"
              sale={sale?.shown}
            />
            {product.sale && (
              <p className={styles.saleEnds}>
                {t('product.saleEnds', {
                  name: nameIn(product.sale, language),
                  date: dates.dateTime(product.sale.endsAt),
                })}
              </p>
            )}
            <p className={styles.taxNote}>{t('product.gstNote', { percent: product.gstPercent })}</p>
          </div>
          {variant && (
            <VariantPicker
              label={t(`product.picker.${pickerLabel(variants)}`)}
              variants={variants}
              chosen={variant._id}
              onChoose={choice.chooseVariant}
            />
          )}
          <p className={styles.description}>{description}</p>
          <ProductFacts product={offer.facts} />
        </div>
        <BuyBox product={product} name={name} choice={choice} signedIn={user !== null} className={styles.buyBox} />
      </div>
      <ProductReviews product={product} />
    </>
  );
}

/**
 * Issue 28: `?review=1` (a review request's link) opens the review form: in view for a signed-in
 * customer; anyone else signs in first and comes back to it.
 */
function useReviewLink(productId: string, signedIn: boolean): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromLink = searchParams.get('review') === '1';
  useEffect(() => {
    if (!fromLink || signedIn) return;
    // A task later: the session is read from this browser's storage just after the page takes over.
    const timer = setTimeout(() => {
      const back = `/product/${productId}?review=1`;
      void navigate(`/login?redirect=${encodeURIComponent(back)}`, { replace: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [fromLink, signedIn, productId, navigate]);
  return fromLink;
}

function ProductReviews({ product }: { product: Product }) {
  const user = useUserInfo();
  const fromLink = useReviewLink(product._id, user !== null);
  const t = useT();
  const dates = useDates();
  return (
    <HydrateLater>
      <section className={styles.reviews} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t('product.reviews')}</h2>
        {product.reviews.length === 0 ? (
          <Message>{t('product.noReviews')}</Message>
        ) : (
          <ul className={styles.reviewList}>
            {product.reviews.map((review) => (
              <li key={review._id} className={styles.review}>
                <div className={styles.reviewer}>
                  <strong>{review.name}</strong>
                  {review.verifiedPurchase && (
                    <span className={styles.verified}>
                      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                      {t('product.verified')}
                    </span>
                  )}
                  {!review.verifiedPurchase && review.user && (
                    <span className={styles.unverified}>{t('product.unverified')}</span>
                  )}
                </div>
                <Rating value={review.rating} />
                <time dateTime={review.createdAt} className={styles.reviewDate}>
                  {dates.date(review.createdAt)}
                </time>
                <p className={styles.comment}>{review.comment}</p>
                {review.photos.length > 0 && <ReviewPhotos photos={review.photos} reviewer={review.name} />}
              </li>
            ))}
          </ul>
        )}
        <h3 id="write-review-heading" className={styles.writeReview}>
          {/* The anchor a review request's link ends with. */}
          <span id="write-review" />
          {t('product.writeReview')}
        </h3>
        {user ? (
          <Suspense fallback={<Spinner />}>
            <ReviewForm
              key={product._id}
              productId={product._id}
              reviewed={hasOwnReview(product.reviews, user._id)}
              fromLink={fromLink}
            />
          </Suspense>
        ) : (
          <Message>
            {t('product.signInBefore')}
            <Link to={`/login?redirect=/product/${product._id}`}>{t('product.signInLink')}</Link>
            {t('product.signInAfter')}
          </Message>
        )}
      </section>
    </HydrateLater>
  );
}
