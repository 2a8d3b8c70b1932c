import {
  DEFAULT_PAYMENT_METHOD,
  MESSAGES,
  ONLINE_PAYMENT_METHOD,
  type CartItem,
  type CartQuote,
  type Order,
  type PaymentMethod,
} from '@rr/core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import { Message } from '../../../components/message.tsx';
import { displayMessage } from '../../../components/field-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUserInfo } from '../../account/index.ts';
import { addToCart, clearCart, useCartItems } from '../../cart/index.ts';
import { orderPayload, placeOrder, releaseOnlinePayment, startOnlinePayment, useCartQuote } from '../api.ts';
import { paymentMethodStore, usePaymentMethod, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { PaymentChoice } from '../components/payment-choice.tsx';
import { loadCheckoutScript, openCheckout } from '../razorpay-checkout.ts';
import layout from '../../../components/order-layout.module.css';

const COD_CONFIRM = 'Are you sure you want to place this order with Cash on Delivery (COD)?';

/** The cart lines whose price, stock, name or picture the quote says have changed, as they are today. */
function changedLines(cart: readonly CartItem[], quote: CartQuote): CartItem[] {
  return quote.lines.flatMap((line) => {
    const item = cart.find((i) => i.product === line.product);
    if (!item) return [];
    const today = { ...item, name: line.name, image: line.image, price: line.price, countInStock: line.countInStock };
    const same =
      item.price === today.price &&
      item.countInStock === today.countInStock &&
      item.name === today.name &&
      item.image === today.image;
    return same ? [] : [today];
  });
}

export function PlaceOrderPage() {
  usePageTitle('Place Order | Rudraksha Ratna');
  const cart = useCartItems();
  const address = useShippingAddress();
  const method = usePaymentMethod();
  const user = useUserInfo();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pricesChanged, setPricesChanged] = useState(false);
  // The server prices the cart: what this page shows is what the order will cost.
  const quote = useCartQuote(cart, method ?? DEFAULT_PAYMENT_METHOD);

  // Keep the cart in step with today's prices and stock, and say so when they moved.
  useEffect(() => {
    if (!quote.data) return;
    const changed = changedLines(cart, quote.data);
    if (changed.length === 0) return;
    changed.forEach(addToCart);
    setPricesChanged(true);
  }, [quote.data, cart]);

  if (!address) return <Navigate to="/shipping" replace />;
  if (!method) return <Navigate to="/payment" replace />;

  const online = method === ONLINE_PAYMENT_METHOD;
  const unavailable = cart.filter((item) => quote.data?.unavailable.includes(item.product));
  const shortOfStock = cart.filter((item) => {
    const line = quote.data?.lines.find((l) => l.product === item.product);
    return line !== undefined && item.qty > line.countInStock;
  });
  const canPlace = Boolean(quote.data) && unavailable.length === 0 && shortOfStock.length === 0 && !quote.isFetching;

  const done = (order: Order) => {
    clearCart();
    navigate(`/order/${order._id}`, { state: { placed: true } });
  };
  const fail = (err: unknown) => {
    setError(err instanceof Error ? err.message : String(err));
    setBusy(false);
  };

  const placeCashOrder = async () => {
    if (!window.confirm(COD_CONFIRM)) return;
    setBusy(true);
    try {
      done(await placeOrder({ ...orderPayload(cart, address), paymentMethod: method }));
    } catch (err) {
      fail(err);
    }
  };

  const payOnline = async () => {
    setBusy(true);
    if (!(await loadCheckoutScript())) {
      window.alert('Razorpay SDK failed to load. Are you online?');
      setBusy(false);
      return;
    }
    const payload = orderPayload(cart, address);
    try {
      const payment = await startOnlinePayment(payload);
      // A failed payment can be retried in the checkout; only closing it ends the attempt.
      let outcome: 'paid' | 'failed' | null = null;
      openCheckout(
        {
          key: payment.keyId,
          amount: payment.amount,
          currency: payment.currency,
          name: payment.name,
          description: payment.description,
          order_id: payment.orderId,
          prefill: { name: user?.name ?? '', email: user?.email ?? '', contact: user?.phone ?? '' },
          theme: { color: '#7b1e1e' },
          timeout: Math.max(60, Math.floor((Date.parse(payment.expiresAt) - Date.now()) / 1000) - 60),
          handler: (result) => {
            outcome = 'paid';
            placeOrder({ ...payload, paymentMethod: ONLINE_PAYMENT_METHOD, ...result }).then(done, fail);
          },
          modal: {
            ondismiss: () => {
              if (outcome === 'paid') return;
              void releaseOnlinePayment(payment.orderId).catch(() => undefined);
              if (outcome !== 'failed')
                setNotice('Payment cancelled. Nothing was charged and your cart is still here.');
              setBusy(false);
            },
          },
        },
        (failure) => {
          outcome = 'failed';
          setError(
            `Payment failed: ${failure.error.description ?? 'the payment did not go through'} Your cart is still here.`,
          );
        },
      );
    } catch (err) {
      fail(err);
    }
  };

  const submit = () => {
    setError(null);
    setNotice(null);
    void (online ? payOnline() : placeCashOrder());
  };

  const changeMethod = (next: PaymentMethod) => paymentMethodStore.set(next);

  return (
    <div className="container page">
      <CheckoutSteps current={4} />
      <h1>Place Order</h1>
      {error && <Message variant="danger">{error}</Message>}
      {notice && <Message>{notice}</Message>}
      {pricesChanged && (
        <Message>Prices or stock changed since you added these items. The amounts below are today&apos;s.</Message>
      )}
      {quote.isError && (
        <Message variant="danger">
          {displayMessage(quote.error.message)} <Link to="/cart">Change your cart</Link>
        </Message>
      )}
      {unavailable.length > 0 && (
        <Message variant="danger">
          {unavailable.map((i) => i.name).join(', ')} {unavailable.length === 1 ? 'is' : 'are'} no longer available.{' '}
          <Link to="/cart">Remove {unavailable.length === 1 ? 'it' : 'them'} from your cart</Link> to continue.
        </Message>
      )}
      {shortOfStock.map((item) => (
        <Message key={item.product} variant="danger">
          Only {quote.data?.lines.find((l) => l.product === item.product)?.countInStock} of {item.name} left.{' '}
          <Link to="/cart">Change the quantity in your cart</Link> to continue.
        </Message>
      ))}
      {cart.length === 0 ? (
        <Message>
          {MESSAGES.cartEmpty} <Link to="/">Go Back</Link>
        </Message>
      ) : (
        <div className={layout.layout}>
          <div>
            <section className={`card ${layout.block}`} aria-labelledby="ship-heading">
              <h2 id="ship-heading">Shipping</h2>
              {address.name && (
                <p>
                  <strong>To: </strong>
                  {address.name}
                  {address.phone ? `, ${address.phone}` : ''}
                </p>
              )}
              <p>
                <strong>Address: </strong>
                {address.address}, {address.city} {address.postalCode}, {address.state}, India{' '}
                <Link to="/shipping">Change</Link>
              </p>
            </section>
            <section className={`card ${layout.block}`} aria-labelledby="pay-heading">
              <h2 id="pay-heading">Payment Method</h2>
              <PaymentChoice value={method} onChange={changeMethod} disabled={busy} />
            </section>
            <section className={`card ${layout.block}`} aria-labelledby="items-heading">
              <h2 id="items-heading">Order Items</h2>
              <OrderLines lines={cart} />
            </section>
          </div>
          {quote.data ? (
            <AmountsSummary
              amounts={{
                itemsPrice: quote.data.itemsPrice,
                shippingPrice: quote.data.shippingPrice,
                taxPrice: quote.data.taxPrice,
                discountPrice: online ? quote.data.discountPrice : undefined,
                totalPrice: quote.data.totalPrice,
              }}
            >
              <button type="button" className="btn btn-block" onClick={submit} disabled={busy || !canPlace}>
                {busy ? 'Placing order…' : online ? 'Pay and Place Order' : 'Place Order'}
              </button>
            </AmountsSummary>
          ) : quote.isError ? null : (
            <Spinner label="Working out today's prices" />
          )}
        </div>
      )}
    </div>
  );
}
