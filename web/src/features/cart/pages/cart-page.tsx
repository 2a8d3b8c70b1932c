import { useLanguage, useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import {
  DEFAULT_MAX_LINE_QTY,
  formatRupees,
  localizedText,
  nameIn,
  responsiveImage,
  type CartItem,
  type Language,
} from '@rr/core';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAdjustmentLabel } from '../../../components/adjustment-label.ts';
import { Button } from '../../../components/button.tsx';
import { LineChoices } from '../../../components/line-choices.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { addOnPicksFrom, cartLineFor, useProduct } from '../../catalog/index.ts';
import {
  addToCart,
  cartCount,
  cartLineName,
  cartSubtotal,
  lineKey,
  lineTotal,
  removeFromCart,
  useCartItems,
} from '../cart-store.ts';
import { CouponBox } from '../components/coupon-box.tsx';
import { useCartPrices, type LineNews } from '../use-cart-prices.ts';
import styles from './cart-page.module.css';

/** /cart/:id?qty=n adds (or re-sets) that product's line, then shows the cart at /cart. */
export function CartPage() {
  const t = useT();
  usePageTitle(t('cart.title'));
  const { id } = useParams();
  return (
    <div className="container page">
      <h1>{t('cart.heading')}</h1>
      {id ? <AddThenShow productId={id} /> : <CartLines />}
    </div>
  );
}

/** The line the address asks for: the variant and extras (issue 25) as the product page chose them. */
function useRequestedLine(productId: string) {
  const [searchParams] = useSearchParams();
  const product = useProduct(productId);
  const t = useT();
  const language = useLanguage();
  const variant = searchParams.get('variant');
  const addOnsText = searchParams.get('addOns');
  const line = useMemo(
    () =>
      product.data
        ? cartLineFor(product.data, { variant, addOns: addOnPicksFrom(addOnsText), qty: 1 }, t, language)
        : null,
    [product.data, variant, addOnsText, t, language],
  );
  return { product, line, requested: Number(searchParams.get('qty') ?? '1') };
}

