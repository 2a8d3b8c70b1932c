// Issue 14: listing filters and sort, filter counts (facets), suggestions while typing, and the admin's
// list of the trade's names (search synonyms).
import * as z from 'zod/mini';
import { CATEGORIES } from '../constants.ts';
import { optionalQuery } from './common.ts';
import { PLANETS } from '../gem-facts.ts';
import { RANGE_PATTERNS } from '../filter-ranges.ts';

export const LISTING_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const MUKHI_MIN = 1;
export const MUKHI_MAX = 21;
export const MAX_FILTER_VALUE_LENGTH = 200;

const filterText = (field: string) =>
  optionalQuery(
    z.string({ error: `${field} must be text` }).check(
      z.trim(),
      z.maxLength(MAX_FILTER_VALUE_LENGTH, {
        error: `${field} must be at most ${MAX_FILTER_VALUE_LENGTH} characters`,
      }),
    ),
  );

/**
 * The listing filters of GET /api/products and /api/products/facets, as the address carries them.
 * PRODUCT.md "The contract": a filter value no product can have (`mukhi=abc`, `minPrice=cheap`) is an
 * empty result, not an error, like an unknown category; an unknown `sort` is the default order. Only
 * repeated or absurdly long values are refused. `mukhi` and `origin` take several values, comma-separated.
 */
export const listingFilterQuery = {
  /** Rupees, before GST (as `price`). */
  minPrice: filterText('minPrice'),
  maxPrice: filterText('maxPrice'),
  /** `true`: only products in stock. */
  inStock: filterText('inStock'),
  /** Faces of a rudraksha, 1 to 21: `5` or `5,6,7`. */
  mukhi: filterText('mukhi'),
  /** Origin, as the trade names it (Nepal, Indonesia, ...), case-insensitive: `Nepal` or `Nepal,Indonesia`. */
  origin: filterText('origin'),
  /**
   * Issue 25: bead or stone size in millimetres, `20` or `18,20` (to a tenth): a product of that size, or
   * with a variant of it.
   */
  size: filterText('size'),
  /** Issue 25: a gem's weight in carats, from and to: a product of that weight, or with a variant of it. */
  minCarats: filterText('minCarats'),
  maxCarats: filterText('maxCarats'),
  /** Issue 25: the planet a gem is worn for (PLANETS), case-insensitive: `Saturn` or `Saturn,Jupiter`. */
  planet: filterText('planet'),
  /**
   * Issue 30: the id of a running sale (GET /api/sales/current): only the products it covers, its own and
   * those of its categories. A sale that is not running (ended, paused, unknown) lists nothing.
   */
  sale: filterText('sale'),
  /** relevance (the default with a keyword), newest (the default without), price_asc, price_desc, rating. */
  sort: filterText('sort'),
};

export interface ListingFilterText {
  minPrice?: string;
  maxPrice?: string;
  inStock?: string;
  mukhi?: string;
  origin?: string;
  size?: string;
  minCarats?: string;
  maxCarats?: string;
  planet?: string;
  sale?: string;
  sort?: string;
}

/** The filters read: what to list, or `null` when a value is one no product has (an empty result). */
export interface ListingFilters {
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  mukhi?: number[];
  origin?: string[];
  /** Millimetres, to a tenth. */
  size?: number[];
  minCarats?: number;
  maxCarats?: number;
  /** As PLANETS spell them. */
  planet?: string[];
  /** A sale's id, lower case. */
  sale?: string;
  sort?: ListingSort;
}

const list = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const SIZE = /^\d{1,3}(?:\.\d)?$/;

/** Reads a from-to pair of numbers into `filters`; false when a value is not one (an empty result). */
function readRange<K extends 'minPrice' | 'maxPrice' | 'minCarats' | 'maxCarats'>(
  raw: ListingFilterText,
  keys: readonly K[],
  pattern: RegExp,
  filters: ListingFilters,
): boolean {
  for (const key of keys) {
    const text = raw[key]?.trim();
    if (!text) continue;
    if (!pattern.test(text)) return false;
    filters[key] = Number(text);
  }
  return true;
}

/** The listed numbers of a comma-separated filter, sorted and once each; null when one is not a number. */
function readNumbers(text: string | undefined, valid: (value: string) => boolean): number[] | null | undefined {
  if (!text?.trim()) return undefined;
  const values = list(text);
  if (!values.every(valid)) return null;
  return [...new Set(values.map(Number))].sort((a, b) => a - b);
}

