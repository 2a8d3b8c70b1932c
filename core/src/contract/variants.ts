// Issue 25: variants (sizes, weights) and priced add-ons of a product, as the product page shows them,
// the admin saves them and an order line chooses them. Field names are the shop's public contract.
import * as z from 'zod/mini';
import { gstPercentField, hsnCodeField } from './categories.ts';
import { MAX_STOCK, UUID_PATTERN, numberFromText, preprocess, rupees } from './common.ts';
import { packageField, packageReply, productFacts, sitePath } from './product-facts.ts';

export const MAX_VARIANTS = 30;
export const MAX_ADD_ONS = 12;
export const MAX_ADD_ON_FIELDS = 4;
/** The longest text an add-on's field may ask for (a wearer's name, a gotra, an engraving). */
export const MAX_ADD_ON_TEXT = 200;
export const VARIANT_NAME_MAX = 60;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

/** A variant as the product page reads it. */
export const variantReply = z.object({
  _id: z.string(),
  name: z.string(),
  /** Issue 30: its Hindi name, when the shop wrote one (Hindi pages show `name` without it). */
  nameHi: z.optional(z.string()),
  sku: z.string(),
  price: z.number(),
  mrp: z.nullable(z.number()),
  countInStock: z.int(),
  /** Its picture, or the product's when it has none. */
  image: z.string(),
  /** Its further pictures; [] shows the product's. */
  images: z.array(z.string()),
  facts: z.object({
    sizeMm: z.nullable(z.number()),
    weightCarats: z.nullable(z.number()),
    weightRatti: z.nullable(z.number()),
  }),
  /** Issue 27: the variant's own parcel (a null figure: the product's, else the shop's default). */
  package: packageReply,
  isDefault: z.boolean(),
});
export type VariantReply = z.infer<typeof variantReply>;

export const addOnField = z.object({
  /** What the buyer's text is keyed by in an order (`values`): the public name of the field. */
  name: z.string(),
  /** Issue 30: its Hindi label, when the shop wrote one (Hindi pages label the text with `name` without it). */
  nameHi: z.optional(z.string()),
  maxLength: z.int(),
  required: z.boolean(),
});
export type AddOnFieldReply = z.infer<typeof addOnField>;

/** An add-on as the product page reads it. */
export const addOnReply = z.object({
  _id: z.string(),
  name: z.string(),
  /** Issue 30: its Hindi name, when the shop wrote one. */
  nameHi: z.optional(z.string()),
  price: z.number(),
  fields: z.array(addOnField),
  required: z.boolean(),
  /** The variants it may be chosen with; null: every one. */
  variants: z.nullable(z.array(z.string())),
  /** A service (energisation): its own SAC code and GST rate on the invoice. */
  service: z.boolean(),
  /** Made for the buyer: the line it is chosen with cannot be returned. */
  madeToOrder: z.boolean(),
  /** Its own HSN/SAC code and GST rate; null: the product's. */
  hsnCode: z.nullable(z.string()),
  gstPercent: z.nullable(z.number()),
});
export type AddOnReply = z.infer<typeof addOnReply>;