function AddThenShow({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { product, line, requested } = useRequestedLine(productId);
  const item = line && 'item' in line ? line.item : null;
  const t = useT();
  const language = useLanguage();

  useEffect(() => {
    if (!item || item.countInStock < 1) return;
    const qty = Number.isInteger(requested)
      ? Math.min(Math.max(requested, 1), item.countInStock, DEFAULT_MAX_LINE_QTY)
      : 1;
    addToCart({ ...item, qty });
    navigate('/cart', { replace: true });
  }, [item, requested, navigate]);

  if (product.isError) return <Message variant="danger">{errorText(product.error)}</Message>;
  if (line && 'problem' in line) {
    return (
      <Message variant="danger">
        {line.problem} <Link to={`/product/${productId}`}>{t('cart.chooseAgain')}</Link>
      </Message>
    );
  }
  if (item && item.countInStock < 1) {
    return (
      <Message variant="danger">
        {t('cart.outOfStock', {
          name: lineLabel(
            { ...item, name: product.data ? localizedText(product.data, language).name : item.name },
            language,
          ),
        })}{' '}
        <Link to="/cart">{t('cart.viewCart')}</Link>
      </Message>
    );
  }
  return <Spinner />;
}

function CartLines() {
  const items = useCartItems();
  const t = useT();
  // Issue 32: today's prices and stock from the server, not only those the cart was saved with.
  const prices = useCartPrices(items);

  return (
    <div className={styles.layout}>
      {items.length === 0 ? (
        <Message>
          {t('cart.empty')} <Link to="/">{t('cart.goBack')}</Link>
        </Message>
      ) : (
        <ul className={styles.lines} aria-label={t('cart.items')}>
          {items.map((item) => (
            <CartLine key={lineKey(item)} item={item} news={prices.news(item)} />
          ))}
        </ul>
      )}
      <CartSummary items={items} coupon={prices.coupon} failed={prices.failed} />
    </div>
  );
}

/**
 * The subtotal at the lines' prices, the discounts the server's quote takes off (a running sale, the
 * code) and the code box. Priced as Cash on Delivery: the place-order page shows the method's own amounts.
 */
function CartSummary({
  items,
  coupon,
  failed,
}: {
  items: readonly CartItem[];
  coupon: ReturnType<typeof useCartPrices>['coupon'];
  failed: boolean;
}) {
  const navigate = useNavigate();
  const count = cartCount(items);
  const t = useT();
  const labelOf = useAdjustmentLabel();
  const { quote, code, refusal, applying, apply, remove } = coupon;
  const discounts = (quote.data?.adjustments ?? []).filter((a) => a.amount > 0);
  return (
    <aside className={`card ${styles.summary}`} aria-label={t('cart.summary')}>
      <h2>{t('cart.subtotal', { count })}</h2>
      <p className={styles.subtotal} data-testid="cart-subtotal">
        {formatRupees(cartSubtotal(items))}
      </p>
      {items.length > 0 && discounts.length > 0 && (
        <dl className={styles.discounts} aria-label={t('cart.discounts')}>
          {discounts.map((a) => (
            <div key={`${a.kind} ${a.label}`} className={styles.discount}>
              <dt>{labelOf(a)}</dt>
              <dd>−{formatRupees(a.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      {items.length > 0 && quote.data && quote.data.discountPrice > 0 && (
        <p className={styles.saved} data-testid="cart-savings">
          {t('cart.youSave', { amount: formatRupees(quote.data.discountPrice) })}
        </p>
      )}
      {failed && (
        <p className={styles.unchecked} role="status">
          {t('cart.pricesUnchecked')}
        </p>
      )}
      <p className={styles.note}>{t('cart.note')}</p>
      {items.length > 0 && (
        <CouponBox
          code={code}
          coupon={quote.data?.coupon}
          refusal={refusal}
          applying={applying}
          onApply={(typed) => void apply(typed)}
          onRemove={remove}
        />
      )}
      {/* SPEC §2/§5: shown on an empty cart too, disabled. */}
      <Button block disabled={items.length === 0} onClick={() => navigate('/login?redirect=shipping')}>
        {t('cart.checkout')}
      </Button>
    </aside>
  );
}

/** A line's name for buttons and fields: the product with its variant (issue 30: in the page's language). */
function lineLabel(item: Pick<CartItem, 'name' | 'variantName' | 'variantNameHi'>, language: Language): string {
  if (!item.variantName) return item.name;
  return `${item.name} (${nameIn({ name: item.variantName, nameHi: item.variantNameHi }, language)})`;
}

/** One line: picture, name (with its variant and extras), price, quantity, the line's total and Remove. */
function CartLine({ item, news }: { item: CartItem; news: LineNews | null }) {
  const t = useT();
  const language = useLanguage();
  const name = cartLineName(item, language);
  return (
    <li className={`card ${styles.line}`}>
      <img {...responsiveImage(item.image, '96px')} alt="" width={96} height={96} className={styles.image} />
      <Link
        to={`/product/${item.product}${item.variant ? `?variant=${encodeURIComponent(item.variant)}` : ''}`}
        className={styles.name}
      >
        {name}
      </Link>
      <LineChoices
        variantName={item.variantName}
        variantNameHi={item.variantNameHi}
        addOns={item.addOns}
        className={styles.choices}
      />
      <span className={styles.price}>{formatRupees(item.price)}</span>
      <label className={styles.qty}>
        <span className="visually-hidden">
          {t('cart.quantityOf', { name: lineLabel({ ...item, name }, language) })}
        </span>
        <select
          className="select"
          value={item.qty}
          onChange={(e) => addToCart({ ...item, qty: Number(e.target.value) })}
        >
          {Array.from(
            { length: Math.max(Math.min(item.countInStock, DEFAULT_MAX_LINE_QTY), item.qty) },
            (_, i) => i + 1,
          ).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.lineTotal}>
        <span className={styles.lineLabel}>{t('cart.total')}</span>{' '}
        <strong data-testid="cart-line-total">{formatRupees(lineTotal(item))}</strong>
      </p>
      <Button
        variant="outline"
        className={styles.remove}
        onClick={() => removeFromCart(item)}
        aria-label={t('cart.removeLabel', { name: lineLabel({ ...item, name }, language) })}
      >
        {t('cart.remove')}
      </Button>
      {news && <LineNewsNote news={news} />}
    </li>
  );
}

/** What changed on a line since it was saved (issue 32): its price, and whether enough are left. */
function LineNewsNote({ news }: { news: LineNews }) {
  const t = useT();
  const said = [
    news.priceChange &&
      t('cart.priceChanged', { from: formatRupees(news.priceChange.from), to: formatRupees(news.priceChange.to) }),
    news.outOfStock && t('cart.lineSoldOut'),
    news.onlyLeft !== null && t('cart.onlyLeft', { count: news.onlyLeft }),
  ].filter((text): text is string => Boolean(text));
  const warn = news.outOfStock || news.onlyLeft !== null;
  return (
    <p className={`${styles.news} ${warn ? styles.newsWarn : ''}`} data-testid="cart-line-news">
      {said.join(' ')}
    </p>
  );
}
