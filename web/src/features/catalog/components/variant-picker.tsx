import { useLanguage, useT } from '../../../i18n/index.tsx';
import { nameIn } from '@rr/core';
import { useId } from 'react';
import type { ProductVariant } from '../product-choice.ts';
import styles from './variant-picker.module.css';

/** More than this many variants are offered in a select: a wall of buttons helps no one. */
const MAX_BUTTONS = 8;

/**
 * Issue 25: the product's variants as a group of radio buttons drawn as buttons (the browser's own
 * keyboard and screen-reader handling of a radio group), or a select when there are many. A variant
 * out of stock can still be chosen, to see it, and says so.
 */
export function VariantPicker({
  label,
  variants,
  chosen,
  onChoose,
}: {
  label: string;
  variants: readonly ProductVariant[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const id = useId();
  const t = useT();
  const language = useLanguage();
  const current = variants.find((v) => v._id === chosen);
  const name = current ? nameIn(current, language) : '';
  if (variants.length > MAX_BUTTONS) {
    return (
      <label className={styles.select}>
        <span className={styles.legend}>{label}</span>
        <select className="select" value={chosen} onChange={(e) => onChoose(e.target.value)}>
          {variants.map((v) => (
            <option key={v._id} value={v._id}>
              {nameIn(v, language)}
              {v.countInStock < 1 ? t('product.variantOutOfStock') : ''}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>
        {label}: <span className={styles.chosen}>{name}</span>
      </legend>
      <div className={styles.options}>
        {variants.map((v) => (
          <label key={v._id} className={`${styles.option} ${v.countInStock < 1 ? styles.soldOut : ''}`}>
            <input
              type="radio"
              name={`variant-${id}`}
              value={v._id}
              checked={v._id === chosen}
              onChange={() => onChoose(v._id)}
              className={styles.radio}
            />
            <span className={styles.face}>
              {nameIn(v, language)}
              {v.countInStock < 1 && <span className="visually-hidden">{t('product.variantOutOfStock')}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
