import { ORDER_EXPORT_STATES, isoDateIST, lowStockSettingBody, ordersExportQuery } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { downloadFile } from '../../../lib/save-file.ts';
import { permissionsOf } from '../../../lib/staff-pages.ts';
import { useUserInfo } from '../../account/index.ts';
import { useSetLowStock } from '../desk-api.ts';
import styles from './dashboard.module.css';

const STATE_LABELS: Record<(typeof ORDER_EXPORT_STATES)[number], string> = {
  all: 'All orders',
  placed: 'Waiting to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Orders of a range of Indian dates, in a state, as a CSV file (streamed by the server). */
export function OrdersExport() {
  const today = isoDateIST(new Date().toISOString());
  const monthStart = `${today.slice(0, 8)}01`;
  const form = useSchemaForm({
    initialValues: { from: monthStart, to: today, state: 'all' },
    schema: ordersExportQuery,
    onSubmit: (query) =>
      downloadFile(
        `/api/admin/orders/export?${new URLSearchParams(query).toString()}`,
        `orders-${query.from}-to-${query.to}.csv`,
      ),
  });
  return (
    <section className={`card ${styles.section}`} aria-labelledby="orders-export-heading">
      <h2 id="orders-export-heading">Export orders</h2>
      {form.error && <Message variant="danger">{form.error}</Message>}
      <form className={styles.exportForm} onSubmit={form.submit} noValidate>
        <FormField label="From (IST)" type="date" {...form.field('from')} />
        <FormField label="To (IST)" type="date" {...form.field('to')} />
        <SelectField label="Orders" {...form.field('state')}>
          {ORDER_EXPORT_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={form.busy} busyLabel="Preparing…">
          Download CSV
        </Button>
      </form>
    </section>
  );
}

/** The number of units at or below which a product is listed as low on stock. */
export function LowStockThreshold({ threshold }: { threshold: number }) {
  // A shop setting: the owner's (issue 29), not the accountant's who reads the same desk.
  return permissionsOf(useUserInfo())('settings') ? <ThresholdForm threshold={threshold} /> : null;
}

function ThresholdForm({ threshold }: { threshold: number }) {
  const save = useSetLowStock();
  const form = useSchemaForm({
    initialValues: { lowStockThreshold: String(threshold) },
    schema: lowStockSettingBody,
    toInput: (values) => ({
      lowStockThreshold: values.lowStockThreshold.trim() === '' ? undefined : Number(values.lowStockThreshold),
    }),
    onSubmit: (body) => save.mutateAsync(body),
  });
  return (
    <form className={styles.thresholdForm} onSubmit={form.submit} noValidate>
      <FormField
        label="Low stock at or below"
        inputMode="numeric"
        hint="Units; products with this many or fewer are listed."
        {...form.field('lowStockThreshold')}
      />
      <Button type="submit" variant="outline" busy={form.busy} busyLabel="Saving…">
        Save
      </Button>
      {form.error && <Message variant="danger">{form.error}</Message>}
    </form>
  );
}
