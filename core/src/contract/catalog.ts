import * as z from 'zod/mini';
import { CATEGORIES, MAX_KEYWORD_LENGTH, MAX_PAGE_LIMIT, MAX_PAGE_NUMBER } from '../constants.ts';
import { optionalQuery, preprocess, queryInt } from './common.ts';

export const category = preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
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
  category: optionalQuery(category),
  pageNumber: optionalQuery(queryInt('pageNumber', 1, MAX_PAGE_NUMBER)),
  limit: optionalQuery(queryInt('limit', 1, MAX_PAGE_LIMIT)),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const productSummary = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  brand: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  mrp: z.nullable(z.number()),
  countInStock: z.int(),
  rating: z.number(),
  numReviews: z.int(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const product = z.extend(productSummary, { reviews: z.array(review) });
export type Product = z.infer<typeof product>;

export const productList = z.object({
  products: z.array(productSummary),
  pages: z.int(),
  page: z.int(),
});
export type ProductList = z.infer<typeof productList>;

/** Any text: ids that are not product ids are simply not found. */
export const productIdParams = z.object({ id: z.string() });
