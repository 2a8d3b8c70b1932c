import type { AddOnReply, Product, VariantReply } from '@rr/core';

// Issue 25: a product's variants and add-ons as the edit form holds them (text for inputs, flags for
// checkboxes), and the edits made to them. Each row has a `key` of its own, so that its inputs and its
// errors follow it when rows move; saved rows keep their `_id`, new rows have none.

export interface VariantRow {
  key: string;
  _id?: string;
  name: string;
  /** Issue 30: its Hindi name; empty: Hindi pages show `name`. */
  nameHi: string;
  /** The Hindi name it was saved with (empty: none), so that clearing it is sent. */
  nameHiWas: string;
  sku: string;
  price: string;
  mrp: string;
  countInStock: string;
  /** The variant's own picture; empty: the product's. */
  image: string;
  /** Its further pictures, kept as they were (this form does not edit them). */
  images: string[];
  sizeMm: string;
  weightCarats: string;
  /** Issue 27: its packed weight in grams; empty: the product's (else the shop's default package's). */
  packageWeightGrams: string;
  /** The packed weight it was saved with (empty: none), so that clearing it is sent. */
  packageWeightWas: string;
  isDefault: boolean;
}

export interface AddOnFieldRow {
  key: string;
  name: string;
  /** Issue 30: its Hindi label; empty: Hindi pages show `name`. */
  nameHi: string;
  /** The Hindi label it was saved with (empty: none), so that clearing it is sent. */
  nameHiWas: string;
  maxLength: string;
  required: boolean;
}

export interface AddOnRow {
  key: string;
  _id?: string;
  name: string;
  /** Issue 30: its Hindi name; empty: Hindi pages show `name`. */
  nameHi: string;
  /** The Hindi name it was saved with (empty: none), so that clearing it is sent. */
  nameHiWas: string;
  price: string;
  required: boolean;
  service: boolean;
  /** The SAC code of a service (empty: the product's code). */
  hsnCode: string;
  /** Empty: the product's rate. */
  gstPercent: string;
  madeToOrder: boolean;
  /** The saved variants' ids it is limited to; none: every variant. */
  variants: string[];
  fields: AddOnFieldRow[];
}

/** Errors by `${row key}.${field}`, a row's own by its key, a whole list's by 'variants' or 'addOns'. */
export type OptionErrors = Record<string, string>;

export interface OptionsState {
  variants: VariantRow[];
  addOns: AddOnRow[];
  errors: OptionErrors;
}

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

export function variantRowOf(variant: VariantReply, productImage: string): VariantRow {
  return {
    key: variant._id,
    _id: variant._id,
    name: variant.name,
    nameHi: variant.nameHi ?? '',
    nameHiWas: variant.nameHi ?? '',
    sku: variant.sku,
    price: text(variant.price),
    mrp: text(variant.mrp),
    countInStock: text(variant.countInStock),
    // The reply fills a variant without a picture with the product's: that is "none" here, so the
    // variant keeps following the product's picture.
    image: variant.image === productImage ? '' : variant.image,
    images: variant.images,
    sizeMm: text(variant.facts.sizeMm),
    weightCarats: text(variant.facts.weightCarats),
    packageWeightGrams: text(variant.package.weightGrams),
    packageWeightWas: text(variant.package.weightGrams),
    isDefault: variant.isDefault,
  };
}

export function addOnRowOf(addOn: AddOnReply): AddOnRow {
  return {
    key: addOn._id,
    _id: addOn._id,
    name: addOn.name,
    nameHi: addOn.nameHi ?? '',
    nameHiWas: addOn.nameHi ?? '',
    price: text(addOn.price),
    required: addOn.required,
    service: addOn.service,
    hsnCode: text(addOn.hsnCode),
    gstPercent: text(addOn.gstPercent),
    madeToOrder: addOn.madeToOrder,
    variants: addOn.variants ?? [],
    fields: addOn.fields.map((field, i) => ({
      key: `${addOn._id}-field-${i}`,
      name: field.name,
      nameHi: field.nameHi ?? '',
      nameHiWas: field.nameHi ?? '',
      maxLength: String(field.maxLength),
      required: field.required,
    })),
  };
}

export function optionsStateOf(product: Pick<Product, 'image' | 'variants' | 'addOns'>): OptionsState {
  const variants = product.variants.map((variant) => variantRowOf(variant, product.image));
  // Exactly one default: the first when the reply marks none.
  if (variants.length > 0 && !variants.some((v) => v.isDefault)) variants[0] = { ...variants[0]!, isDefault: true };
  return { variants, addOns: product.addOns.map(addOnRowOf), errors: {} };
}

/** What a new variant starts with: the first one takes the product's own figures, so nothing changes. */
export type VariantStart = Partial<Pick<VariantRow, 'price' | 'mrp' | 'countInStock' | 'sizeMm' | 'weightCarats'>>;

export function newVariantRow(key: string, start: VariantStart = {}): VariantRow {
  return {
    key,
    name: '',
    nameHi: '',
    nameHiWas: '',
    sku: '',
    price: '',
    mrp: '',
    countInStock: '',
    image: '',
    images: [],
    sizeMm: '',
    weightCarats: '',
    packageWeightGrams: '',
    packageWeightWas: '',
    isDefault: false,
    ...start,
  };
}

export function newAddOnRow(key: string): AddOnRow {
  return {
    key,
    name: '',
    nameHi: '',
    nameHiWas: '',
    price: '',
    required: false,
    service: false,
    hsnCode: '',
    gstPercent: '',
    madeToOrder: false,
    variants: [],
    fields: [],
  };
}

export const newFieldRow = (key: string): AddOnFieldRow => ({
  key,
  name: '',
  nameHi: '',
  nameHiWas: '',
  maxLength: '60',
  required: false,
});

/** The list moved: `from` to `to`, the others keeping their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}
