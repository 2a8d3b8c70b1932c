import { DEFAULT_MAX_LINE_QTY, MESSAGES, formatRupees, responsiveImage, type CartItem } from '@rr/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useProduct } from '../../catalog/index.ts';
import { addToCart, cartCount, cartSubtotal, lineTotal, removeFromCart, useCartItems } from '../cart-store.ts';
import styles from './cart-page.module.css';

/** /cart/:id?qty=n adds (or re-sets) that product's line, then shows the cart at /cart. */
export function CartPage() {
  usePageTitle('Shopping Cart | Rudraksha Ratna');
  const { id } = useParams();
  return (
    <div className="container page">
      <h1>Shopping Cart</h1>
      {id ? <AddThenShow productId={id} /> : <CartLines />}
    </div>
  );
}

function AddThenShow({ productId }: { productId: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const product = useProduct(productId);
  const requested = Number(searchParams.get('qty') ?? '1');

  useEffect(() => {
    const p = product.data;
    if (!p || p.countInStock < 1) return;
    const qty = Number.isInteger(requested)
      ? Math.min(Math.max(requested, 1), p.countInStock, DEFAULT_MAX_LINE_QTY)
      : 1;
    addToCart({ product: p._id, name: p.name, image: p.image, price: p.price, countInStock: p.countInStock, qty });
    navigate('/cart', { replace: true });
  }, [product.data, requested, navigate]);

  if (product.isError) return <Message variant="danger">{product.error.message}</Message>;
  if (product.data && product.data.countInStock < 1) {
    return (
      <Message variant="danger">
        {product.data.name} is out of stock. <Link to="/cart">View your cart</Link>
      </Message>
    );
  }
  return <Spinner />;
}

function CartLines() {
  const items = useCartItems();
  const navigate = useNavigate();
  const count = cartCount(items);

  return (
    <div className={styles.layout}>
      {items.length === 0 ? (
        <Message>
          {MESSAGES.cartEmpty} <Link to="/">Go Back</Link>
        </Message>
      ) : (
        <ul className={styles.lines} aria-label="Items in your cart">
          {items.map((item) => (
            <CartLine key={item.product} item={item} />
          ))}
        </ul>
      )}
      <aside className={`card ${styles.summary}`} aria-label="Cart summary">
        <h2>
          Subtotal ({count}) {count === 1 ? 'item' : 'items'}
        </h2>
        <p className={styles.subtotal} data-testid="cart-subtotal">
          {formatRupees(cartSubtotal(items))}
        </p>
        <p className={styles.note}>Shipping and GST (at each category's rate) are worked out at checkout.</p>
        {/* SPEC §2/§5: shown on an empty cart too, disabled. */}
        <Button block disabled={items.length === 0} onClick={() => navigate('/login?redirect=shipping')}>
          Proceed To Checkout
        </Button>
      </aside>
    </div>
  );
}

/** One line: picture, name, price, quantity, the line's total and Remove. */
function CartLine({ item }: { item: CartItem }) {
  return (
    <li className={`card ${styles.line}`}>
      <img {...responsiveImage(item.image, '96px')} alt="" width={96} height={96} className={styles.image} />
      <Link to={`/product/${item.product}`} className={styles.name}>
        {item.name}
      </Link>
      <span className={styles.price}>{formatRupees(item.price)}</span>
      <label className={styles.qty}>
        <span className="visually-hidden">Quantity of {item.name}</span>
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
        <span className={styles.lineLabel}>Total</span>{' '}
        <strong data-testid="cart-line-total">{formatRupees(lineTotal(item))}</strong>
      </p>
      <Button
        variant="outline"
        className={styles.remove}
        onClick={() => removeFromCart(item.product)}
        aria-label={`Remove ${item.name}`}
      >
        Remove
      </Button>
    </li>
  );
}
