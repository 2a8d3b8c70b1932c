import {
  MESSAGES,
  ONLINE_PAYMENT_METHOD,
  priceOrder,
  toPaise,
  toRupees,
  type Order,
  type PaymentMethod,
} from '@rr/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useUserInfo } from '../../account/session-store.ts';
import { clearCart, useCartItems } from '../../cart/cart-store.ts';
import { orderPayload, placeOrder, releaseOnlinePayment, startOnlinePayment } from '../api.ts';
import { paymentMethodStore, usePaymentMethod, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { PaymentChoice } from '../components/payment-choice.tsx';
import { loadCheckoutScript, openCheckout } from '../razorpay-checkout.ts';
import styles from './checkout.module.css';

const COD_CONFIRM = 'Are you sure you want to place this order with Cash on Delivery (COD)?';

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

  if (!address) return <Navigate to="/shipping" replace />;
  if (!method) return <Navigate to="/payment" replace />;

  const online = method === ONLINE_PAYMENT_METHOD;
  // What the page shows; the server prices the order again from its catalog and has the last word.
  const amounts = priceOrder(
    cart.map((item) => ({ unitPricePaise: toPaise(item.price), qty: item.qty })),
    online,
  );

  const done = (order: Order) => {
    clearCart();
    navigate(`/order/${order._id}`);
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
      {cart.length === 0 ? (
        <Message>
          {MESSAGES.cartEmpty} <Link to="/">Go Back</Link>
        </Message>
      ) : (
        <div className={styles.layout}>
          <div>
            <section className={`card ${styles.block}`} aria-labelledby="ship-heading">
              <h2 id="ship-heading">Shipping</h2>
              <p>
                <strong>Address: </strong>
                {address.address}, {address.city} {address.postalCode}, {address.state}, India{' '}
                <Link to="/shipping">Change</Link>
              </p>
            </section>
            <section className={`card ${styles.block}`} aria-labelledby="pay-heading">
              <h2 id="pay-heading">Payment Method</h2>
              <PaymentChoice value={method} onChange={changeMethod} disabled={busy} />
            </section>
            <section className={`card ${styles.block}`} aria-labelledby="items-heading">
              <h2 id="items-heading">Order Items</h2>
              <OrderLines lines={cart} />
            </section>
          </div>
          <AmountsSummary
            amounts={{
              itemsPrice: toRupees(amounts.itemsPaise),
              shippingPrice: toRupees(amounts.shippingPaise),
              taxPrice: toRupees(amounts.taxPaise),
              discountPrice: online ? toRupees(amounts.discountPaise) : undefined,
              totalPrice: toRupees(amounts.totalPaise),
            }}
          >
            <button type="button" className="btn btn-block" onClick={submit} disabled={busy}>
              {busy ? 'Placing order…' : online ? 'Pay and Place Order' : 'Place Order'}
            </button>
          </AmountsSummary>
        </div>
      )}
    </div>
  );
}