const isMukhi = (v: string) => /^\d{1,2}$/.test(v) && Number(v) >= MUKHI_MIN && Number(v) <= MUKHI_MAX;

/** Planets as PLANETS spell them, once each; null when one is no planet (an empty result). */
function readPlanets(text: string | undefined): string[] | null | undefined {
  if (!text?.trim()) return undefined;
  const planets = list(text).map((v) => PLANETS.find((p) => p.toLowerCase() === v.toLowerCase()));
  return planets.every((p) => p !== undefined) ? [...new Set(planets as string[])] : null;
}

/** Reads the filter values of a listing address; shared by the server and the filter panel. */
export function parseListingFilters(raw: ListingFilterText): ListingFilters | null {
  const filters: ListingFilters = {};
  if (!readRange(raw, ['minPrice', 'maxPrice'], RANGE_PATTERNS.price, filters)) return null;
  if (!readRange(raw, ['minCarats', 'maxCarats'], RANGE_PATTERNS.weight, filters)) return null;
  const inStock = raw.inStock?.trim().toLowerCase();
  if (inStock === 'true') filters.inStock = true;
  else if (inStock && inStock !== 'false') return null;
  const lists = {
    mukhi: readNumbers(raw.mukhi, isMukhi),
    size: readNumbers(raw.size, (v) => SIZE.test(v) && Number(v) > 0),
    planet: readPlanets(raw.planet),
  };
  if (Object.values(lists).includes(null)) return null;
  Object.assign(filters, Object.fromEntries(Object.entries(lists).filter(([, values]) => values)));
  if (raw.origin?.trim()) filters.origin = [...new Set(list(raw.origin))];
  if (raw.sale?.trim()) filters.sale = raw.sale.trim().toLowerCase();
  const sort = raw.sort?.trim().toLowerCase();
  if (sort && (LISTING_SORTS as readonly string[]).includes(sort)) filters.sort = sort as ListingSort;
  return filters;
}

/** GET /api/products/facets: counts for a filter panel, each with the other filters applied. */
export const productFacets = z.object({
  /** Products matching every filter (what the list pages through). */
  total: z.int(),
  /** Of those matching the other filters, how many are in stock. */
  inStock: z.int(),
  /** The lowest and highest price (rupees, before GST) with the other filters applied; null when none. */
  price: z.object({ min: z.nullable(z.number()), max: z.nullable(z.number()) }),
  mukhi: z.array(z.object({ value: z.int(), count: z.int() })),
  origin: z.array(z.object({ value: z.string(), count: z.int() })),
  /** Issue 25: sizes (mm) of the products or their variants, each with how many products have it. */
  size: z.array(z.object({ value: z.number(), count: z.int() })),
  /** The lightest and heaviest (carats) of the products or their variants; null when none is weighed. */
  weight: z.object({ min: z.nullable(z.number()), max: z.nullable(z.number()) }),
  planet: z.array(z.object({ value: z.string(), count: z.int() })),
});
export type ProductFacets = z.infer<typeof productFacets>;

/** GET /api/products/suggest?q=: a long text is cut to the search's length (typing never gets a 400). */
export const suggestQuery = z.object({
  q: optionalQuery(z.string({ error: 'q must be text' })),
});

export const MAX_SUGGESTIONS = 6;

export const productSuggestions = z.object({
  products: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** Issue 30: the Hindi name ('' where not written: the English one shows). */
      nameHi: z.string(),
      image: z.string(),
      category: z.enum(CATEGORIES),
      price: z.number(),
    }),
  ),
  categories: z.array(z.object({ slug: z.enum(CATEGORIES), name: z.string() })),
});
export type ProductSuggestions = z.infer<typeof productSuggestions>;

export const MAX_SYNONYM_LENGTH = 60;
const synonymText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} is required` }),
      z.maxLength(MAX_SYNONYM_LENGTH, { error: `${field} must be at most ${MAX_SYNONYM_LENGTH} characters` }),
    );

/** A trade name and the catalog's words it stands for (neelam -> blue sapphire). */
export const searchSynonym = z.object({ _id: z.string(), term: z.string(), canonical: z.string() });
export type SearchSynonym = z.infer<typeof searchSynonym>;

/** POST /api/admin/search-synonyms: adding a term that exists replaces its words. */
export const searchSynonymInput = z.object({ term: synonymText('term'), canonical: synonymText('canonical') });
export type SearchSynonymInput = z.infer<typeof searchSynonymInput>;

export const searchSynonymParams = z.object({ id: z.string() });
