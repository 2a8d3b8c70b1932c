// Each storefront page's data and head (issue 30), under the page's name in the route table (routes.tsx):
// what the server reads for it in-process before rendering it (its needs, met under the query keys the
// page's own useQuery hooks read) and what its <head> says once rendered (canonical, JSON-LD). Server
// rendering only (entry-server.tsx): none of it is in the browser's JavaScript.
import {
  HOME_GRID_LIMIT,
  LANGUAGE_TAGS,
  RUNNING_SALES_QUERY_KEY,
  localizedText,
  nameIn,
  type ListingFilterText,
  type Product,
  type ProductList,
  type RunningSale,
  type StorefrontDataNeed,
  type StorefrontMetNeed,
} from '@rr/core';
import type { Params } from 'react-router';
import {
  catalogKeys,
  filtersFrom,
  parsePageNumber,
  searchKeyword,
  type ProductQuery,
} from '../features/catalog/index.ts';
import { SHOP_NAME, breadcrumbs, pageUrl, productJsonLd, type HeadContext, type HeadParts } from './page-head.ts';
import type { StorefrontPageName } from './routes.tsx';

/** A page the server renders: what it needs, and its head from those needs met (null: not found). */
export interface PagePlan {
  needs: StorefrontDataNeed[];
  /** Its render draws a random order (the home grid, SPEC §7). */
  shuffled?: boolean;
  head(met: StorefrontMetNeed[], ctx: HeadContext): HeadParts | null;
}

/** What an address of a page is: the page with its plan, a redirect (home), or not found. */
export type PageOutcome = PagePlan | { redirectHome: true } | 'not-found';

/** A page's data and head from its route's parameters, the address's query and the route's own path. */
type PageData = (params: Params, search: URLSearchParams, routePath: string) => PageOutcome;

const list = (query: ProductQuery & { pageNumber: number }): StorefrontDataNeed => ({
  kind: 'list',
  key: catalogKeys.list(query),
  query,
});

/** The filter panel's counts, under the key FilteredListing reads them from (no page, no limit). */
const facets = (query: Pick<ProductQuery, 'keyword' | 'category'> & ListingFilterText): StorefrontDataNeed => ({
  kind: 'facets',
  key: catalogKeys.facets(query),
  query,
});

/** A need's data, when it was met with data. */
const dataOf = <T>(met: StorefrontMetNeed | undefined): T | undefined =>
  met && 'data' in met ? (met.data as T) : undefined;

/** A listing's first need is its page of products: whether that page has none. */
const emptyListing = (met: StorefrontMetNeed[]) => dataOf<ProductList>(met[0])?.products.length === 0;

/** A path segment as the router's useParams gives it. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The home page and its further pages: the grid, the filter panel and, on the first page, the best
 * sellers and the running sales for the banner (issue 26), so all of it comes rendered.
 */
