import * as z from 'zod/mini';
import { CATEGORIES, GST_PERCENTS } from '../constants.ts';
import { numberFromText } from './common.ts';

/** A category as the shop and the admin see it (GET /api/categories). */
export const categoryGst = z.object({
  slug: z.enum(CATEGORIES),
  name: z.string(),
  /** Harmonised System of Nomenclature code, printed on tax invoices. */
  hsnCode: z.string(),
  /** GST rate in percent (18 = 18%). */
  gstPercent: z.number(),
});
export type CategoryGst = z.infer<typeof categoryGst>;

export const categoryList = z.array(categoryGst);

/** Any text: a slug that is not a category is simply not found. */
export const categoryParams = z.object({ slug: z.string() });

export const HSN_PATTERN = /^\d{4,8}$/;

/** PUT /api/categories/:slug (admin): only the fields sent change. */
export const categoryUpdate = z.object({
  hsnCode: z.optional(
    z
      .string({ error: 'hsnCode must be text' })
      .check(z.trim(), z.regex(HSN_PATTERN, { error: 'hsnCode must be 4 to 8 digits' })),
  ),
  gstPercent: z.optional(
    numberFromText(
      z.number({ error: 'gstPercent must be a number' }).check(
        z.refine((n) => (GST_PERCENTS as readonly number[]).includes(n), {
          error: `gstPercent must be one of ${GST_PERCENTS.join(', ')}`,
        }),
      ),
    ),
  ),
});
export type CategoryUpdate = z.infer<typeof categoryUpdate>;
