import { formatRupees, type AfterSaleLineInput, type Order } from '@rr/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import {
  REFUND_METHOD_LABELS,
  RefundMethodFields,
  refundMethodBody,
  type RefundMethodValue,
} from '../../../components/refund-method-fields.tsx';
import { estimateRefund, refundedUnits } from '../../../lib/refund-estimate.ts';
import { usePartialRefund } from '../api.ts';
import styles from './refunds.module.css';

interface Left {
  index: number;
  name: string;
  variant: string | null;
  product: string;
  left: number;
  bought: number;
}

/** The order's lines with units still to refund (bought less refunded by refunds that did not fail). */
function linesLeft(order: Order): Left[] {
  const before = refundedUnits(order, order.refunds);
  return order.orderItems.flatMap((item, index) => {
    const left = item.qty - (before.get(index) ?? 0);
    return item.product && left > 0
      ? [{ index, name: item.name, variant: item.variant?.name ?? null, product: item.product, left, bought: item.qty }]
      : [];
  });
}

/** "Refund items" opens the form; it closes again once the refund is made. */
export function RefundItems({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const left = linesLeft(order);
  if (left.length === 0) return <p className={styles.note}>Every item has been refunded.</p>;
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Refund items
      </Button>
    );
  return <RefundItemsForm order={order} left={left} onClose={() => setOpen(false)} />;
}

function RefundItemsForm({ order, left, onClose }: { order: Order; left: Left[]; onClose: () => void }) {
  // As the server decides: paid through the gateway (not Cash on Delivery, not wholly by store credit).
  const online = order.razorpayPaymentId !== null;
  const [units, setUnits] = useState<Record<number, number>>({});
  const [how, setHow] = useState<RefundMethodValue>({
    method: online ? 'gateway' : 'store_credit',
    transferReference: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const refund = usePartialRefund(order._id);
  const lines: AfterSaleLineInput[] = left
    .filter((line) => (units[line.index] ?? 0) > 0)
    .map((line) => ({
      product: line.product,
      variant: order.orderItems[line.index]!.variant?._id ?? null,
      qty: units[line.index]!,
    }));
  const amount = lines.length > 0 ? estimateRefund(order, lines) : null;
  const referenceMissing = how.method === 'transfer' && how.transferReference.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) return setProblem('Choose at least one item to refund.');
    if (referenceMissing) return setProblem('Type the transfer reference (UTR).');
    setProblem(null);
    const sum = amount === null ? 'the items chosen' : `about ${formatRupees(amount)}`;
    if (!window.confirm(`Refund ${sum} to the customer: ${REFUND_METHOD_LABELS[how.method].toLowerCase()}?`)) return;
    refund.mutate({ lines, ...refundMethodBody(how) }, { onSuccess: onClose });
  };

  return (
    <form className={styles.refundForm} onSubmit={submit} noValidate aria-labelledby="refund-items-heading">
      <h3 id="refund-items-heading">Refund items</h3>
      {(problem ?? refund.error) && <Message variant="danger">{problem ?? refund.error?.message}</Message>}
      <fieldset className={styles.refundLines}>
        <legend>Units to refund</legend>
        {left.map((line) => (
          <UnitsField
            key={line.index}
            line={line}
            value={units[line.index] ?? 0}
            onChange={(qty) => setUnits((current) => ({ ...current, [line.index]: qty }))}
          />
        ))}
      </fieldset>
      <RefundMethodFields
        online={online}
        value={how}
        onChange={setHow}
        referenceError={problem && referenceMissing ? 'Required for a transfer' : null}
      />
      <p className={styles.refundTotal} aria-live="polite">
        {amount === null
          ? 'Choose the units to refund.'
          : `About ${formatRupees(amount)} goes back: the items with their share of discounts, GST and shipping.`}
      </p>
      <div className={styles.refundActions}>
        <Button type="submit" busy={refund.isPending} busyLabel="Refunding…">
          {amount === null ? 'Refund' : `Refund ${formatRupees(amount)}`}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={refund.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function UnitsField({ line, value, onChange }: { line: Left; value: number; onChange: (qty: number) => void }) {
  const id = `refund-units-${line.index}`;
  return (
    <div className={styles.refundLine}>
      <label htmlFor={id}>
        {line.name}
        {line.variant && <span className={styles.refundVariant}> ({line.variant})</span>}
        <span className={styles.refundLeft}>
          {line.left} of {line.bought} left to refund
        </span>
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: line.left + 1 }, (_, qty) => (
          <option key={qty} value={qty}>
            {qty}
          </option>
        ))}
      </select>
    </div>
  );
}
