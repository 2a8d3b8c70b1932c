import { OPEN_RETURN_STATUSES, errorCodes, formatRupees, type OrderReturn, type ReturnActionInput } from '@rr/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField, TextAreaField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import {
  REFUND_METHOD_LABELS,
  RefundMethodFields,
  refundMethodBody,
  type RefundMethodValue,
} from '../../../components/refund-method-fields.tsx';
import { refusedWith } from '../../../lib/api-client.ts';
import { estimateRefund } from '../../../lib/refund-estimate.ts';
import { useReturnAction, useReturnOrder } from './returns-api.ts';
import styles from './returns.module.css';

type Send = (body: ReturnActionInput, confirmText?: string) => void;
/** Refusals that leave the pickup to the owner: no courier service, or it is away. */
const BY_HAND_CODES = [errorCodes.courierNotConfigured, errorCodes.courierUnavailable];

type Form = 'reject' | 'more_info' | 'by_hand' | 'refund' | 'replace' | null;

/**
 * What the owner can do with a return where it stands (decision 0043): decide it (approve with a pickup
 * booked or typed in, reject, ask for more), mark it received, then close it with a refund, a replacement
 * or store credit. The API's refusal shows in the card.
 */
export function ReturnActions({ ret }: { ret: OrderReturn }) {
  return OPEN_RETURN_STATUSES.includes(ret.status) ? <OpenReturnActions ret={ret} /> : null;
}

function OpenReturnActions({ ret }: { ret: OrderReturn }) {
  const action = useReturnAction(ret);
  const [form, setForm] = useState<Form>(null);
  const send: Send = (body, confirmText) => {
    if (confirmText && !window.confirm(confirmText)) return;
    action.mutate(body, { onSuccess: () => setForm(null) });
  };
  // Without a courier service (or with it away) the pickup is arranged by hand: its form opens.
  const error = action.error;
  useEffect(() => {
    if (refusedWith(error, ...BY_HAND_CODES)) setForm('by_hand');
  }, [error]);
  const props = { ret, form, setForm, send, busy: action.isPending };
  return (
    <div className={styles.actions}>
      {action.isError && <Message variant="danger">{action.error.message}</Message>}
      {(ret.status === 'requested' || ret.status === 'more_info') && <DecideActions {...props} />}
      {ret.status === 'approved' && <ReceiveAction send={send} busy={action.isPending} />}
      {ret.status === 'received' && <CloseActions {...props} />}
    </div>
  );
}

/** The parcel is back: marked received, and its units put back in stock when fit to sell again. */
function ReceiveAction({ send, busy }: { send: Send; busy: boolean }) {
  const [restock, setRestock] = useState(false);
  return (
    <div className={styles.buttons}>
      <label className={styles.restock}>
        <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
        Put the items back in stock (fit to sell again)
      </label>
      <Button onClick={() => send({ action: 'received', restock })} busy={busy} busyLabel="Saving…">
        Mark received
      </Button>
    </div>
  );
}

interface ActionProps {
  ret: OrderReturn;
  form: Form;
  setForm: (form: Form) => void;
  send: Send;
  busy: boolean;
}

function DecideActions({ ret, form, setForm, send, busy }: ActionProps) {
  const close = () => setForm(null);
  return (
    <>
      {form === null && (
        <div className={styles.buttons}>
          <Button onClick={() => send({ action: 'approve' })} busy={busy} busyLabel="Booking pickup…">
            Approve and book pickup
          </Button>
          <Button variant="outline" onClick={() => setForm('by_hand')} disabled={busy}>
            Pickup by hand
          </Button>
          {/* Asked already: the customer's answer brings it back to "requested". */}
          {ret.status === 'requested' && (
            <Button variant="outline" onClick={() => setForm('more_info')} disabled={busy}>
              Ask for more
            </Button>
          )}
          <Button variant="outline" className={styles.danger} onClick={() => setForm('reject')} disabled={busy}>
            Reject
          </Button>
        </div>
      )}
      {form === 'by_hand' && (
        <CourierForm
          name="Approve with a pickup booked by hand"
          awbLabel="Pickup AWB"
          submit="Approve"
          busy={busy}
          onCancel={close}
          onSend={(parcel) => send({ action: 'approve', ...parcel })}
        />
      )}
      {form === 'more_info' && (
        <NoteForm
          label="What do you need from the customer?"
          hint="They see this and can reply with more photos."
          submit="Ask the customer"
          busy={busy}
          onCancel={close}
          onSend={(note) => send({ action: 'more_info', note })}
        />
      )}
      {form === 'reject' && (
        <NoteForm
          label="Why is the return rejected?"
          hint="The customer sees this reason."
          submit="Reject the return"
          busy={busy}
          onCancel={close}
          onSend={(note) => send({ action: 'reject', note })}
        />
      )}
    </>
  );
}

