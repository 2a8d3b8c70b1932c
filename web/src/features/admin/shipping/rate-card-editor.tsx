import { MAX_RATE_SLABS, SHIPPING_ZONES, SHIPPING_ZONE_LABELS, type ShippingZone } from '@rr/core';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import {
  withSlabAdded,
  withSlabRemoved,
  type PathErrors,
  type RateCardDraft,
  type SlabDraft,
  type ZoneText,
} from './shipping-draft.ts';
import styles from './shipping.module.css';

interface Props {
  card: RateCardDraft;
  onChange: (card: RateCardDraft) => void;
  /** Errors by their path in the body ('rateCard.slabs.0.rates.metro'). */
  errors: PathErrors;
}

const slabName = (upToGrams: string) => `up to ${upToGrams.trim() || '…'} g`;

/** One rupee figure in the table, named for a screen reader by its row and zone. */
function RateInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <input
      className={`input ${styles.cell}`}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function ZoneCells({
  rates,
  rowName,
  errorPath,
  errors,
  onChange,
}: {
  rates: ZoneText;
  rowName: string;
  errorPath: string;
  errors: PathErrors;
  onChange: (zone: ShippingZone, value: string) => void;
}) {
  return SHIPPING_ZONES.map((zone) => (
    <td key={zone}>
      {/* The zone over each figure where the table turns into a card per row (a phone). */}
      <span className={styles.zoneLabel} aria-hidden="true">
        {SHIPPING_ZONE_LABELS[zone]}
      </span>
      <RateInput
        label={`${SHIPPING_ZONE_LABELS[zone]}, ${rowName} (₹)`}
        value={rates[zone]}
        error={errors[`${errorPath}.${zone}`]}
        onChange={(value) => onChange(zone, value)}
      />
    </td>
  ));
}

/** Each problem in the table in words, under it (a cell has no room for a sentence). */
function tableProblems(card: RateCardDraft, errors: PathErrors): string[] {
  const problems: string[] = [];
  const whole = errors['rateCard.slabs'] ?? errors['rateCard'];
  if (whole) problems.push(whole);
  card.slabs.forEach((slab, i) => {
    const name = slabName(slab.upToGrams);
    const weight = errors[`rateCard.slabs.${i}.upToGrams`];
    if (weight) problems.push(`Row ${i + 1}, weight: ${weight}`);
    for (const zone of SHIPPING_ZONES) {
      const problem = errors[`rateCard.slabs.${i}.rates.${zone}`];
      if (problem) problems.push(`${SHIPPING_ZONE_LABELS[zone]}, ${name}: ${problem}`);
    }
  });
  for (const zone of SHIPPING_ZONES) {
    const problem = errors[`rateCard.extraPer500g.${zone}`];
    if (problem) problems.push(`${SHIPPING_ZONE_LABELS[zone]}, each further 500 g: ${problem}`);
  }
  return problems;
}

/** One weight slab: its upper weight, a rate per zone, and its remove button (none for the only row). */
function SlabRow({
  slab,
  index,
  errors,
  onChange,
  onRemove,
}: {
  slab: SlabDraft;
  index: number;
  errors: PathErrors;
  onChange: (change: (slab: SlabDraft) => SlabDraft) => void;
  onRemove: (() => void) | null;
}) {
  return (
    <tr>
      <th scope="row">
        <span className={styles.weight}>
          Up to
          <input
            className={`input ${styles.grams}`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-label={`Row ${index + 1}: up to how many grams`}
            aria-invalid={errors[`rateCard.slabs.${index}.upToGrams`] ? true : undefined}
            value={slab.upToGrams}
            onChange={(event) => onChange((s) => ({ ...s, upToGrams: event.target.value }))}
          />
          g
        </span>
      </th>
      <ZoneCells
        rates={slab.rates}
        rowName={slabName(slab.upToGrams)}
        errorPath={`rateCard.slabs.${index}.rates`}
        errors={errors}
        onChange={(zone, value) => onChange((s) => ({ ...s, rates: { ...s.rates, [zone]: value } }))}
      />
      <td className={styles.removeCell}>
        <button
          type="button"
          className={styles.remove}
          disabled={!onRemove}
          aria-label={`Remove the row ${slabName(slab.upToGrams)}`}
          onClick={() => onRemove?.()}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

/**
 * The rate card as a table: a row per weight slab ("up to 500 g"), a column per zone, and the rate for
 * each further 500 g above the heaviest slab; then the free-shipping threshold and the COD fee. On a
 * phone each row becomes a card, its zones two by two with their names over the figures.
 */
export function RateCardEditor({ card, onChange, errors }: Props) {
  const setSlab = (key: number, change: (slab: SlabDraft) => SlabDraft) =>
    onChange({ ...card, slabs: card.slabs.map((s) => (s.key === key ? change(s) : s)) });
  const problems = tableProblems(card, errors);
  return (
    <>
      <div className={styles.tableBox} role="region" aria-labelledby="rate-table-caption" tabIndex={0}>
        <table className={styles.rates}>
          <caption id="rate-table-caption">Freight by parcel weight and zone (₹, before GST)</caption>
          <thead>
            <tr>
              <th scope="col">Weight</th>
              {SHIPPING_ZONES.map((zone) => (
                <th key={zone} scope="col">
                  {SHIPPING_ZONE_LABELS[zone]}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {card.slabs.map((slab, i) => (
              <SlabRow
                key={slab.key}
                slab={slab}
                index={i}
                errors={errors}
                onChange={(change) => setSlab(slab.key, change)}
                onRemove={card.slabs.length > 1 ? () => onChange(withSlabRemoved(card, slab.key)) : null}
              />
            ))}
            <tr className={styles.extraRow}>
              <th scope="row">Each further 500 g</th>
              <ZoneCells
                rates={card.extraPer500g}
                rowName="each further 500 g"
                errorPath="rateCard.extraPer500g"
                errors={errors}
                onChange={(zone, value) => onChange({ ...card, extraPer500g: { ...card.extraPer500g, [zone]: value } })}
              />
              <td className={styles.noRemove} />
            </tr>
          </tbody>
        </table>
      </div>
      {problems.length > 0 && (
        <ul className={styles.problems} aria-label="Problems in the rate table">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className={styles.tableActions}>
        <Button
          variant="outline"
          disabled={card.slabs.length >= MAX_RATE_SLABS}
          onClick={() => onChange(withSlabAdded(card))}
        >
          Add a weight slab
        </Button>
        <p className={styles.note}>
          A parcel pays its slab&apos;s rate; above the heaviest slab, that rate plus the last row for each further 500
          g or part of it. Slabs go up in weight, at most {MAX_RATE_SLABS}.
        </p>
      </div>
      <CardMoneyFields card={card} onChange={onChange} errors={errors} />
    </>
  );
}

function CardMoneyFields({ card, onChange, errors }: Props) {
  const field = (name: 'freeAbove' | 'codFee' | 'codFeePercent') => ({
    name,
    value: card[name],
    error: errors[`rateCard.${name}`],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...card, [name]: event.target.value }),
  });
  return (
    <div className={styles.trio}>
      <FormField
        label="Free shipping above (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        hint="The items' value before GST. Empty: never free."
        {...field('freeAbove')}
      />
      <FormField
        label="COD fee (₹)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        hint="At least this much on a Cash on Delivery order."
        {...field('codFee')}
      />
      <FormField
        label="COD fee (%)"
        type="number"
        inputMode="decimal"
        min={0}
        max={10}
        step={0.1}
        hint="Of the order's value, when that is more than the fee in ₹. 0 to 10."
        {...field('codFeePercent')}
      />
    </div>
  );
}
