import { MAX_HOLIDAYS, formatDateIST } from '@rr/core';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { CheckField } from '../offers/offer-fields.tsx';
import type { ShippingForm } from './use-shipping-form.ts';
import type { ShippingDraft } from './shipping-draft.ts';
import styles from './shipping.module.css';

type TextKey = {
  [K in keyof ShippingDraft]: ShippingDraft[K] extends string ? K : never;
}[keyof ShippingDraft];

/** Props for a text field bound to one of the draft's figures; `path` is its name in the body. */
function bind(form: ShippingForm, name: TextKey, path: string = name) {
  return {
    name,
    value: form.draft[name],
    error: form.errors[path],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.change({ [name]: event.target.value }, [path]),
  };
}

/** When Cash on Delivery is offered and when a COD order waits for the customer to confirm it. */
export function CodFields({ form }: { form: ShippingForm }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="cod-heading">
      <h2 id="cod-heading">Cash on Delivery</h2>
      <div className={styles.pair}>
        <FormField
          label="COD up to (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="Above this order total customers pay online."
          {...bind(form, 'codMax')}
        />
        <FormField
          label="Confirm COD orders above (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="The customer confirms by a code before it is packed. Empty: only the phones below."
          {...bind(form, 'codConfirmAbove')}
        />
      </div>
      <CheckField
        label="Confirm COD orders from unproven phones"
        hint="A phone never proven by a code confirms its COD order by one first."
        checked={form.draft.codConfirmUnproven}
        onChange={(on) => form.change({ codConfirmUnproven: on }, ['codConfirmUnproven'])}
        error={form.errors.codConfirmUnproven}
      />
    </section>
  );
}

/** Where parcels are picked up, when they leave, the days they do not, and the usual parcel. */
export function DispatchFields({ form }: { form: ShippingForm }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="dispatch-heading">
      <h2 id="dispatch-heading">Dispatch</h2>
      <div className={styles.pair}>
        <FormField
          label="Pickup pincode"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          hint="Where the courier collects parcels. Empty: the seller's address."
          {...bind(form, 'originPincode')}
        />
        <FormField
          label="Cut-off time (IST)"
          type="time"
          hint="Orders placed before it leave the same working day."
          {...bind(form, 'cutoffTime')}
        />
      </div>
      <Holidays form={form} />
      <fieldset className={styles.group}>
        <legend>Default package</legend>
        <p className={styles.note}>For products without their own packed weight and size.</p>
        <div className={styles.package}>
          <FormField
            label="Weight (g)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...bind(form, 'weightGrams', 'defaultPackage.weightGrams')}
          />
          <FormField
            label="Length (cm)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...bind(form, 'lengthCm', 'defaultPackage.lengthCm')}
          />
          <FormField
            label="Breadth (cm)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...bind(form, 'breadthCm', 'defaultPackage.breadthCm')}
          />
          <FormField
            label="Height (cm)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...bind(form, 'heightCm', 'defaultPackage.heightCm')}
          />
        </div>
        {form.errors.defaultPackage && <p className={styles.error}>{form.errors.defaultPackage}</p>}
      </fieldset>
    </section>
  );
}

/** Days besides Sundays the shop does not dispatch: add a date, remove one; kept in date order. */
function Holidays({ form }: { form: ShippingForm }) {
  const [day, setDay] = useState('');
  const holidays = form.draft.holidays;
  const add = () => {
    if (!day || holidays.includes(day)) return setDay('');
    form.change({ holidays: [...holidays, day].sort() }, ['holidays']);
    setDay('');
  };
  const error = Object.entries(form.errors).find(([path]) => path.startsWith('holidays'))?.[1];
  return (
    <fieldset className={styles.group}>
      <legend>Holidays</legend>
      <p className={styles.note}>Besides Sundays: days the shop does not dispatch. At most {MAX_HOLIDAYS}.</p>
      <div className={styles.addDay}>
        <FormField label="Date" type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        <Button variant="outline" onClick={add} disabled={!day || holidays.length >= MAX_HOLIDAYS}>
          Add holiday
        </Button>
      </div>
      {holidays.length === 0 ? (
        <p className={styles.note}>No holidays set.</p>
      ) : (
        <ul className={styles.days} aria-label="Holidays">
          {holidays.map((date) => (
            <li key={date}>
              <span>{formatDateIST(`${date}T12:00:00+05:30`)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove the holiday ${formatDateIST(`${date}T12:00:00+05:30`)}`}
                onClick={() => form.change({ holidays: holidays.filter((d) => d !== date) }, ['holidays'])}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className={styles.error}>{error}</p>}
    </fieldset>
  );
}
