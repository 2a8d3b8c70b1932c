import { useT, type Translate } from '../../../i18n/index.tsx';
import { DEFAULT_MAX_LINE_QTY } from '@rr/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Price } from '../../../components/price.tsx';
import { useEarlyForm } from '../../../lib/early-form.ts';
import { addToCartPath, type ChoosableProduct } from '../product-choice.ts';
import type { ProductChoice } from '../use-product-choice.ts';
import { AddOnPicker, type AddOnFieldAtFault } from './add-on-picker.tsx';
import { WhatsAppChat } from '../../../components/whatsapp-chat.tsx';
import { DeliveryCheck } from './delivery-check.tsx';
import { StockAlertForm } from './stock-alert-form.tsx';
import styles from './buy-box.module.css';

function stockText(count: number, t: Translate): string {
  if (count < 1) return t('product.outOfStock');
  return count <= 3 ? t('product.onlyLeft', { count }) : t('product.inStock');
}

/**
 * The buy box: the price with the extras taken, the stock of the chosen variant, the extras, the
 * quantity and Add To Cart, which refuses (saying why, at the field, which it focuses) while a required
 * text is missing. On a phone the price, the stock and Add To Cart are a bar at the foot of the screen.
 */
export function BuyBox({
  product,
  name,
  choice,
  signedIn,
  className,
}: {
  product: ChoosableProduct;
  /** The product's name in the page's language. */
  name: string;
  choice: ProductChoice;
  signedIn: boolean;
  /** Where the page's layout puts it. */
  className?: string;
}) {
  const navigate = useNavigate();
  const t = useT();
  // Server-rendered: a tap on Add To Cart before the app has taken the page over is held, then sent.
  const earlyForm = useEarlyForm();
  const [qty, setQty] = useState(1);
  const [atFault, setAtFault] = useState<AddOnFieldAtFault | null>(null);
  const stock = choice.offer.countInStock;
  const inStock = stock > 0;
  const maxQty = Math.min(stock, DEFAULT_MAX_LINE_QTY);
  const shownQty = Math.min(qty, Math.max(maxQty, 1));
  const madeToOrder = choice.taken.some((a) => a.madeToOrder);

  // Each refusal: its field is focused, so that a tap in the phone's bar shows what is missing.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) earlyForm.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals, earlyForm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = choice.problem();
    setAtFault(problem);
    if (problem) {
      setRefusals((n) => n + 1);
      return;
    }
    navigate(addToCartPath(product._id, shownQty, choice.variant?._id ?? null, choice.picks));
  };

  return (
    <aside className={`card ${styles.buyBox} ${className ?? ''}`} aria-label={t('product.buy')}>
      <form ref={earlyForm} className={styles.form} onSubmit={submit} noValidate>
        <AddOnPicker
          addOns={choice.offered}
          taken={choice.takenIds}
          values={choice.values}
          atFault={atFault}
          onToggle={choice.toggle}
          onValue={(id, field, value) => {
            choice.setValue(id, field, value);
            if (atFault?.addOn === id && atFault.field === field) setAtFault(null);
          }}
        />
        {inStock && (
          <label className={styles.qty}>
            {t('product.qty')}
            <select className="select" value={shownQty} onChange={(e) => setQty(Number(e.target.value))}>
              {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        {madeToOrder && <p className={styles.madeToOrder}>{t('product.madeToOrder')}</p>}
        {atFault && <Message variant="danger">{atFault.message}</Message>}
        <BuyBar choice={choice} gstPercent={product.gstPercent} />
      </form>
      {product.countInStock < 1 && (
        <StockAlertForm key={product._id} productId={product._id} name={name} signedIn={signedIn} />
      )}
      <DeliveryCheck />
      <WhatsAppChat text={name} />
    </aside>
  );
}

/**
 * Issue 32: the price, the stock and Add To Cart. On a phone they are a bar fixed at the foot of the
 * screen, there from the first screen on; elsewhere they are the box's last lines. The one
 * submit button of the buy box's one form: the bar is the box's own, not a copy.
 */
function BuyBar({ choice, gstPercent }: { choice: ProductChoice; gstPercent: number }) {
  const t = useT();
  const stock = choice.offer.countInStock;
  const inStock = stock > 0;
  return (
    <div className={styles.bar} data-testid="buy-bar">
      <dl className={styles.facts}>
        <dt>{t('product.price')}</dt>
        <dd data-testid="buy-price">
          <BuyPrice choice={choice} gstPercent={gstPercent} />
        </dd>
        <dt>{t('product.status')}</dt>
        <dd className={inStock ? styles.inStock : styles.outOfStock}>{stockText(stock, t)}</dd>
      </dl>
      <Button type="submit" block disabled={!inStock} className={styles.add}>
        {t('product.addToCart')}
      </Button>
    </div>
  );
}

/**
 * The unit's price with the extras taken; in a sale, with the catalog price struck through (the sale's
 * badge is beside the product's price already).
 */
function BuyPrice({ choice, gstPercent }: { choice: ProductChoice; gstPercent: number }) {
  const t = useT();
  return (
    <>
      <Price price={choice.price} mrp={null} gstPercent={gstPercent} sale={choice.saleWithExtras} saleName={false} />
      {choice.taken.length > 0 && (
        <span className={styles.withExtras}>{t('product.withExtras', { count: choice.taken.length })}</span>
      )}
    </>
  );
}
