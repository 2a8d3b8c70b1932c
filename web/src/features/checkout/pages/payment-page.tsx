import { DEFAULT_PAYMENT_METHOD, ONLINE_PAYMENT_METHOD, type PaymentMethod } from '@rr/core';
import { useT } from '../../../i18n/index.tsx';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useCartItems } from '../../cart/index.ts';
import { useCartQuote } from '../api.ts';
import { paymentMethodStore, usePaymentMethod, useShippingAddress } from '../checkout-store.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { PaymentChoice } from '../components/payment-choice.tsx';
import styles from './checkout.module.css';

export function PaymentPage() {
  const t = useT();
  usePageTitle(t('checkout.paymentTitle'));
  const address = useShippingAddress();
  const saved = usePaymentMethod();
  const navigate = useNavigate();
  // Nothing chosen until the customer chooses (or an earlier choice was saved): the online offer shows
  // while no method is selected (SPEC), and Continue without a choice takes the default, Cash on Delivery.
  const [method, setMethod] = useState<PaymentMethod | null>(saved);
  // Issue 27: whether COD is offered for this cart to this pincode (the quote says, with its reason).
  const cart = useCartItems();
  const quote = useCartQuote(cart, DEFAULT_PAYMENT_METHOD, {
    state: address?.state,
    postalCode: address?.postalCode,
  });
  const cod = quote.data?.cod;
  const codRefused = cod !== undefined && !cod.allowed;

  if (!address) return <Navigate to="/shipping" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    paymentMethodStore.set(method ?? (codRefused ? ONLINE_PAYMENT_METHOD : DEFAULT_PAYMENT_METHOD));
    navigate('/placeorder');
  };
  return (
    <div className={`container page ${styles.narrow}`}>
      <CheckoutSteps current={3} />
      <h1>{t('checkout.paymentMethod')}</h1>
      <form onSubmit={submit} className={styles.form}>
        <PaymentChoice value={method} onChange={setMethod} cod={cod} />
        {method === null && !codRefused && <p className={styles.note}>{t('checkout.noChoiceCod')}</p>}
        {method === ONLINE_PAYMENT_METHOD && <p className={styles.note}>{t('checkout.payWithRazorpay')}</p>}
        <Button type="submit" block>
          {t('checkout.continue')}
        </Button>
      </form>
    </div>
  );
}
