import { useLanguage, useT } from '../../../i18n/index.tsx';
import { formatRupees, nameIn } from '@rr/core';
import { FormField } from '../../../components/form-field.tsx';
import type { ProductAddOn } from '../product-choice.ts';
import styles from './add-on-picker.module.css';

export interface AddOnFieldAtFault {
  addOn: string;
  field: string;
  message: string;
}

/**
 * Issue 25: the extras offered with the chosen variant, each a checkbox with its price; a required one
 * is checked and cannot be unchecked. A checked extra's text fields (the wearer's name, gotra) show
 * under it.
 */
export function AddOnPicker({
  addOns,
  taken,
  values,
  atFault,
  onToggle,
  onValue,
}: {
  addOns: readonly ProductAddOn[];
  taken: ReadonlySet<string>;
  values: Record<string, Record<string, string>>;
  atFault: AddOnFieldAtFault | null;
  onToggle: (id: string, on: boolean) => void;
  onValue: (id: string, field: string, value: string) => void;
}) {
  const t = useT();
  const language = useLanguage();
  if (addOns.length === 0) return null;
  return (
    <fieldset className={styles.addOns}>
      <legend className={styles.legend}>{t('product.extras')}</legend>
      {addOns.map((addOn) => (
        <div key={addOn._id} className={styles.addOn}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={taken.has(addOn._id)}
              disabled={addOn.required}
              onChange={(e) => onToggle(addOn._id, e.target.checked)}
            />
            <span className={styles.text}>
              <span className={styles.name}>
                {nameIn(addOn, language)}
                {addOn.required && <span className={styles.required}>{t('product.required')}</span>}
              </span>
              <span className={styles.price}>+ {formatRupees(addOn.price)}</span>
            </span>
          </label>
          {taken.has(addOn._id) && addOn.fields.length > 0 && (
            <div className={styles.fields}>
              {addOn.fields.map((field) => (
                <FormField
                  key={field.name}
                  label={nameIn(field, language)}
                  hint={field.required ? undefined : t('product.optional')}
                  value={values[addOn._id]?.[field.name] ?? ''}
                  maxLength={field.maxLength}
                  required={field.required}
                  autoComplete="off"
                  error={atFault?.addOn === addOn._id && atFault.field === field.name ? atFault.message : null}
                  onChange={(e) => onValue(addOn._id, field.name, e.target.value)}
                />
              ))}
            </div>
          )}
        </div>
      ))}
    </fieldset>
  );
}
