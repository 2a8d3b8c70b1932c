import type { ShippingSettings } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { CheckField } from '../offers/offer-fields.tsx';
import { CodFields, DispatchFields } from './dispatch-fields.tsx';
import { RateCardEditor } from './rate-card-editor.tsx';
import { useShippingSettings } from './shipping-api.ts';
import { sampleCardDraft } from './shipping-draft.ts';
import { useShippingForm } from './use-shipping-form.ts';
import styles from './shipping.module.css';

/** /admin/shipping (issue 27): the rate card, Cash on Delivery rules and the dispatch calendar. */
export function ShippingPage() {
  usePageTitle('Shipping | Rudraksha Ratna');
  const settings = useShippingSettings();
  return (
    <div className={`container page ${styles.page}`}>
      <h1>Shipping</h1>
      <p className={styles.lead}>
        What customers pay for freight and Cash on Delivery, when COD waits for their confirmation, and when parcels
        leave. Amounts in rupees, before GST.
      </p>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <Message variant="danger">{settings.error.message}</Message>
      ) : (
        <ShippingForm settings={settings.data} />
      )}
    </div>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettings }) {
  const form = useShippingForm(settings);
  const { draft, errors } = form;
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-label="Shipping settings">
      <section className={`card ${styles.section}`} aria-labelledby="rates-heading">
        <h2 id="rates-heading">Freight</h2>
        <CheckField
          label="Use SPEC's simple rule (free above ₹100, else ₹100)"
          hint="On: every order pays ₹100 freight unless its items come to more than ₹100, and COD has no fee. Off: the rate card below, priced by the parcel's weight and the customer's zone."
          checked={draft.simpleRule}
          onChange={(on) => form.change({ simpleRule: on }, ['rateCard'])}
        />
        {!draft.simpleRule && (
          <>
            <div className={styles.tableActions}>
              <Button variant="outline" onClick={() => form.change({ card: sampleCardDraft() }, ['rateCard'])}>
                Fill in typical rates
              </Button>
              <p className={styles.note}>
                A sample card for light parcels (₹40 to ₹135 by zone, free above ₹999, COD ₹40 or 2%): change any figure
                before saving.
              </p>
            </div>
            <RateCardEditor
              card={draft.card}
              onChange={(card) => form.change({ card }, ['rateCard'])}
              errors={errors}
            />
          </>
        )}
      </section>
      <CodFields form={form} />
      <DispatchFields form={form} />
      <div className={styles.saveRow}>
        {form.error && <Message variant="danger">{form.error}</Message>}
        {hasErrors && <Message variant="danger">Please correct the fields marked above.</Message>}
        {form.saved && <Message variant="success">Shipping settings saved.</Message>}
        <Button type="submit" block busy={form.busy} busyLabel="Saving…">
          Save shipping settings
        </Button>
      </div>
    </form>
  );
}
