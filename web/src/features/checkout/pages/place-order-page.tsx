import {
  MESSAGES,
  ONLINE_PAYMENT_METHOD,
  type PaymentMethod,
  type QuoteCoupon,
  type ShippingAddressInput,
} from '@rr/core';
import { Suspense, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AmountsSummary } from '../../../components/amounts-summary.tsx';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { OrderLines } from '../../../components/order-lines.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import layout from '../../../components/order-layout.module.css';
import { CouponBox, useCartItems } from '../../cart/index.ts';
import { paymentMethodStore, usePaymentMethod, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { PaymentChoice } from '../components/payment-choice.tsx';
import { CodRefused, DeliveryPromise } from '../components/delivery-notes.tsx';
import { QuoteProblems } from '../components/quote-problems.tsx';
import { ShippingSummary } from '../components/shipping-summary.tsx';
import { usePlaceOrder } from '../use-place-order.ts';
import styles from './checkout.module.css';
import { useQuoteReconciliation } from '../use-quote-reconciliation.ts';

export function PlaceOrderPage() {
  usePageTitle('Place Order | Rudraksha Ratna');
  const address = useShippingAddress();
  const method = usePaymentMethod();
  if (!address) return <Navigate to="/shipping" replace />;
  if (!method) return <Navigate to="/payment" replace />;
  return <PlaceOrder address={address} method={method} />;
}

function PlaceOrder({ address, method }: { address: ShippingAddressInput; method: PaymentMethod }) {
  const cart = useCartItems();
  const { quote, quoteError, coupon, pricesChanged, unavailable, shortOfStock, canPlace } = useQuoteReconciliation(
    cart,
    method,
    { state: address.state, postalCode: address.postalCode },
  );
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const placing = usePlaceOrder(cart, address, method, quote.data?.totalPrice, coupon.code, whatsappOptIn);
  const { submit, busy, error, notice } = placing;
  const online = method === ONLINE_PAYMENT_METHOD;
  const changeMethod = (next: PaymentMethod) => {
    placing.clearMessages();
    paymentMethodStore.set(next);
  };
  // Issue 27: COD refused for this cart and pincode (by the quote, or by the server as the order was placed).
  const quotedRefusal = !online && quote.data && !quote.data.cod.allowed ? quote.data.cod.reason : null;
  const codRefusal = online ? null : (placing.codRefusal ?? quotedRefusal);

  return (
    <div className="container page">
      <CheckoutSteps current={4} />
      <h1>Place Order</h1>
      {error && <Message variant="danger">{error}</Message>}
      {notice && <Message>{notice}</Message>}
      {codRefusal !== null && (
        <CodRefused
          reason={codRefusal || 'Cash on Delivery is not available for this order.'}
          onPayOnline={() => changeMethod(ONLINE_PAYMENT_METHOD)}
          disabled={busy}
        />
      )}
      {pricesChanged && (
        <Message>Prices or stock changed since you added these items. The amounts below are today&apos;s.</Message>
      )}
      <QuoteProblems quoteError={quoteError} unavailable={unavailable} shortOfStock={shortOfStock} />
      {cart.length === 0 ? (
        <Message>
          {MESSAGES.cartEmpty} <Link to="/">Go Back</Link>
        </Message>
      ) : (
        <div className={layout.layout}>
          <div>
            <ShippingSummary address={address} />
            <section className={`card ${layout.block}`} aria-labelledby="pay-heading">
              <h2 id="pay-heading">Payment Method</h2>
              <PaymentChoice value={method} onChange={changeMethod} disabled={busy} cod={quote.data?.cod} />
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
                codFee: online ? null : quote.data.codFee,
                taxPrice: quote.data.taxPrice,
                discountPrice: online ? quote.data.discountPrice : undefined,
                adjustments: quote.data.adjustments,
                totalPrice: quote.data.totalPrice,
                shippingGst: quote.data.shippingGst,
                gst: quote.data.gst,
              }}
            >
              <DeliveryPromise delivery={quote.data.delivery} />
              <PlaceOrderCoupon coupon={coupon} quoted={quote.data.coupon} placing={placing} />
              <label className={styles.optIn}>
                <input
                  type="checkbox"
                  checked={whatsappOptIn}
                  onChange={(e) => setWhatsappOptIn(e.target.checked)}
                  disabled={busy}
                />
                Send me order updates on WhatsApp
              </label>
              <Button
                block
                onClick={submit}
                disabled={!canPlace || codRefusal !== null}
                busy={busy}
                busyLabel="Placing order…"
              >
                {online ? 'Pay and Place Order' : 'Place Order'}
              </Button>
            </AmountsSummary>
          ) : quote.isError ? null : (
            <Spinner label="Working out today's prices" />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The code box in the summary (issue 26): a code the server refuses as the order is placed shows its
 * message there, and removing the code lets the customer place the order again.
 */
function PlaceOrderCoupon({
  coupon,
  quoted,
  placing,
}: {
  coupon: ReturnType<typeof useQuoteReconciliation>['coupon'];
  quoted: QuoteCoupon | null | undefined;
  placing: ReturnType<typeof usePlaceOrder>;
}) {
  return (
    <Suspense fallback={null}>
      <CouponBox
        code={coupon.code}
        coupon={quoted}
        refusal={placing.couponError ?? coupon.refusal}
        applying={coupon.applying}
        onApply={(typed) => void coupon.apply(typed)}
        onRemove={() => {
          placing.clearCouponError();
          coupon.remove();
        }}
        disabled={placing.busy}
      />
    </Suspense>
  );
}
