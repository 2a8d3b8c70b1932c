import * as z from 'zod/mini';
import { CATEGORIES, GST_PERCENTS, UQCS } from '../constants.ts';
import { numberFromText, preprocess } from './common.ts';

/** A category as the shop and the admin see it (GET /api/categories). */
export const categoryGst = z.object({
  slug: z.enum(CATEGORIES),
  name: z.string(),
  /** Harmonised System of Nomenclature code, printed on tax invoices. */
  hsnCode: z.string(),
  /** GST rate in percent (18 = 18%). */
  gstPercent: z.number(),
  /** GST unit quantity code of its products' invoice lines, unless a product has its own. */
  uqc: z.enum(UQCS),
});
export type CategoryGst = z.infer<typeof categoryGst>;

export const categoryList = z.array(categoryGst);

/** Any text: a slug that is not a category is simply not found. */
export const categoryParams = z.object({ slug: z.string() });

/** An HSN code is 4, 6 or 8 digits (heading, sub-heading, tariff item). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** An HSN code, for a category or a product's own (one rule for both). */
export const hsnCodeField = z
  .string({ error: 'hsnCode must be text' })
  .check(z.trim(), z.regex(HSN_PATTERN, { error: 'hsnCode must be 4, 6 or 8 digits' }));

/** A GST rate in percent: one of the slabs (GST_PERCENTS); form text counts as its number. */
export const gstPercentField = numberFromText(
  z.number({ error: 'gstPercent must be a number' }).check(
    z.refine((n) => (GST_PERCENTS as readonly number[]).includes(n), {
      error: `gstPercent must be one of ${GST_PERCENTS.join(', ')}`,
    }),
  ),
);

/** A GST unit quantity code (UQCS); lower case is read as upper case. */
export const uqcField = preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(UQCS, { error: `uqc must be one of ${UQCS.join(', ')}` }),
);

/** PUT /api/categories/:slug (admin): only the fields sent change. */
export const categoryUpdate = z.object({
  hsnCode: z.optional(hsnCodeField),
  gstPercent: z.optional(gstPercentField),
  uqc: z.optional(uqcField),
});
export type CategoryUpdate = z.infer<typeof categoryUpdate>;
