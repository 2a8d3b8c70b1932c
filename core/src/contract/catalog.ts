import { z } from 'zod';
import { CATEGORIES, MAX_KEYWORD_LENGTH, MAX_PAGE_LIMIT, MAX_PAGE_NUMBER } from '../constants.ts';
import { optionalQuery, queryInt } from './common.ts';

export const category = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
);

export const productListQuery = z.object({
  keyword: optionalQuery(
    z
      .string({ error: 'keyword must be text' })
      .trim()
      .max(MAX_KEYWORD_LENGTH, { error: `keyword must be at most ${MAX_KEYWORD_LENGTH} characters` }),
  ),
  category: optionalQuery(category),
  pageNumber: optionalQuery(queryInt('pageNumber', 1, MAX_PAGE_NUMBER)),
  limit: optionalQuery(queryInt('limit', 1, MAX_PAGE_LIMIT)),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const review = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int().min(1).max(5),
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
  mrp: z.number().nullable(),
  countInStock: z.number().int(),
  rating: z.number(),
  numReviews: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const product = productSummary.extend({ reviews: z.array(review) });
export type Product = z.infer<typeof product>;

export const productList = z.object({
  products: z.array(productSummary),
  pages: z.number().int(),
  page: z.number().int(),
});
export type ProductList = z.infer<typeof productList>;

export const productIdParams = z.object({ id: z.string().max(100) });