function NoteForm(props: {
  label: string;
  hint: string;
  submit: string;
  busy: boolean;
  onCancel: () => void;
  onSend: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') return setError('Please type it: the customer is told.');
    props.onSend(note.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextAreaField
        label={props.label}
        hint={props.hint}
        rows={3}
        maxLength={500}
        value={note}
        error={error}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
      />
      <FormButtons submit={props.submit} busy={props.busy} onCancel={props.onCancel} />
    </form>
  );
}

function FormButtons({ submit, busy, onCancel }: { submit: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className={styles.buttons}>
      <Button type="submit" busy={busy} busyLabel="Saving…">
        {submit}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

/** A parcel the owner booked with a courier of their own: a pickup, or the replacement sent. */
function CourierForm(props: {
  name: string;
  awbLabel: string;
  submit: string;
  busy: boolean;
  onCancel: () => void;
  onSend: (parcel: { courier: string; trackingNumber: string }) => void;
}) {
  const [courier, setCourier] = useState('');
  const [awb, setAwb] = useState('');
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (courier.trim() === '' || awb.trim() === '') return;
    props.onSend({ courier: courier.trim(), trackingNumber: awb.trim() });
  };
  const required = (value: string) => (tried && value.trim() === '' ? 'Required' : null);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={props.name}>
      <FormField
        label="Courier"
        autoComplete="off"
        maxLength={60}
        value={courier}
        error={required(courier)}
        onChange={(e) => setCourier(e.target.value)}
      />
      <FormField
        label={props.awbLabel}
        autoComplete="off"
        maxLength={40}
        value={awb}
        error={required(awb)}
        onChange={(e) => setAwb(e.target.value)}
      />
      <FormButtons submit={props.submit} busy={props.busy} onCancel={props.onCancel} />
    </form>
  );
}

/** The amount the return's lines give back, about (from its order), or null until the order is known. */
function useReturnAmount(ret: OrderReturn) {
  const order = useReturnOrder(ret.order, true);
  const amount = order.data ? estimateRefund(order.data, ret.lines) : null;
  return { order: order.data, amount, about: amount === null ? '' : ` of about ${formatRupees(amount)}` };
}

function CloseActions({ ret, form, setForm, send, busy }: ActionProps) {
  const { order, amount, about } = useReturnAmount(ret);
  if (form === 'replace')
    return (
      <CourierForm
        name="Send a replacement"
        awbLabel="Replacement AWB"
        submit="Replacement sent"
        busy={busy}
        onCancel={() => setForm(null)}
        onSend={(parcel) =>
          send({ action: 'replace', ...parcel }, 'Send a free replacement of these items? Their stock is taken again.')
        }
      />
    );
  if (form === 'refund' && order)
    return (
      <RefundForm
        online={order.razorpayPaymentId !== null}
        amount={amount}
        busy={busy}
        onCancel={() => setForm(null)}
        send={send}
      />
    );
  return (
    <div className={styles.buttons}>
      <Button onClick={() => setForm('refund')} disabled={busy || !order}>
        Refund{amount === null ? '' : ` ${formatRupees(amount)}`}
      </Button>
      <Button variant="outline" onClick={() => setForm('replace')} disabled={busy}>
        Replace
      </Button>
      <Button
        variant="outline"
        onClick={() => send({ action: 'credit' }, `Give store credit${about} for these items?`)}
        disabled={busy}
      >
        Give store credit
      </Button>
    </div>
  );
}

function RefundForm(props: {
  online: boolean;
  amount: number | null;
  busy: boolean;
  onCancel: () => void;
  send: Send;
}) {
  const [how, setHow] = useState<RefundMethodValue>({
    method: props.online ? 'gateway' : 'store_credit',
    transferReference: '',
  });
  const [tried, setTried] = useState(false);
  const missing = how.method === 'transfer' && how.transferReference.trim() === '';
  const sum = props.amount === null ? 'the items' : `about ${formatRupees(props.amount)}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    props.send(
      { action: 'refund', ...refundMethodBody(how) },
      `Refund ${sum}: ${REFUND_METHOD_LABELS[how.method].toLowerCase()}?`,
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Refund the return">
      <RefundMethodFields
        online={props.online}
        value={how}
        onChange={setHow}
        referenceError={tried && missing ? 'Required for a transfer' : null}
      />
      {props.amount !== null && (
        <p className={styles.amount}>
          About {formatRupees(props.amount)} goes back: the items with their share of discounts, GST and shipping.
        </p>
      )}
      <FormButtons
        submit={props.amount === null ? 'Refund' : `Refund ${formatRupees(props.amount)}`}
        busy={props.busy}
        onCancel={props.onCancel}
      />
    </form>
  );
}
