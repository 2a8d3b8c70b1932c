import { GST_PERCENTS, UQCS, type CategoryGst, type Product, type Uqc } from '@rr/core';
import { FormField, SelectField } from '../../../components/form-field.tsx';
import type { SchemaForm } from '../../../components/use-schema-form.ts';
import styles from './admin.module.css';

/** Issue 24: shown wherever an admin sets a rate or a code; the shop does not give tax advice. */
export const ACCOUNTANT_NOTE = "GST rates and HSN codes are the owner's to confirm with their accountant.";

export function AccountantNote() {
  return (
    <p className={styles.warning} role="note">
      {ACCOUNTANT_NOTE}
    </p>
  );
}

const UQC_NAMES: Record<Uqc, string> = { NOS: 'numbers', PCS: 'pieces', PRS: 'pairs', SET: 'sets' };
const uqcLabel = (uqc: Uqc) => `${uqc} (${UQC_NAMES[uqc]})`;

/** The product's own tax facts as the edit form holds them: empty text takes the category's. */
export interface TaxValues {
  [key: string]: string | boolean;
  hsnCode: string;
  gstPercent: string;
  uqc: string;
}

export function taxValuesOf(product: Product): TaxValues {
  const own = product.taxOverrides;
  return {
    hsnCode: own.hsnCode ?? '',
    gstPercent: own.gstPercent === null ? '' : String(own.gstPercent),
    uqc: own.uqc ?? '',
  };
}

/** The body's overrides: empty text clears one (core's productUpdate reads "" as null). */
export function taxInput(values: TaxValues) {
  return { hsnCode: values.hsnCode, gstPercent: values.gstPercent, uqc: values.uqc };
}

/**
 * The product's HSN code, GST rate and UQC, each empty to take the category's, which is shown as the
 * default (`category`: the one chosen in the form, once the categories are loaded).
 */
export function ProductTaxFields<V extends TaxValues>({
  form,
  category,
}: {
  form: SchemaForm<V>;
  category: CategoryGst | undefined;
}) {
  const { field } = form;
  return (
    <fieldset className={styles.facts}>
      <legend>GST</legend>
      <p className={styles.uploadNote}>
        Leave a field empty to use the category&apos;s (set on Categories &amp; GST). Orders already placed keep theirs.
      </p>
      <AccountantNote />
      <div className={styles.pair}>
        <FormField
          label="HSN code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          placeholder={category?.hsnCode}
          hint={category ? `4, 6 or 8 digits. Empty: ${category.hsnCode}, as ${category.name}.` : '4, 6 or 8 digits.'}
          {...field('hsnCode')}
        />
        <SelectField label="GST rate" {...field('gstPercent')}>
          <option value="">{category ? `As ${category.name}: ${category.gstPercent}%` : 'As the category'}</option>
          {GST_PERCENTS.map((percent) => (
            <option key={percent} value={String(percent)}>
              {percent}%
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Unit on invoices (UQC)"
        hint="The GST unit quantity code printed on the invoice line."
        {...field('uqc')}
      >
        <option value="">{category ? `As ${category.name}: ${uqcLabel(category.uqc)}` : 'As the category'}</option>
        {UQCS.map((uqc) => (
          <option key={uqc} value={uqc}>
            {uqcLabel(uqc)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