const name = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} is required` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );

/** Issue 30: a Hindi name; empty or null: none (Hindi pages show the English one); absent: kept as it is. */
const hindiName = z.optional(
  z.nullable(
    z
      .string({ error: 'nameHi must be text' })
      .check(
        z.trim(),
        z.maxLength(VARIANT_NAME_MAX, { error: `nameHi must be at most ${VARIANT_NAME_MAX} characters` }),
      ),
  ),
);

const entryId = z.optional(
  z.string({ error: '_id must be text' }).check(z.regex(UUID_PATTERN, { error: '_id is not an id' })),
);

const flag = (field: string) => z.optional(z.boolean({ error: `${field} must be true or false` }));

/** A variant in PUT /api/products/:id: with `_id` it updates that variant, without it adds one. */
export const variantInput = z.object({
  _id: entryId,
  name: name('name', VARIANT_NAME_MAX),
  nameHi: hindiName,
  sku: z
    .string({ error: 'sku must be text' })
    .check(
      z.trim(),
      z.regex(SKU_PATTERN, { error: 'sku must be 1 to 40 letters, digits, dots, dashes or underscores' }),
    ),
  price: rupees('price'),
  mrp: z.optional(z.nullable(preprocess((v) => (v === '' ? null : v), z.nullable(rupees('mrp'))))),
  countInStock: numberFromText(
    z
      .int({ error: 'countInStock must be a whole number' })
      .check(
        z.gte(0, { error: 'countInStock must be 0 or more' }),
        z.lte(MAX_STOCK, { error: `countInStock must be at most ${MAX_STOCK}` }),
      ),
  ),
  image: z.optional(z.nullable(preprocess((v) => (v === '' ? null : v), z.nullable(sitePath('image'))))),
  images: z.optional(productFacts.shape.images),
  facts: z.optional(
    z.object({
      sizeMm: z.optional(productFacts.shape.sizeMm),
      weightCarats: z.optional(productFacts.shape.weightCarats),
    }),
  ),
  /** Issue 27: absent keeps a kept variant's parcel (a new one has none), null clears it. */
  package: packageField,
  isDefault: flag('isDefault'),
});
export type VariantInput = z.infer<typeof variantInput>;

export const addOnFieldInput = z.object({
  name: name('name', 40),
  /** Issue 30: absent on a kept add-on's field keeps the Hindi label of its field of the same name. */
  nameHi: hindiName,
  maxLength: numberFromText(
    z
      .int({ error: 'maxLength must be a whole number' })
      .check(
        z.gte(1, { error: 'maxLength must be at least 1' }),
        z.lte(MAX_ADD_ON_TEXT, { error: `maxLength must be at most ${MAX_ADD_ON_TEXT}` }),
      ),
  ),
  required: flag('required'),
});

/** An add-on in PUT /api/products/:id: with `_id` it updates that add-on, without it adds one. */
export const addOnInput = z.object({
  _id: entryId,
  name: name('name', VARIANT_NAME_MAX),
  nameHi: hindiName,
  price: numberFromText(
    z.number({ error: 'price must be a number' }).check(
      z.gte(0, { error: 'price must be 0 or more' }),
      z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'price can have at most 2 decimals' }),
    ),
  ).check(z.refine((n) => n <= 10_00_000, { error: 'price must be at most 1000000' })),
  fields: z.optional(
    z.array(addOnFieldInput, { error: 'fields must be a list' }).check(
      z.maxLength(MAX_ADD_ON_FIELDS, { error: `An add-on can ask for at most ${MAX_ADD_ON_FIELDS} texts` }),
      z.refine((list) => new Set(list.map((f) => f.name.toLowerCase())).size === list.length, {
        error: 'fields must have different names',
      }),
    ),
  ),
  required: flag('required'),
  variants: z.optional(
    z.nullable(
      z.array(
        z.string({ error: 'variants must be ids' }).check(z.regex(UUID_PATTERN, { error: 'variants must be ids' })),
      ),
    ),
  ),
  service: flag('service'),
  madeToOrder: flag('madeToOrder'),
  hsnCode: z.optional(z.nullable(preprocess((v) => (v === '' ? null : v), z.nullable(hsnCodeField)))),
  gstPercent: z.optional(z.nullable(preprocess((v) => (v === '' ? null : v), z.nullable(gstPercentField)))),
});
export type AddOnInput = z.infer<typeof addOnInput>;

export const variantsInput = z.array(variantInput, { error: 'variants must be a list' }).check(
  z.maxLength(MAX_VARIANTS, { error: `A product can have at most ${MAX_VARIANTS} variants` }),
  z.refine((list) => list.filter((v) => v.isDefault).length <= 1, { error: 'Only one variant can be the default' }),
  z.refine((list) => new Set(list.map((v) => v.sku.toLowerCase())).size === list.length, {
    error: 'Each variant needs its own sku',
  }),
  z.refine((list) => new Set(list.map((v) => v.name.toLowerCase())).size === list.length, {
    error: 'Each variant needs its own name',
  }),
);

export const addOnsInput = z
  .array(addOnInput, { error: 'addOns must be a list' })
  .check(z.maxLength(MAX_ADD_ONS, { error: `A product can have at most ${MAX_ADD_ONS} add-ons` }));

/** An add-on chosen on an order line, with the texts the buyer filled in (checked against the add-on). */
export const addOnChoice = z.object({
  _id: z.string({ error: 'addOns._id must be text' }).check(z.maxLength(100, { error: 'addOns._id is not an id' })),
  values: z.optional(
    z.record(
      z.string().check(z.maxLength(40, { error: 'An add-on field name is at most 40 characters' })),
      z
        .string({ error: 'An add-on text must be text' })
        .check(z.maxLength(MAX_ADD_ON_TEXT, { error: `An add-on text is at most ${MAX_ADD_ON_TEXT} characters` })),
    ),
  ),
});
export type AddOnChoice = z.infer<typeof addOnChoice>;

export const addOnChoices = z
  .array(addOnChoice, { error: 'addOns must be a list' })
  .check(z.maxLength(MAX_ADD_ONS, { error: `A line can have at most ${MAX_ADD_ONS} add-ons` }));

/**
 * What an order line (or a quote line) says about its choices: the variant and the add-ons. Issue 30:
 * `nameHi`, on an order's lines, is the Hindi name it was bought with (absent: none).
 */
export const chosenVariant = z.object({ _id: z.string(), name: z.string(), nameHi: z.optional(z.string()) });
export const chosenAddOn = z.object({
  _id: z.string(),
  name: z.string(),
  nameHi: z.optional(z.string()),
  price: z.number(),
  values: z.record(z.string(), z.string()),
  /**
   * Issue 30, on an order's lines: the Hindi labels its texts' fields had when it was bought, by the
   * field's name (the keys of `values`); absent when none had one.
   */
  fieldNamesHi: z.optional(z.record(z.string(), z.string())),
});
export type ChosenAddOn = z.infer<typeof chosenAddOn>;
