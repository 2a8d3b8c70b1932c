import { useLanguage, useT } from '../i18n/index.tsx';
import { formatRupees, nameIn } from '@rr/core';
import styles from './line-choices.module.css';

export interface LineAddOn {
  name: string;
  /** Issue 30: its Hindi name (a cart line's, or the one an order line was bought with), shown on Hindi pages. */
  nameHi?: string | undefined;
  price: number;
  values: Record<string, string>;
  /**
   * Issue 30: the Hindi labels of its fields by name (a cart line's, or those an order line was bought
   * with), shown on Hindi pages; absent, or a field without one: its name.
   */
  fieldNamesHi?: Record<string, string> | undefined;
}

/**
 * Issue 25: what the buyer chose with a line, under its name: the variant, then each extra with its price
 * and the text given for it (shown as text, whatever it holds).
 */
export function LineChoices({
  variantName,
  variantNameHi,
  addOns = [],
  className,
}: {
  variantName?: string | null;
  /** Issue 30: the variant's Hindi name (a cart line's, or an order line's), shown on Hindi pages. */
  variantNameHi?: string | null;
  addOns?: readonly LineAddOn[];
  /** Where the line's layout puts it. */
  className?: string;
}) {
  const t = useT();
  const language = useLanguage();
  if (!variantName && addOns.length === 0) return null;
  return (
    <ul className={`${styles.choices} ${className ?? ''}`} aria-label={t('layout.chosenWithIt')}>
      {variantName && <li>{nameIn({ name: variantName, nameHi: variantNameHi }, language)}</li>}
      {addOns.map((addOn) => (
        <li key={addOn.name}>
          {nameIn(addOn, language)} <span className={styles.price}>+ {formatRupees(addOn.price)}</span>
          {Object.entries(addOn.values).map(([field, value]) => (
            <span key={field} className={styles.value}>
              {(language === 'hi' && addOn.fieldNamesHi?.[field]) || field}: {value}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
