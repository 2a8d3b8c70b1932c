import type { PackageReply, Product } from '@rr/core';
import { FormField } from '../../../components/form-field.tsx';
import type { SchemaForm } from '../../../components/use-schema-form.ts';
import styles from './admin.module.css';

/** Issue 27: shown under the parcel's figures: an empty one takes the shop's default package's. */
export const PACKAGE_HINT = "Empty: the shop's default package (Admin > Shipping)";

/** The parcel as the edit form holds it: text, empty where the shop's default package's figure applies. */
export interface PackageValues {
  [key: string]: string | boolean;
  packageWeightGrams: string;
  packageLengthCm: string;
  packageBreadthCm: string;
  packageHeightCm: string;
}

const FIGURES = {
  weightGrams: { field: 'packageWeightGrams', label: 'Weight (g)' },
  lengthCm: { field: 'packageLengthCm', label: 'Length (cm)' },
  breadthCm: { field: 'packageBreadthCm', label: 'Breadth (cm)' },
  heightCm: { field: 'packageHeightCm', label: 'Height (cm)' },
} as const;
type Figure = keyof typeof FIGURES;

const text = (value: number | null) => (value === null ? '' : String(value));

export function packageValuesOf(pkg: PackageReply | Product['package']): PackageValues {
  return {
    packageWeightGrams: text(pkg.weightGrams),
    packageLengthCm: text(pkg.lengthCm),
    packageBreadthCm: text(pkg.breadthCm),
    packageHeightCm: text(pkg.heightCm),
  };
}

/** The body's `package`: every figure, empty text clearing one (core's packageFacts reads "" as null). */
export function packageInputOf(values: PackageValues) {
  return {
    package: {
      weightGrams: values.packageWeightGrams,
      lengthCm: values.packageLengthCm,
      breadthCm: values.packageBreadthCm,
      heightCm: values.packageHeightCm,
    },
  };
}

/**
 * The schema's refusal of the parcel ("Package.weightGrams must be at least 1", as the form's errors
 * word it) under the figure it names, in the figure's own words.
 */
export function packageErrors(message: string | undefined): Partial<Record<Figure, string>> {
  const match = message ? /^package\.(weightGrams|lengthCm|breadthCm|heightCm)\s+(.*)$/i.exec(message) : null;
  if (!match) return message ? { weightGrams: message } : {};
  const figure = match[1] as Figure;
  return { [figure]: `${FIGURES[figure].label.replace(/ \(.*\)$/, '')} ${match[2]}` };
}

/** The product's packed parcel of one unit: its weight and box, each empty for the shop's default. */
export function ProductPackageFields<V extends PackageValues>({ form }: { form: SchemaForm<V> }) {
  const { field } = form;
  const errors = packageErrors((form.errors as Record<string, string | undefined>).package);
  const figure = (name: Figure, max: number) => {
    const props = field(FIGURES[name].field);
    return (
      <FormField
        label={FIGURES[name].label}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        {...props}
        error={props.error ?? errors[name]}
      />
    );
  };
  return (
    <fieldset className={styles.facts}>
      <legend>Shipping package</legend>
      <p className={styles.uploadNote}>
        One unit packed for the courier: the freight is worked out from it. {PACKAGE_HINT}.
      </p>
      <div className={styles.pair}>{figure('weightGrams', 100_000)}</div>
      <div className={styles.box}>
        {figure('lengthCm', 300)}
        {figure('breadthCm', 300)}
        {figure('heightCm', 300)}
      </div>
    </fieldset>
  );
}
