import { GST_PERCENTS, MAX_ADD_ONS, MAX_ADD_ON_FIELDS, MAX_ADD_ON_TEXT } from '@rr/core';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FormField, SelectField } from '../../../../components/form-field.tsx';
import styles from './product-options.module.css';
import { CheckField, HindiNameField, RowActions, RowCard } from './row-parts.tsx';
import type { AddOnFieldRow, AddOnRow } from './rows.ts';
import type { ProductOptions } from './use-product-options.ts';

/**
 * Issue 25: the extras chosen with the product (capping, a certificate, energisation), each a card:
 * name, price, whether it is required, a service (with its own SAC code and GST rate) or made to order,
 * the variants it is limited to, and the text the buyer fills in (a wearer's name, a gotra).
 */
export function AddOnsEditor({ options }: { options: ProductOptions }) {
  const { state, dispatch, newKey } = options;
  const headingId = useId();
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = state.addOns.length >= MAX_ADD_ONS;
  const add = () => {
    const key = newKey();
    dispatch({ type: 'addAddOn', key });
    setAdded(key);
  };
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Add-ons
      </h2>
      <p className={styles.lead}>
        Extras bought with the product: capping, a lab certificate, energisation. Their prices (before GST) are added to
        the variant&apos;s.
      </p>
      {state.errors.addOns && (
        <p className={styles.rowError} role="alert">
          {state.errors.addOns}
        </p>
      )}
      {state.addOns.length > 0 && (
        <ol className={styles.rows}>
          {state.addOns.map((row, index) => (
            <li key={row.key}>
              <AddOnCard
                row={row}
                index={index}
                options={options}
                focusOnMount={row.key === added}
                onRemoved={() => addButton.current?.focus()}
              />
            </li>
          ))}
        </ol>
      )}
      <div className={styles.addRow}>
        <button type="button" className="btn btn-outline" ref={addButton} onClick={add} disabled={full}>
          <span aria-hidden="true">+</span> Add add-on
        </button>
        <span className={styles.count}>
          {full ? `The most a product can have is ${MAX_ADD_ONS}.` : `${state.addOns.length} of at most ${MAX_ADD_ONS}`}
        </span>
      </div>
    </section>
  );
}

type AddOnText = 'name' | 'nameHi' | 'price' | 'hsnCode' | 'gstPercent';
type AddOnFlag = 'required' | 'service' | 'madeToOrder';