const home: PageData = (params, search) => {
  const filters = filtersFrom(search);
  const pageNumber = parsePageNumber(params.pageNumber);
  if (pageNumber === null) return 'not-found';
  const needs = [list({ pageNumber, limit: HOME_GRID_LIMIT, ...filters }), facets(filters)];
  if (pageNumber === 1) {
    needs.push(
      { kind: 'bestSellers', key: catalogKeys.bestSellers },
      { kind: 'runningSales', key: RUNNING_SALES_QUERY_KEY },
    );
  }
  return {
    needs,
    shuffled: true,
    head: (met, ctx) => {
      const path = pageNumber === 1 ? '/' : `/page/${pageNumber}`;
      const website = {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SHOP_NAME,
        url: pageUrl(ctx, '/'),
        inLanguage: LANGUAGE_TAGS[ctx.language],
        potentialAction: {
          '@type': 'SearchAction',
          target: `${pageUrl(ctx, '/search')}/{search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      };
      const trail = pageNumber > 1 ? [{ name: ctx.t('head.page', { page: pageNumber }), path }] : [];
      // A page past the last is left out of search engines; the home page itself never is.
      return {
        path: pageNumber > 1 && emptyListing(met) ? null : path,
        jsonLd: [website, breadcrumbs(ctx, trail)],
      };
    },
  };
};

/** A search's pages; a blank search goes home. A search that found nothing is left out (noindex). */
const search: PageData = (params, query) => {
  const keyword = searchKeyword(decoded(params.keyword ?? ''));
  if (keyword === '') return { redirectHome: true };
  const pageNumber = parsePageNumber(params.pageNumber);
  if (pageNumber === null) return 'not-found';
  const filters = filtersFrom(query);
  return {
    needs: [list({ keyword, pageNumber, ...filters }), facets({ keyword, ...filters })],
    head: (met, ctx) => {
      const path = `/search/${encodeURIComponent(keyword)}`;
      return {
        path: emptyListing(met) ? null : pageNumber > 1 ? `${path}/page/${pageNumber}` : path,
        jsonLd: [breadcrumbs(ctx, [{ name: ctx.t('head.search', { keyword }), path }])],
      };
    },
  };
};

/** A collection's pages (`?page=2`); one with no product on it is left out (noindex). */
const category: PageData = (params, query) => {
  const name = (params.category ?? '') as ProductQuery['category'] & string;
  const pageNumber = parsePageNumber(query.get('page'));
  if (pageNumber === null) return 'not-found';
  const filters = filtersFrom(query);
  return {
    needs: [list({ category: name, pageNumber, ...filters }), facets({ category: name, ...filters })],
    head: (met, ctx) => {
      const path = `/category/${encodeURIComponent(name)}`;
      return {
        path: emptyListing(met) ? null : pageNumber > 1 ? `${path}?page=${pageNumber}` : path,
        jsonLd: [breadcrumbs(ctx, [{ name: ctx.t('head.collection', { label: ctx.t(`category.${name}`) }), path }])],
      };
    },
  };
};

/**
 * A running sale's products (issue 30), `?page=2`, with the running sales for its heading. A sale not
 * running is not found (the page says it has ended); one with no product left is left out (noindex).
 */
const sale: PageData = (params, query) => {
  const id = (params.id ?? '').toLowerCase();
  const pageNumber = parsePageNumber(query.get('page'));
  if (pageNumber === null) return 'not-found';
  const filters = filtersFrom(query);
  return {
    needs: [
      list({ sale: id, pageNumber, ...filters }),
      facets({ sale: id, ...filters }),
      { kind: 'runningSales', key: RUNNING_SALES_QUERY_KEY },
    ],
    head: (met, ctx) => {
      const running = dataOf<RunningSale[]>(met[2])?.find((s) => s._id === id);
      if (!running) return null;
      const path = `/sale/${encodeURIComponent(id)}`;
      const name = nameIn(running, ctx.language);
      return {
        path: emptyListing(met) ? null : pageNumber > 1 ? `${path}?page=${pageNumber}` : path,
        jsonLd: [breadcrumbs(ctx, [{ name, path }])],
      };
    },
  };
};

/** A product: its share picture, schema.org Product (or ProductGroup) and home > collection > product. */
const product: PageData = (params) => {
  const id = params.id ?? '';
  return {
    needs: [{ kind: 'product', key: catalogKeys.product(id), id }],
    head: (met, ctx) => {
      const found = dataOf<Product>(met[0]);
      if (!found) return null;
      const { name } = localizedText(found, ctx.language);
      const image = { url: `${ctx.base}${ctx.productShareImage(found)}`, alt: name };
      const path = `/product/${found._id}`;
      const collection = ctx.t('head.collection', { label: ctx.t(`category.${found.category}`) });
      return {
        path,
        image,
        type: 'product',
        jsonLd: [
          productJsonLd(ctx, found, image.url),
          breadcrumbs(ctx, [
            { name: collection, path: `/category/${encodeURIComponent(found.category)}` },
            { name, path },
          ]),
        ],
      };
    },
  };
};

/** A static page (SPEC §2: FAQs, policies, contact): no data; its canonical is its route's own path. */
const content: PageData = (_params, _search, routePath) => ({
  needs: [],
  head: () => ({ path: routePath, jsonLd: [] }),
});

/** Every storefront page of the route table, by its name there. */
export const pageData: Record<StorefrontPageName, PageData> = {
  home,
  search,
  category,
  sale,
  product,
  content,
  'not-found': () => 'not-found',
};
