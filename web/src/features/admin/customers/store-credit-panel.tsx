import { formatDateTimeIST, formatRupees, storeCreditGrantInput, type StoreCreditAnswer } from '@rr/core';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { useGrantStoreCredit, useStoreCredit } from './store-credit-api.ts';
import styles from './store-credit.module.css';

type Entry = StoreCreditAnswer['entries'][number];

const KIND_WORDS: Record<Entry['kind'], string> = {
  refund: 'Refund',
  owner: 'By the shop',
  checkout: 'Spent on an order',
  order_cancelled: 'Order cancelled: given back',
};

/** Issue 28: the customer's store credit: the balance, a grant or take-back with its reason, the ledger. */
export function StoreCreditPanel({
  userId,
  name,
  mayGrant,
}: {
  userId: string;
  name: string;
  /** Whether the signed-in role gives and takes back credit (issue 29: `refunds`); others read it. */
  mayGrant: boolean;
}) {
  const credit = useStoreCredit(userId);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="store-credit-heading">
      <h2 id="store-credit-heading">Store credit</h2>
      {credit.isPending ? (
        <Spinner />
      ) : credit.isError ? (
        <Message variant="danger">{credit.error.message}</Message>
      ) : (
        <>
          <p className={styles.balance}>
            Balance: <strong data-testid="store-credit-balance">{formatRupees(credit.data.balance)}</strong>
          </p>
          {/* Granting credit moves money: the refunds permission's (issue 29). */}
          {mayGrant && <GrantForm userId={userId} name={name} balance={credit.data.balance} />}
          <Ledger entries={credit.data.entries} />
        </>
      )}
    </section>
  );
}

function grantPrompt(name: string, amount: number): string {
  return amount > 0
    ? `Give ${name} ${formatRupees(amount)} of store credit?`
    : `Take back ${formatRupees(-amount)} of ${name}'s store credit?`;
}

function GrantForm({ userId, name, balance }: { userId: string; name: string; balance: number }) {
  const grant = useGrantStoreCredit(userId);
  const form = useSchemaForm({
    initialValues: { amount: '', note: '' },
    schema: storeCreditGrantInput,
    toInput: ({ amount, note }) => ({ amount: amount.trim() === '' ? undefined : Number(amount), note }),
    check: ({ amount, note }) => ({
      ...(Number(amount) < 0 && -Number(amount) > balance
        ? { amount: `${name} has only ${formatRupees(balance)} to take back` }
        : {}),
      ...(note.trim() === '' ? { note: 'Type the reason: the customer sees it.' } : {}),
    }),
    clearAfterSubmit: true,
    // Cancelled at the prompt: nothing is sent and the fields keep what was typed.
    onSubmit: (body) => (window.confirm(grantPrompt(name, body.amount)) ? grant.mutateAsync(body) : undefined),
  });
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label="Give store credit">
      {form.error && <Message variant="danger">{form.error}</Message>}
      {grant.isSuccess && !form.error && <Message variant="success">Store credit updated.</Message>}
      <FormField
        label="Amount (₹)"
        hint="A negative amount takes credit back."
        inputMode="decimal"
        autoComplete="off"
        {...form.field('amount')}
      />
      <FormField
        label="Reason"
        hint="The customer sees it in their store credit."
        maxLength={500}
        autoComplete="off"
        {...form.field('note')}
      />
      <Button type="submit" variant="outline" busy={form.busy} busyLabel="Saving…">
        Give store credit
      </Button>
    </form>
  );
}

function Ledger({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return <p className={styles.empty}>No store credit yet.</p>;
  return (
    <ul className={styles.ledger} aria-label="Store credit ledger">
      {entries.map((entry) => (
        <li key={entry._id} className={styles.entry}>
          <span className={styles.what}>
            <strong>{entry.note || KIND_WORDS[entry.kind]}</strong>
            <span className={styles.when}>
              {KIND_WORDS[entry.kind]} · {formatDateTimeIST(entry.createdAt)}
              {entry.order && (
                <>
                  {' '}
                  · <Link to={`/order/${entry.order}`}>Open the order</Link>
                </>
              )}
            </span>
          </span>
          <span className={styles.figures}>
            <span className={entry.amount < 0 ? styles.minus : styles.plus}>
              {entry.amount < 0 ? '−' : '+'}
              {formatRupees(Math.abs(entry.amount))}
            </span>
            <span className={styles.after}>balance {formatRupees(entry.balance)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
