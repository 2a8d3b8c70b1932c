import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { lazySchema, useSchemaForm } from '../../../components/use-schema-form.ts';
import { useStockAlert } from '../api.ts';
import styles from './stock-alert-form.module.css';
import { useEarlyForm } from '../../../lib/early-form.ts';

const stockAlertBody = lazySchema(() => import('../form-schemas.ts').then((m) => m.stockAlertBody));

/**
 * Issue 14: "Notify me when back in stock" for a product at zero stock. A signed-in customer is told on
 * their account's phone; a guest gives one. One SMS (and an e-mail to a customer) when it is back.
 */
export function StockAlertForm({ productId, signedIn }: { productId: string; signedIn: boolean }) {
  const earlyForm = useEarlyForm();
  const alert = useStockAlert(productId);
  const form = useSchemaForm({
    initialValues: { phone: '' },
    schema: stockAlertBody,
    toInput: ({ phone }) => (signedIn ? {} : { phone }),
    check: ({ phone }) => ({ phone: !signedIn && phone.trim() === '' ? 'Enter your mobile number' : undefined }),
    onSubmit: (body) => alert.mutateAsync(body),
  });

  if (alert.isSuccess) {
    return <Message variant="success">{alert.data.message}</Message>;
  }
  return (
    <form
      ref={earlyForm}
      className={styles.form}
      onSubmit={form.submit}
      noValidate
      aria-label="Notify me when back in stock"
    >
      {!signedIn && (
        <FormField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          hint="We text you once when it is back. Nothing else."
          {...form.field('phone')}
        />
      )}
      {form.error && <Message variant="danger">{form.error}</Message>}
      <Button type="submit" variant="outline" block busy={form.busy} busyLabel="Saving…">
        Notify me when back in stock
      </Button>
    </form>
  );
}
