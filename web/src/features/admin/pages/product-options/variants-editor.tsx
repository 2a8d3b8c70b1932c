import { MAX_UPLOAD_BYTES, MAX_VARIANTS, SITE_PATH_PATTERN, rattiFromCarats } from '@rr/core';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FormField } from '../../../../components/form-field.tsx';
import { useUploadImage } from '../../../catalog/index.ts';
import { ACCEPTED_IMAGES, UploadButton } from '../upload-button.tsx';
import styles from './product-options.module.css';
import { HindiNameField, RowActions, RowCard } from './row-parts.tsx';
import type { VariantRow, VariantStart } from './rows.ts';
import type { ProductOptions } from './use-product-options.ts';

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
type TextField =
  | 'name'
  | 'nameHi'
  | 'sku'
  | 'price'
  | 'mrp'
  | 'countInStock'
  | 'sizeMm'
  | 'weightCarats'
  | 'packageWeightGrams'
  | 'image';

/**
 * Issue 25: the product's variants (sizes, weights), each a card of its own: name, SKU, price, MRP,
 * stock, size, weight and picture, which one is the default, and its place in the list.
 * `start`: what the first variant takes from the product (its price, MRP, stock and facts as the form
 * holds them), so that turning a product into variants changes nothing a buyer sees.
 */
export function VariantsEditor({ options, start }: { options: ProductOptions; start: () => VariantStart }) {
  const { state, dispatch, newKey } = options;
  const headingId = useId();
  const defaultGroup = useId();
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = state.variants.length >= MAX_VARIANTS;
  const add = () => {
    const key = newKey();
    dispatch({ type: 'addVariant', key, start: state.variants.length === 0 ? start() : undefined });
    setAdded(key);
  };
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Variants
      </h2>
      <p className={styles.lead}>
        Sizes or weights of this product, each named as buyers choose it (18 mm, 5.25 ratti) with its own SKU, price
        before GST, stock and picture (empty: the product&apos;s). The default variant is shown first and is what an
        order naming no variant gets. A product sold in one form needs none.
      </p>
      {state.errors.variants && (
        <p className={styles.rowError} role="alert">
          {state.errors.variants}
        </p>
      )}
      {state.variants.length > 0 && (
        <ol className={styles.rows}>
          {state.variants.map((row, index) => (
            <li key={row.key}>
              <VariantCard
                row={row}
                index={index}
                options={options}
                defaultGroup={defaultGroup}
                focusOnMount={row.key === added}
                onRemoved={() => addButton.current?.focus()}
              />
            </li>
          ))}
        </ol>
      )}
      <div className={styles.addRow}>
        <button type="button" className="btn btn-outline" ref={addButton} onClick={add} disabled={full}>
          <span aria-hidden="true">+</span> Add variant
        </button>
        <span className={styles.count}>
          {full
            ? `The most a product can have is ${MAX_VARIANTS}.`
            : `${state.variants.length} of at most ${MAX_VARIANTS}`}
        </span>
      </div>
    </section>
  );
}

function VariantCard({
  row,
  index,
  options,
  defaultGroup,
  focusOnMount,
  onRemoved,
}: {
  row: VariantRow;
  index: number;
  options: ProductOptions;
  defaultGroup: string;
  focusOnMount: boolean;
  onRemoved: () => void;
}) {
  const { dispatch, state } = options;
  const errors = state.errors;
  const what = `variant ${index + 1}`;
  const input = (field: TextField) => ({
    value: row[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      dispatch({ type: 'editVariant', key: row.key, patch: { [field]: event.target.value } }),
    error: errors[`${row.key}.${field}`],
  });
  const defaultChoice = (
    <label className={styles.defaultChoice}>
      <input
        type="radio"
        name={defaultGroup}
        checked={row.isDefault}
        onChange={() => dispatch({ type: 'makeDefault', key: row.key })}
      />
      Default variant
    </label>
  );
  return (
    <RowCard legend={`Variant ${index + 1}`} error={errors[row.key]} focusOnMount={focusOnMount}>
      <VariantFigures row={row} input={input} />
      <VariantPicture
        what={what}
        {...input('image')}
        onPath={(image) => dispatch({ type: 'editVariant', key: row.key, patch: { image } })}
      />
      <RowActions
        start={defaultChoice}
        what={what}
        index={index}
        count={state.variants.length}
        onMove={(by) => dispatch({ type: 'move', list: 'variants', key: row.key, by })}
        onRemove={() => {
          dispatch({ type: 'remove', list: 'variants', key: row.key });
          onRemoved();
        }}
      />
    </RowCard>
  );
}

type InputProps = (field: TextField) => {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
};

/** What buyers choose it by, and its SKU, price, MRP, stock, size and weight. */
function VariantFigures({ row, input }: { row: VariantRow; input: InputProps }) {
  return (
    <div className={styles.grid}>
      <div className={styles.span2}>
        <FormField label="Name" autoComplete="off" maxLength={60} required placeholder="18 mm" {...input('name')} />
      </div>
      <HindiNameField placeholder="18 मिमी" {...input('nameHi')} />
      <FormField label="SKU" autoComplete="off" maxLength={40} required spellCheck={false} {...input('sku')} />
      <FormField label="Price" type="number" inputMode="decimal" step={0.01} min={0.01} required {...input('price')} />
      <FormField label="MRP" type="number" inputMode="decimal" step={0.01} min={0.01} {...input('mrp')} />
      <FormField label="Stock" type="number" inputMode="numeric" step={1} min={0} required {...input('countInStock')} />
      <FormField label="Size (mm)" type="number" inputMode="decimal" step={0.01} min={0.01} {...input('sizeMm')} />
      <FormField
        label="Weight (ct)"
        type="number"
        inputMode="decimal"
        step={0.01}
        min={0.01}
        hint={Number(row.weightCarats) > 0 ? `${rattiFromCarats(Number(row.weightCarats))} ratti` : undefined}
        {...input('weightCarats')}
      />
      <FormField
        label="Packed weight (g)"
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={100_000}
        hint="Empty: the product's package"
        {...input('packageWeightGrams')}
      />
    </div>
  );
}

/** The variant's own picture: a path on this site, a small preview, and an upload that fills it in. */
function VariantPicture({
  what,
  value,
  error,
  onChange,
  onPath,
}: {
  what: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onPath: (path: string) => void;
}) {
  const upload = useUploadImage();
  const [broken, setBroken] = useState<string | null>(null);
  const path = value.trim();
  return (
    <div className={styles.picture}>
      <FormField
        label="Picture"
        autoComplete="off"
        maxLength={300}
        placeholder="The product's picture"
        value={value}
        onChange={onChange}
        error={error}
      />
      <div className={styles.pictureRow}>
        {SITE_PATH_PATTERN.test(path) && broken !== path && (
          <img
            src={path}
            alt={`Picture of ${what}`}
            width={48}
            height={48}
            className={styles.preview}
            onError={() => setBroken(path)}
          />
        )}
        <UploadButton
          label="Upload picture"
          accept={ACCEPTED_IMAGES}
          maxBytes={MAX_UPLOAD_BYTES}
          note={`JPEG, PNG or WebP, up to ${MAX_UPLOAD_MB} MB.`}
          tooBigMessage={`The image must be at most ${MAX_UPLOAD_MB} MB`}
          upload={upload}
          onUploaded={(reply) => onPath(reply.image)}
        />
      </div>
    </div>
  );
}
