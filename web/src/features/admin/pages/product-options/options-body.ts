import type { OptionsState } from './rows.ts';

// Issue 25: the `variants` and `addOns` of PUT /api/products/:id, from the form's rows. Each list is
// sent whole: it replaces the saved one, rows with an `_id` update theirs and rows without are new.

export interface VariantBody {
  _id?: string;
  name: string;
  /** Issue 30: left out when it has none and had none; empty clears it. */
  nameHi?: string;
  sku: string;
  price: number | undefined;
  mrp: number | null;
  countInStock: number | undefined;
  image?: string;
  images?: string[];
  facts: { sizeMm?: number; weightCarats?: number };
  /** Issue 27: its packed weight; left out, the box and weight stay as saved (null clears the weight). */
  package?: { weightGrams: number | null };
  isDefault: boolean;
}

export interface AddOnBody {
  _id?: string;
  name: string;
  nameHi?: string;
  price: number | undefined;
  /** Issue 30: a field's `nameHi` as a row's Hindi name is sent. */
  fields: Array<{ name: string; nameHi?: string; maxLength: number | undefined; required: boolean }>;
  required: boolean;
  variants: string[] | null;
  service: boolean;
  madeToOrder: boolean;
  hsnCode: string | null;
  gstPercent: number | null;
}

export interface OptionsBody {
  variants: VariantBody[];
  addOns: AddOnBody[];
}

/** Number inputs give text; empty stays "not given", so the check names the missing field. */
const numberOrEmpty = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** An optional key: left out when empty (a fact or picture the variant does not have). */
const present = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/**
 * A row's (or an add-on's text field's) Hindi name (issue 30) when it has one or had one: an emptied one
 * is sent, to clear it.
 */
function hindiNameOf(row: { nameHi: string; nameHiWas: string }) {
  const nameHi = row.nameHi.trim();
  return nameHi === '' && row.nameHiWas === '' ? {} : { nameHi };
}

/** A row's packed weight when it has one or had one (the box figures, set elsewhere, are kept). */
function packageOf(row: OptionsState['variants'][number]) {
  const weight = row.packageWeightGrams.trim();
  if (weight === '' && row.packageWeightWas === '') return {};
  return { package: { weightGrams: numberOrEmpty(weight) ?? null } };
}

export function optionsBody(state: Pick<OptionsState, 'variants' | 'addOns'>): OptionsBody {
  const savedVariants = new Set(state.variants.flatMap((v) => (v._id ? [v._id] : [])));
  return {
    variants: state.variants.map((row) => ({
      ...present('_id', row._id),
      name: row.name.trim(),
      ...hindiNameOf(row),
      sku: row.sku.trim(),
      price: numberOrEmpty(row.price),
      mrp: numberOrEmpty(row.mrp) ?? null,
      countInStock: numberOrEmpty(row.countInStock),
      ...present('image', row.image.trim() || undefined),
      // Saved pictures go back as they came, so saving the form never loses them.
      ...present('images', row._id ? row.images : undefined),
      facts: {
        ...present('sizeMm', numberOrEmpty(row.sizeMm)),
        ...present('weightCarats', numberOrEmpty(row.weightCarats)),
      },
      ...packageOf(row),
      isDefault: row.isDefault,
    })),
    addOns: state.addOns.map((row) => {
      // Only variants still on the product: one removed in this form takes its limit with it.
      const variants = row.variants.filter((id) => savedVariants.has(id));
      return {
        ...present('_id', row._id),
        name: row.name.trim(),
        ...hindiNameOf(row),
        price: numberOrEmpty(row.price),
        fields: row.fields.map((field) => ({
          name: field.name.trim(),
          ...hindiNameOf(field),
          maxLength: numberOrEmpty(field.maxLength),
          required: field.required,
        })),
        required: row.required,
        variants: variants.length > 0 ? variants : null,
        service: row.service,
        madeToOrder: row.madeToOrder,
        // A service's own SAC code and rate; empty, or not a service: the product's.
        hsnCode: row.service && row.hsnCode.trim() !== '' ? row.hsnCode.trim() : null,
        gstPercent: row.service ? (numberOrEmpty(row.gstPercent) ?? null) : null,
      };
    }),
  };
}

/**
 * The product's own price, MRP and stock when it has variants (as the server reports them): the default
 * variant's price and MRP, and the sum of the variants' stock. Null when it has no variants; a figure is
 * undefined while a row's input is not a number.
 */
export function followedFigures(variants: OptionsBody['variants']) {
  if (variants.length === 0) return null;
  const chosen = variants.find((v) => v.isDefault) ?? variants[0]!;
  const stocks = variants.map((v) => v.countInStock);
  const wholeStocks = stocks.every((n): n is number => Number.isInteger(n));
  return {
    price: chosen.price,
    mrp: chosen.mrp,
    countInStock: wholeStocks ? stocks.reduce((sum, n) => sum + n, 0) : undefined,
  };
}
