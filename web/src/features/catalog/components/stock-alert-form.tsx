import { useLanguage, useT } from '../../../i18n/index.tsx';
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
export function StockAlertForm({
  productId,
  name,
  signedIn,
}: {
  productId: string;
  /** The product's name in the page's language. */
  name: string;
  signedIn: boolean;
}) {
  const earlyForm = useEarlyForm();
  const t = useT();
  const language = useLanguage();
  const alert = useStockAlert(productId);
  const form = useSchemaForm({
    initialValues: { phone: '' },
    schema: stockAlertBody,
    toInput: ({ phone }) => (signedIn ? {} : { phone }),
    check: ({ phone }) => ({ phone: !signedIn && phone.trim() === '' ? t('product.enterMobile') : undefined }),
    onSubmit: (body) => alert.mutateAsync(body),
  });

  if (alert.isSuccess) {
    // English says the server's words (they name the phone it will text); Hindi its own.
    return (
      <Message variant="success">{language === 'en' ? alert.data.message : t('product.alertSaved', { name })}</Message>
    );
  }
  return (
    <form ref={earlyForm} className={styles.form} onSubmit={form.submit} noValidate aria-label={t('product.notifyMe')}>
      {!signedIn && (
        <FormField
          label={t('product.mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          hint={t('product.mobileHint')}
          {...form.field('phone')}
        />
      )}
      {form.error && <Message variant="danger">{form.error}</Message>}
      <Button type="submit" variant="outline" block busy={form.busy} busyLabel={t('product.saving')}>
        {t('product.notifyMe')}
      </Button>
    </form>
  );
}
