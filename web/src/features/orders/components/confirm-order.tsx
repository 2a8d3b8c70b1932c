import { useDates, useLanguage, useT } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { ORDER_CONFIRM_MINUTES, OTP_LENGTH, type Order } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import layout from '../../../components/order-layout.module.css';
import { useConfirmOrder, useResendConfirmationCode } from '../api.ts';
import styles from '../pages/orders.module.css';

/**
 * A Cash on Delivery order from a phone never proven waits for the code sent to it (PRODUCT.md "Security
 * decisions"): its customer enters the code here; an admin only sees that it waits.
 */
export function AwaitingConfirmation({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const t = useT();
  const confirmBy = useDates().dateTime(order.confirmBy!);
  return (
    <section className={`card ${layout.block}`} aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{t('orders.confirmHeading')}</h2>
      {isAdmin ? (
        <p>
          The customer&apos;s phone is not proven yet: this order waits for the code sent to it by SMS, and is not in
          the list to ship. If it is not confirmed by {confirmBy} it cancels itself and its items go back into stock.
          Shipping or delivering it confirms it: do so only once you have checked with the customer.
        </p>
      ) : (
        <ConfirmForm order={order} confirmBy={confirmBy} />
      )}
    </section>
  );
}

function ConfirmForm({ order, confirmBy }: { order: Order; confirmBy: string }) {
  const t = useT();
  const language = useLanguage();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const confirm = useConfirmOrder(order._id);
  const resend = useResendConfirmationCode(order._id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.reset();
    confirm.mutate(code);
  };
  return (
    <form onSubmit={submit} className={styles.confirmForm} noValidate>
      <p>
        {t('orders.confirmText', {
          length: OTP_LENGTH,
          last4: order.user.phone.slice(-4),
          confirmBy,
          minutes: ORDER_CONFIRM_MINUTES,
        })}
      </p>
      <FormField
        label={t('orders.confirmationCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        error={confirm.isError ? errorText(confirm.error) : null}
      />
      <div className={styles.actions}>
        <Button
          type="submit"
          busy={confirm.isPending}
          busyLabel={t('orders.confirming')}
          disabled={code.length !== OTP_LENGTH}
        >
          {t('orders.confirmOrder')}
        </Button>
        <Button
          variant="outline"
          busy={resend.isPending}
          busyLabel={t('orders.sending')}
          onClick={() => {
            confirm.reset();
            resend.mutate();
          }}
        >
          {t('orders.sendNewCode')}
        </Button>
      </div>
      {resend.isSuccess && (
        // English says the server's words (they name the phone's last digits); Hindi its own.
        <Message variant="success">{language === 'en' ? resend.data.message : t('orders.newCodeSent')}</Message>
      )}
      {resend.isError && <Message variant="danger">{errorText(resend.error)}</Message>}
    </form>
  );
}
