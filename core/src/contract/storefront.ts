import type { Category } from '../constants.ts';
import type { Product, ProductList, ProductSummary } from './catalog.ts';
import type { RunningSale } from './offers.ts';
import type { ProductFacets } from './search.ts';
import type { ListingFilterText } from './search.ts';

/**
 * Between the web app's server rendering (web/src/entry-server.tsx) and the server's storefront module:
 * what a page needs, fetched by the server in-process and handed over under the query key the page
 * reads it from.
 */
export type StorefrontQueryKey = readonly unknown[];

export type StorefrontDataNeed =
  | {
      kind: 'list';
      key: StorefrontQueryKey;
      /** As the page asks the API: its filters and sort (issue 14) as the address carries them. */
      query: { keyword?: string; category?: Category; pageNumber: number; limit?: number } & ListingFilterText;
    }
  | {
      /** The filter panel's counts (issue 14), so the panel arrives filled and nothing moves on hydration. */
      kind: 'facets';
      key: StorefrontQueryKey;
      query: { keyword?: string; category?: Category } & ListingFilterText;
    }
  | { kind: 'bestSellers'; key: StorefrontQueryKey }
  /** Issue 26: the sales running now (GET /api/sales/current), for the home page's banner. */
  | { kind: 'runningSales'; key: StorefrontQueryKey }
  | { kind: 'product'; key: StorefrontQueryKey; id: string };

/**
 * The query key the running sales (GET /api/sales/current) are read under: the server hands the home
 * page's first page its running sales under it, so the banner renders without a fetch.
 */
export const RUNNING_SALES_QUERY_KEY = ['sales', 'current'] as const;

/** The page a path shows, with what it needs. */
export type StorefrontPage =
  | { page: 'home'; pageNumber: number; needs: StorefrontDataNeed[] }
  | { page: 'search'; keyword: string; pageNumber: number; needs: StorefrontDataNeed[] }
  | { page: 'category'; category: string; pageNumber: number; needs: StorefrontDataNeed[] }
  | { page: 'product'; id: string; needs: StorefrontDataNeed[] }
  /** A static page (SPEC §2: FAQs, policies, contact): `path` is its own address. */
  | { page: 'content'; path: string }
  | { page: 'blank-search' }
  | { page: 'not-found' };

/** A need met: its data, or the message of the error the API would have answered with. */
export type StorefrontMetNeed =
  | { key: StorefrontQueryKey; data: ProductList | ProductSummary[] | Product | ProductFacets | RunningSale[] }
  | { key: StorefrontQueryKey; error: string };
