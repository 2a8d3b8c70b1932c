import type { Category } from '../constants.ts';
import type { Language } from '../i18n.ts';
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

/** A need met: its data, or the message of the error the API would have answered with. */
export type StorefrontMetNeed =
  | { key: StorefrontQueryKey; data: ProductList | ProductSummary[] | Product | ProductFacets | RunningSale[] }
  | { key: StorefrontQueryKey; error: string };

/**
 * A storefront page the server renders (issue 30): what it needs, read by the server in-process (as a
 * data router's loader would with its context), and whether its render draws a random order (the home
 * page's grid, SPEC §7), so the server keeps a few shuffles of it.
 */
export interface StorefrontPagePlan {
  needs: StorefrontDataNeed[];
  shuffled: boolean;
}

/** What the server gives a page's head from outside the web app: its address and share pictures. */
export interface StorefrontHeadContext {
  /** The shop's absolute address (PUBLIC_URL, or the request's host in development). */
  base: string;
  /** The shop's share picture's path, and a product's (they carry a version of the picture). */
  shopShareImage: string;
  productShareImage(product: { _id: string; image: string }): string;
}

/** What a rendered page's <head> says about it to search engines and share previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null for a page that is not found or left out of search engines (noindex). */
  canonical: string | null;
  /** The page in each language (hreflang), with English as the default; [] when there is no canonical. */
  alternates: Array<{ hreflang: string; href: string }>;
  language: Language;
  image: { url: string; alt: string } | null;
  type: 'website' | 'product';
  jsonLd: object[];
}

/** A page as the web app rendered it: its HTML, HTTP status, query state for the browser, and head. */
export interface RenderedStorefrontPage {
  html: string;
  status: number;
  state: unknown;
  head: PageHead;
}

/**
 * The web app's server rendering (web/src/entry-server.tsx exports one as `storefront`), as the server's
 * storefront module uses it: the seam between them, checked on both sides.
 */
export interface StorefrontRenderer {
  /**
   * The page at an address (its route in the web app's one route table): its plan, a redirect (a blank
   * search goes home), or null for a page the browser renders itself (the cart, the account, admin).
   */
  page(pathname: string, search: string): StorefrontPagePlan | { redirect: string } | null;
  /** The page at `url` rendered with the needs of its plan met (in the plan's order), and its head. */
  render(url: string, met: StorefrontMetNeed[], head: StorefrontHeadContext): Promise<RenderedStorefrontPage>;
  /**
   * The shop's own title and description in `language`: the head of a page the browser renders (the
   * cart, the account) until the app names it.
   */
  shellHead(language: Language): { title: string; description: string };
  /** JSON safe inside an HTML <script> element. */
  scriptSafeJson(value: unknown): string;
  /** The id of the JSON block that carries the rendered page's state. */
  SSR_STATE_ID: string;
}