function AddOnCard({
  row,
  index,
  options,
  focusOnMount,
  onRemoved,
}: {
  row: AddOnRow;
  index: number;
  options: ProductOptions;
  focusOnMount: boolean;
  onRemoved: () => void;
}) {
  const { dispatch, state } = options;
  const errors = state.errors;
  const what = `add-on ${index + 1}`;
  const input = (field: AddOnText) => ({
    value: row[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      dispatch({ type: 'editAddOn', key: row.key, patch: { [field]: event.target.value } }),
    error: errors[`${row.key}.${field}`],
  });
  const flag = (field: AddOnFlag) => ({
    checked: row[field],
    onChange: (checked: boolean) => dispatch({ type: 'editAddOn', key: row.key, patch: { [field]: checked } }),
  });
  return (
    <RowCard legend={`Add-on ${index + 1}`} error={errors[row.key]} focusOnMount={focusOnMount}>
      <div className={styles.grid}>
        <div className={styles.span2}>
          <FormField
            label="Name"
            autoComplete="off"
            maxLength={60}
            required
            placeholder="Silver capping"
            {...input('name')}
          />
        </div>
        <HindiNameField placeholder="चाँदी की कैपिंग" {...input('nameHi')} />
        <FormField label="Price" type="number" inputMode="decimal" step={0.01} min={0} required {...input('price')} />
      </div>
      <div className={styles.checks}>
        <CheckField label="Required" hint="Every buyer of the product takes it." {...flag('required')} />
        <CheckField label="Made to order" hint="A line with it cannot be returned." {...flag('madeToOrder')} />
        <CheckField
          label="A service"
          hint="Such as energisation: its own SAC code and GST rate."
          {...flag('service')}
        />
      </div>
      {row.service && <ServiceFields input={input} />}
      <VariantLimits row={row} options={options} />
      <TextFields row={row} options={options} what={what} />
      <RowActions
        what={what}
        index={index}
        count={state.addOns.length}
        onMove={(by) => dispatch({ type: 'move', list: 'addOns', key: row.key, by })}
        onRemove={() => {
          dispatch({ type: 'remove', list: 'addOns', key: row.key });
          onRemoved();
        }}
      />
    </RowCard>
  );
}

type InputProps = (field: AddOnText) => {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  error: string | undefined;
};

/** A service's SAC code and GST rate, each empty to take the product's. */
function ServiceFields({ input }: { input: InputProps }) {
  return (
    <div className={styles.pairRow}>
      <FormField
        label="SAC code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        hint="Empty: the product's HSN code."
        {...input('hsnCode')}
      />
      <SelectField label="GST rate" {...input('gstPercent')}>
        <option value="">As the product</option>
        {GST_PERCENTS.map((percent) => (
          <option key={percent} value={String(percent)}>
            {percent}%
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The saved variants an add-on is offered with; none ticked: every variant. */
function VariantLimits({ row, options }: { row: AddOnRow; options: ProductOptions }) {
  const { state, dispatch } = options;
  const saved = state.variants.filter((v): v is typeof v & { _id: string } => v._id !== undefined);
  const unsaved = state.variants.length > saved.length;
  if (state.variants.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend>Only with these variants</legend>
      <p className={styles.note}>
        None ticked: with every variant.{unsaved && ' Variants added here can be ticked once the product is saved.'}
      </p>
      {saved.length > 0 && (
        <div className={styles.limits}>
          {saved.map((variant) => (
            <CheckField
              key={variant._id}
              label={variant.name.trim() || variant.sku}
              checked={row.variants.includes(variant._id)}
              onChange={(on) => dispatch({ type: 'limitAddOn', key: row.key, variant: variant._id, on })}
            />
          ))}
        </div>
      )}
      {errors(state.errors, `${row.key}.variants`)}
    </fieldset>
  );
}

const errors = (all: Record<string, string>, key: string) =>
  all[key] ? (
    <p className={styles.rowError} role="alert">
      {all[key]}
    </p>
  ) : null;

/**
 * Up to four texts the buyer fills in with the add-on: each a name (and issue 30's Hindi label), a length
 * limit and whether it must be filled.
 */
function TextFields({ row, options, what }: { row: AddOnRow; options: ProductOptions; what: string }) {
  const { dispatch, newKey } = options;
  const full = row.fields.length >= MAX_ADD_ON_FIELDS;
  return (
    <fieldset className={styles.group}>
      <legend>Text the buyer fills in</legend>
      <p className={styles.note}>Such as the wearer&apos;s name and gotra: plain text, any script.</p>
      {row.fields.length > 0 && (
        <ol className={styles.fields}>
          {row.fields.map((field, i) => (
            <TextFieldRow key={field.key} field={field} addOn={row.key} number={i + 1} what={what} options={options} />
          ))}
        </ol>
      )}
      {errors(options.state.errors, `${row.key}.fields`)}
      <div className={styles.addRow}>
        <button
          type="button"
          className={`btn btn-outline ${styles.small}`}
          disabled={full}
          onClick={() => dispatch({ type: 'addField', addOn: row.key, key: newKey() })}
          aria-label={`Add a text field to ${what}`}
        >
          <span aria-hidden="true">+</span> Add text field
        </button>
        <span className={styles.count}>
          {full ? `At most ${MAX_ADD_ON_FIELDS}.` : `${row.fields.length} of at most ${MAX_ADD_ON_FIELDS}`}
        </span>
      </div>
    </fieldset>
  );
}

function TextFieldRow({
  field,
  addOn,
  number,
  what,
  options,
}: {
  field: AddOnFieldRow;
  addOn: string;
  number: number;
  what: string;
  options: ProductOptions;
}) {
  const { dispatch, state } = options;
  const edit = (patch: Partial<Omit<AddOnFieldRow, 'key'>>) =>
    dispatch({ type: 'editField', addOn, key: field.key, patch });
  return (
    <li>
      <fieldset className={styles.textField}>
        <legend className={styles.fieldLegend}>Field {number}</legend>
        <FormField
          label="Name"
          autoComplete="off"
          maxLength={40}
          placeholder="Wearer's name"
          value={field.name}
          onChange={(e) => edit({ name: e.target.value })}
          error={state.errors[`${field.key}.name`]}
        />
        <FormField
          label="Hindi label"
          hint="Shown on Hindi pages; empty: the name."
          autoComplete="off"
          lang="hi"
          maxLength={60}
          placeholder="धारक का नाम"
          value={field.nameHi}
          onChange={(e) => edit({ nameHi: e.target.value })}
          error={state.errors[`${field.key}.nameHi`]}
        />
        <div className={styles.fieldLength}>
          <FormField
            label="Max length"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ADD_ON_TEXT}
            step={1}
            value={field.maxLength}
            onChange={(e) => edit({ maxLength: e.target.value })}
            error={state.errors[`${field.key}.maxLength`]}
          />
        </div>
        <div className={styles.textFieldEnd}>
          <CheckField label="Required" checked={field.required} onChange={(required) => edit({ required })} />
          <button
            type="button"
            className={`btn btn-outline ${styles.small} ${styles.remove}`}
            aria-label={`Remove field ${number} of ${what}`}
            onClick={() => dispatch({ type: 'removeField', addOn, key: field.key })}
          >
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}
