import * as z from 'zod/mini';
import { toPaise } from '../money.ts';
import { gstBasisPointsOf, lowestMrpPaise } from '../pricing.ts';
import { CATEGORIES, type Category, MAX_KEYWORD_LENGTH, MAX_PAGE_LIMIT, MAX_PAGE_NUMBER, UQCS } from '../constants.ts';
import { gstPercentField, hsnCodeField, uqcField } from './categories.ts';
import { MAX_STOCK, numberFromText, optionalQuery, preprocess, rupees, wholeNumber } from './common.ts';
import { productFacts, productFactsReply } from './product-facts.ts';
import { listingFilterQuery } from './search.ts';
import { addOnReply, addOnsInput, variantReply, variantsInput } from './variants.ts';
import { productSale } from './offers.ts';
import { reviewPhotos } from './reviews.ts';

export const category = preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
);

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export const MAX_CATEGORY_FILTER_LENGTH = 40;

/**
 * A category to list by. PRODUCT.md "The contract": an unknown category is an empty result, not an
 * error (the original home page sends its page number there); only text that is too long is refused.
 */
export const categoryFilter = z.string({ error: 'category must be text' }).check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(MAX_CATEGORY_FILTER_LENGTH, {
    error: `category must be at most ${MAX_CATEGORY_FILTER_LENGTH} characters`,
  }),
);

export const productListQuery = z.object({
  keyword: optionalQuery(
    z
      .string({ error: 'keyword must be text' })
      .check(
        z.trim(),
        z.maxLength(MAX_KEYWORD_LENGTH, { error: `keyword must be at most ${MAX_KEYWORD_LENGTH} characters` }),
      ),
  ),
  category: optionalQuery(categoryFilter),
  pageNumber: optionalQuery(wholeNumber('pageNumber', 1, MAX_PAGE_NUMBER)),
  limit: optionalQuery(wholeNumber('limit', 1, MAX_PAGE_LIMIT)),
  /** Admins only: list drafts (not published) too. */
  drafts: optionalQuery(z.literal('include', { error: 'drafts can only be include' })),
  // Issue 14: price, stock, mukhi and origin filters and the sort (contract/search.ts).
  ...listingFilterQuery,
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
  comment: z.string(),
  createdAt: z.string(),
  /** The reviewer's user id; null for the shop's own (demo) reviews and reviewers whose account is gone. */
  user: z.nullable(z.string()),
  /** The reviewer bought the product (an order of theirs, paid or delivered and not cancelled, has it). */
  verifiedPurchase: z.boolean(),
  /** Issue 28: up to three photos, each the 720-pixel WebP of an uploaded picture (location data stripped). */
  photos: z.array(z.string()),
});
export type Review = z.infer<typeof review>;

export const productSummary = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  /** Issue 30: the Hindi name and description ('' where not written: the English ones show). */
  nameHi: z.string(),
  descriptionHi: z.string(),
  brand: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  mrp: z.nullable(z.number()),
  countInStock: z.int(),
  /** Not in the shop (made by Create Product and not published yet, or taken down): opens by its id only. */
  isDraft: z.boolean(),
  rating: z.number(),
  numReviews: z.int(),
  /**
   * The product's GST rate in percent (18 = 18%): its own, else its category's (issue 24). The price
   * with GST adds it.
   */
  gstPercent: z.number(),
  /** Issue 25: the lowest variant price when its variants differ in price ("from ₹x"); else null. */
  priceFrom: z.nullable(z.number()),
  /** Issue 26: the best sale running now that covers it (its prices at the sale), else null. */
  sale: z.nullable(productSale),
});
export type ProductSummary = z.infer<typeof productSummary>;

/**
 * Issue 24: the tax facts a product sets itself, each null where it takes its category's (what
 * PUT /api/products/:id sets as `hsnCode`, `gstPercent` and `uqc`; null clears one).
 */
export const taxOverrides = z.object({
  hsnCode: z.nullable(z.string()),
  gstPercent: z.nullable(z.number()),
  uqc: z.nullable(z.enum(UQCS)),
});
export type TaxOverrides = z.infer<typeof taxOverrides>;

/**
 * A product's page: its reviews, and (issue 14) its facts and further pictures. `hsnCode` and `uqc`
 * are the ones its invoice lines carry (its own, else its category's), as `gstPercent` is the rate.
 */
export const product = z.extend(productSummary, {
  reviews: z.array(review),
  ...productFactsReply,
  hsnCode: z.string(),
  uqc: z.enum(UQCS),
  taxOverrides,
  /**
   * Issue 25: the sizes or weights it is sold in ([] when none; then price, mrp and countInStock are the
   * product's own, else the default variant's price and MRP and the sum of the variants' stock).
   */
  variants: z.array(variantReply),
  /** Priced extras chosen with it ([] when none). */
  addOns: z.array(addOnReply),
});
export type Product = z.infer<typeof product>;

export const productList = z.object({
  products: z.array(productSummary),
  pages: z.int(),
  page: z.int(),
});
export type ProductList = z.infer<typeof productList>;

/** Any text: ids that are not product ids are simply not found. */
export const productIdParams = z.object({ id: z.string() });

