import { ORDER_CONFIRM_MINUTES, OTP_LENGTH, formatDateTimeIST, type Order } from '@rr/core';
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
  const confirmBy = formatDateTimeIST(order.confirmBy!);
  return (
    <section className={`card ${layout.block}`} aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Awaiting confirmation</h2>
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
        To confirm this Cash on Delivery order, enter the {OTP_LENGTH}-digit code we sent by SMS to your phone ending{' '}
        {order.user.phone.slice(-4)}. We pack it once it is confirmed; if it is not confirmed by {confirmBy} (
        {ORDER_CONFIRM_MINUTES} minutes after ordering), it is cancelled.
      </p>
      <FormField
        label="Confirmation code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        error={confirm.isError ? confirm.error.message : null}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={confirm.isPending} busyLabel="Confirming…" disabled={code.length !== OTP_LENGTH}>
          Confirm Order
        </Button>
        <Button
          variant="outline"
          busy={resend.isPending}
          busyLabel="Sending…"
          onClick={() => {
            confirm.reset();
            resend.mutate();
          }}
        >
          Send a New Code
        </Button>
      </div>
      {resend.isSuccess && <Message variant="success">{resend.data.message}</Message>}
      {resend.isError && <Message variant="danger">{resend.error.message}</Message>}
    </form>
  );
}
