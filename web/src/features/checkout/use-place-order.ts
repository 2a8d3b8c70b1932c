import {
  ONLINE_PAYMENT_METHOD,
  codAnswer,
  type CodAnswer,
  type CartItem,
  type Order,
  type PaymentMethod,
  type ShippingAddressInput,
} from '@rr/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../account/index.ts';
import { clearCart, couponRefusal } from '../cart/index.ts';
import { orderPayload, placeOrder, releaseOnlinePayment, startOnlinePayment } from './api.ts';
import { useT, type Translate } from '../../i18n/index.tsx';
import { useErrorText } from '../../i18n/error-text.ts';
import { refusedWith, type ApiError } from '../../lib/api-client.ts';
import { useCodReason } from './cod-reason.ts';
import { loadCheckoutScript, openCheckout } from './razorpay-checkout.ts';

interface CheckoutAttempt {
  /** What was sent (the call and its body): the key belongs to it. */
  body: string;
  key: string;
}

/** A random key; crypto.getRandomValues, unlike randomUUID, works on a plain-HTTP address too. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per checkout attempt: trying the same order again after an error sends the same key
 * (the server answers the order the first try may have placed); another cart or address is a new attempt.
 */
function useAttemptKeys() {
  const attempt = useRef<CheckoutAttempt | null>(null);
  const keyFor = (call: 'order' | 'payment', body: unknown): string => {
    const json = JSON.stringify([call, body]);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    return attempt.current.key;
  };
  const endAttempt = () => {
    attempt.current = null;
  };
  return { keyFor, endAttempt };
}

/**
 * Issue 30: the server's refusal of Cash on Delivery as the quote would have said it (why and the limit,
 * from its details), so the page says it in its language as it says the quote's; null when it says no why.
 */
function codAnswerOf(err: ApiError): CodAnswer | null {
  const refusal = codAnswer.shape.refusal.safeParse(err.details?.reason);
  if (!refusal.success || refusal.data === null) return null;
  const limit = err.details?.amount;
  return {
    allowed: false,
    refusal: refusal.data,
    reason: err.message,
    ...(typeof limit === 'number' ? { limit } : {}),
  };
}

/**
 * What placing the order has to say: its error, a notice, and (issue 26) the server's words when it
 * refused the code, which the code box shows beside the code so it can be removed.
 */
function useCheckoutMessages() {
  const errorText = useErrorText();
  const codReason = useCodReason();
  const [error, setErrorText] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [codRefusal, setCodRefusal] = useState<string | null>(null);
  const setError = (err: unknown) => {
    const refusal = couponRefusal(err, errorText);
    // Issue 27: COD refused for this order is shown with "Pay online instead", not as a bare error.
    if (refusedWith(err, 'COD_NOT_AVAILABLE')) {
      const cod = codAnswerOf(err);
      setCodRefusal(cod ? codReason(cod) : errorText(err));
    } else if (refusal === null) setErrorText(errorText(err));
    else setCouponError(refusal);
  };
  const clearMessages = () => {
    setErrorText(null);
    setNotice(null);
    setCouponError(null);
    setCodRefusal(null);
  };
  return { messages: { error, notice, couponError, codRefusal }, setError, setNotice, clearMessages, setCouponError };
}

/**
 * Issue 28: the customer pays part with store credit (`use`), or all of it (`coversAll`: nothing is left
 * for the gateway or the courier to take, so the order is placed at once, like a Cash on Delivery order
 * but without its confirm).
 */
export interface StoreCreditUse {
  use: boolean;
  coversAll: boolean;
}

const NO_CREDIT: StoreCreditUse = { use: false, coversAll: false };

/**
 * What goes with the order and the payment body besides the cart: the WhatsApp opt-in and the store
 * credit (`always`), and the total shown (not with the order a payment places: it was priced then).
 */
function bodyExtras(
  expectedTotal: number | undefined,
  { whatsappOptIn = false, credit = NO_CREDIT }: { whatsappOptIn?: boolean; credit?: StoreCreditUse },
) {
  const always = { ...(whatsappOptIn ? { whatsappOptIn: true } : {}), ...(credit.use ? { useStoreCredit: true } : {}) };
  return { credit, always, shown: { ...(expectedTotal === undefined ? {} : { expectedTotal }), ...always } };
}

/** Razorpay's reason a payment failed, in the page's language around it. */
const paymentFailedText = (reason: string | undefined, t: Translate) =>
  t('checkout.paymentFailed', { reason: reason ?? t('checkout.paymentNotThrough') });

/**
 * Placing the order: Cash on Delivery after a confirm, or online through Razorpay's checkout (PRODUCT.md
 * "Online payment"): the server holds the stock and creates the payment, the customer pays, and the
 * verified payment places the order. Either way the cart empties and the order page opens.
 */
export function usePlaceOrder(
  cart: readonly CartItem[],
  address: ShippingAddressInput,
  method: PaymentMethod,
  /** The total the page shows: the server refuses (PRICE_CHANGED) an order that would cost more. */
  expectedTotal: number | undefined,
  /** The cart's code (issue 26), sent with the payment order and the order. */
  couponCode: string | null = null,
  /** Issue 27: the customer asked for order updates on WhatsApp; issue 28: store credit pays part or all. */
  extras: { whatsappOptIn?: boolean; credit?: StoreCreditUse } = {},
) {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  const { messages, setError, setNotice, clearMessages, setCouponError } = useCheckoutMessages();
  const [busy, setBusy] = useState(false);
  const { keyFor, endAttempt } = useAttemptKeys();

  const done = (order: Order) => {
    endAttempt();
    clearCart();
    navigate(`/order/${order._id}`, { state: { placed: true } });
  };
  const fail = (err: unknown) => {
    setError(err);
    setBusy(false);
    // The cart costs more now: the page shows today's amounts, and the customer places it again.
    if (refusedWith(err, 'PRICE_CHANGED')) void queryClient.invalidateQueries({ queryKey: ['quote'] });
  };
  const { credit, always, shown } = bodyExtras(expectedTotal, extras);

  const placeWithoutGateway = async () => {
    if (!credit.coversAll && !window.confirm(t('checkout.codConfirm'))) return;
    setBusy(true);
    try {
      const body = { ...orderPayload(cart, address, couponCode), paymentMethod: method, ...shown };
      done(await placeOrder(body, keyFor('order', body)));
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
    const payload = orderPayload(cart, address, couponCode);
    try {
      const payment = await startOnlinePayment({ ...payload, ...shown }, keyFor('payment', { ...payload, ...shown }));
      // Its stock is held now: paying places the order, closing the checkout releases it. Either way a
      // new try is a new attempt.
      endAttempt();
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
            const body = { ...payload, paymentMethod: ONLINE_PAYMENT_METHOD as PaymentMethod, ...result, ...always };
            placeOrder(body, keyFor('order', body)).then(done, fail);
          },
          modal: {
            ondismiss: () => {
              if (outcome === 'paid') return;
              void releaseOnlinePayment(payment.orderId).catch(() => undefined);
              if (outcome !== 'failed') setNotice(t('checkout.paymentCancelled'));
              setBusy(false);
            },
          },
        },
        (failure) => {
          outcome = 'failed';
          setError(paymentFailedText(failure.error.description, t));
        },
      );
    } catch (err) {
      fail(err);
    }
  };

  const submit = () => {
    clearMessages();
    void (method === ONLINE_PAYMENT_METHOD && !credit.coversAll ? payOnline() : placeWithoutGateway());
  };

  return { submit, busy, ...messages, clearMessages, clearCouponError: () => setCouponError(null) };
}