/** PRODUCT.md: the MRP includes every tax, and nobody may charge more than it. */
export const MRP_BELOW_PRICE = 'mrp must not be below the price with GST (the MRP includes every tax)';

/**
 * Whether an MRP (rupees) allows a price (rupees, before GST) in a category taxed at `gstPercent`: the
 * price with GST may not exceed it.
 */
export function mrpAllows(mrp: number, price: number, gstPercent: number): boolean {
  return toPaise(mrp) >= lowestMrpPaise(toPaise(price), gstBasisPointsOf(gstPercent));
}

const boundedText = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(min, { error: `${field} is required` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );

/** An override an update may leave out (kept), set, or clear with null or "" (back to the category's). */
function clearableOverride<T extends z.ZodMiniType>(schema: T) {
  return z.optional(preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.nullable(schema)));
}

/**
 * A product's editable fields. The image is a path on this site (an upload or a shipped image): the
 * shop never hot-links pictures from elsewhere.
 */
const productFields = {
  _id: z.optional(z.unknown()),
  name: boundedText('name', 1, 120),
  price: rupees('price'),
  /** Empty or null: no MRP (and no struck-through price). */
  mrp: z.nullable(preprocess((v) => (v === '' || v === undefined ? null : v), z.nullable(rupees('mrp')))),
  image: boundedText('image', 1, 300).check(
    z.regex(/^\/(?!\/)[A-Za-z0-9._~/-]+$/, {
      error: 'image must be a path on this site, such as /uploads/bead.jpg',
    }),
  ),
  brand: boundedText('brand', 0, 80),
  category,
  description: boundedText('description', 0, 5000),
  /** Issue 30: Hindi name and description; left out keeps them, '' clears one. */
  nameHi: z.optional(boundedText('nameHi', 0, 120)),
  descriptionHi: z.optional(boundedText('descriptionHi', 0, 5000)),
  countInStock: numberFromText(
    z
      .int({ error: 'countInStock must be a whole number' })
      .check(
        z.gte(0, { error: 'countInStock must be 0 or more' }),
        z.lte(MAX_STOCK, { error: `countInStock must be at most ${MAX_STOCK}` }),
      ),
  ),
  /**
   * The stock the edit form was loaded with. When given, the update is refused (409) if orders have
   * changed the stock since, so a stale form cannot bring back units that were sold.
   */
  stockWas: z.optional(numberFromText(z.int({ error: 'stockWas must be a whole number' }))),
  /**
   * The admin's draft/published switch: a draft is never listed, searched or sold. SPEC's edit form has
   * no such field, and its save is how it publishes, so an update without it publishes (decision 31).
   */
  isDraft: z.optional(z.boolean({ error: 'isDraft must be true or false' })),
  ...productFacts.shape,
  // Issue 24: the product's own tax facts; null or "" clears one (the category's applies again).
  hsnCode: clearableOverride(hsnCodeField),
  gstPercent: clearableOverride(gstPercentField),
  uqc: clearableOverride(uqcField),
  // Issue 25: each list, when sent, replaces the old one (entries with an _id keep theirs).
  variants: z.optional(variantsInput),
  addOns: z.optional(addOnsInput),
};

/**
 * The admin's product form: every field filled in (the browser checks it with this before saving), the
 * MRP against the price with the product's GST: its own rate when it has one, else the rate of the
 * category chosen (`categoryGstPercent`).
 */
export function productInput(categoryGstPercent: number) {
  return z.object(productFields).check(
    z.refine((p) => p.mrp == null || mrpAllows(p.mrp, p.price, p.gstPercent ?? categoryGstPercent), {
      error: MRP_BELOW_PRICE,
      path: ['mrp'],
    }),
  );
}
export type ProductInput = z.infer<ReturnType<typeof productInput>>;

/**
 * PUT /api/products/:id (admin). PRODUCT.md "The contract": an update changes only the fields it
 * carries. SPEC's client sends no `mrp`, and no `image` when it did not change one: those keep their
 * values. A present `mrp` of null or "" clears it (how the admin form clears it). The MRP is checked by
 * the server, against the product's GST rate as its database holds it (its own, else its category's).
 */
export const productUpdate = z.partial(z.object(productFields));
export type ProductUpdate = z.infer<typeof productUpdate>;

export const REVIEW_RATINGS = [
  { value: 1, label: 'Poor' },
  { value: 2, label: 'Fair' },
  { value: 3, label: 'Good' },
  { value: 4, label: 'Very Good' },
  { value: 5, label: 'Excellent' },
] as const;

/** POST /api/products/:id/reviews */
export const reviewInput = z.object({
  rating: numberFromText(
    z
      .int({ error: 'rating must be a whole number from 1 to 5' })
      .check(z.gte(1, { error: 'rating must be from 1 to 5' }), z.lte(5, { error: 'rating must be from 1 to 5' })),
  ),
  comment: boundedText('comment', 1, 1000),
  /** Issue 28: photos uploaded through POST /api/upload/review-photo (absent: none). */
  photos: z.optional(reviewPhotos),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** POST /api/upload (admin): where the stored image is served from. */
export const uploadReply = z.object({ image: z.string(), message: z.string() });
export type UploadReply = z.infer<typeof uploadReply>;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
