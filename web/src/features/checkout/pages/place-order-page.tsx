import { useT } from '../../../i18n/index.tsx';
import {
  ONLINE_PAYMENT_METHOD,
  type CartQuote,
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
import {
  StoreCreditCheckbox,
  creditCoversAll,
  storeCreditAmounts,
  useStoreCreditChoice,
  type StoreCreditChoice,
} from '../components/store-credit-choice.tsx';
import { useCodReason } from '../cod-reason.ts';
import { usePlaceOrder } from '../use-place-order.ts';
import styles from './checkout.module.css';
import { useQuoteReconciliation } from '../use-quote-reconciliation.ts';

export function PlaceOrderPage() {
  const t = useT();
  usePageTitle(t('checkout.placeOrderTitle'));
  const address = useShippingAddress();
  const method = usePaymentMethod();
  if (!address) return <Navigate to="/shipping" replace />;
  if (!method) return <Navigate to="/payment" replace />;
  return <PlaceOrder address={address} method={method} />;
}

/**
 * Why COD is refused for this order, or null when it is not (or the order is paid online): the server's
 * message when it refused the order, else the quote's reason (issue 30: in the page's language).
 */
function codRefusalOf(
  online: boolean,
  quote: CartQuote | undefined,
  refusedOnPlacing: string | null,
  codReason: (cod: CartQuote['cod']) => string,
): string | null {
  if (online) return null;
  if (refusedOnPlacing !== null) return refusedOnPlacing;
  return quote && !quote.cod.allowed ? codReason(quote.cod) : null;
}

function PlaceOrder({ address, method }: { address: ShippingAddressInput; method: PaymentMethod }) {
  const t = useT();
  const cart = useCartItems();
  const credit = useStoreCreditChoice();
  const { quote, quoteError, coupon, pricesChanged, unavailable, shortOfStock, canPlace } = useQuoteReconciliation(
    cart,
    method,
    { state: address.state, postalCode: address.postalCode, ...(credit.use ? { useStoreCredit: true } : {}) },
  );
  const [whatsappOptIn, setWhatsappOptIn] = useState(false);
  const codReason = useCodReason();
  const placing = usePlaceOrder(cart, address, method, quote.data?.totalPrice, coupon.code, {
    whatsappOptIn,
    credit: { use: credit.use, coversAll: creditCoversAll(quote.data, credit) },
  });
  const { busy, error, notice } = placing;
  const online = method === ONLINE_PAYMENT_METHOD;
  const changeMethod = (next: PaymentMethod) => {
    placing.clearMessages();
    paymentMethodStore.set(next);
  };
  // Issue 27: COD refused for this cart and pincode (by the quote, or by the server as the order was placed).
  const codRefusal = codRefusalOf(online, quote.data, placing.codRefusal, codReason);

  return (
    <div className="container page">
      <CheckoutSteps current={4} />
      <h1>{t('checkout.placeOrder')}</h1>
      {error && <Message variant="danger">{error}</Message>}
      {notice && <Message>{notice}</Message>}
      {codRefusal !== null && (
        <CodRefused
          reason={codRefusal || t('checkout.codNotAvailable')}
          onPayOnline={() => changeMethod(ONLINE_PAYMENT_METHOD)}
          disabled={busy}
        />
      )}
      {pricesChanged && <Message>{t('checkout.pricesChanged')}</Message>}
      <QuoteProblems quoteError={quoteError} unavailable={unavailable} shortOfStock={shortOfStock} />
      {cart.length === 0 ? (
        <Message>
          {t('cart.empty')} <Link to="/">{t('checkout.goBack')}</Link>
        </Message>
      ) : (
        <div className={layout.layout}>
          <div>
            <ShippingSummary address={address} />
            <section className={`card ${layout.block}`} aria-labelledby="pay-heading">
              <h2 id="pay-heading">{t('checkout.paymentMethod')}</h2>
              <PaymentChoice value={method} onChange={changeMethod} disabled={busy} cod={quote.data?.cod} />
            </section>
            <section className={`card ${layout.block}`} aria-labelledby="items-heading">
              <h2 id="items-heading">{t('checkout.orderItems')}</h2>
              <OrderLines lines={cart} />
            </section>
          </div>
          {quote.data ? (
            <PlaceOrderSummary
              quote={quote.data}
              online={online}
              coupon={coupon}
              placing={placing}
              optIn={[whatsappOptIn, setWhatsappOptIn]}
              credit={credit}
              canPlace={canPlace && codRefusal === null}
            />
          ) : quote.isError ? null : (
            <Spinner label={t('checkout.workingOutPrices')} />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The summary with its amounts (issue 27: the COD fee as its own line and the delivery date), the code
 * box, the WhatsApp opt-in and Place Order.
 */
function PlaceOrderSummary({
  quote,
  online,
  coupon,
  placing,
  optIn: [whatsappOptIn, setWhatsappOptIn],
  credit,
  canPlace,
}: {
  quote: CartQuote;
  online: boolean;
  coupon: ReturnType<typeof useQuoteReconciliation>['coupon'];
  placing: ReturnType<typeof usePlaceOrder>;
  optIn: [boolean, (optIn: boolean) => void];
  credit: StoreCreditChoice;
  canPlace: boolean;
}) {
  const t = useT();
  const { submit, busy } = placing;
  const paysOnline = online && !creditCoversAll(quote, credit);
  return (
    <AmountsSummary
      amounts={{
        itemsPrice: quote.itemsPrice,
        shippingPrice: quote.shippingPrice,
        codFee: online ? null : quote.codFee,
        taxPrice: quote.taxPrice,
        discountPrice: online ? quote.discountPrice : undefined,
        adjustments: quote.adjustments,
        totalPrice: quote.totalPrice,
        shippingGst: quote.shippingGst,
        gst: quote.gst,
        storeCredit: storeCreditAmounts(quote, credit, online, t),
      }}
    >
      <DeliveryPromise delivery={quote.delivery} />
      <PlaceOrderCoupon coupon={coupon} quoted={quote.coupon} placing={placing} />
      <StoreCreditCheckbox choice={credit} disabled={busy} />
      <label className={styles.optIn}>
        <input
          type="checkbox"
          checked={whatsappOptIn}
          onChange={(e) => setWhatsappOptIn(e.target.checked)}
          disabled={busy}
        />
        {t('checkout.whatsappOptIn')}
      </label>
      <Button block onClick={submit} disabled={!canPlace} busy={busy} busyLabel={t('checkout.placing')}>
        {paysOnline ? t('checkout.payAndPlace') : t('checkout.placeOrder')}
      </Button>
    </AmountsSummary>
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
