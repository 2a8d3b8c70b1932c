// The storefront's server rendering (built by `vite build --ssr`, loaded by the server's storefront
// module): which data a page needs, and the page rendered to HTML with that data.
import {
  HOME_GRID_LIMIT,
  languageOfPath,
  translate,
  type Language,
  type MessageParams,
  type ListingFilterText,
  type StorefrontDataNeed,
  type StorefrontMetNeed,
  type StorefrontPage,
} from '@rr/core';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter, matchPath } from 'react-router';
import { createQueryClient } from './app/app.tsx';
import { AppRoutes, isShopPath } from './app/router.tsx';
import { contentPages } from './features/content/index.ts';
import {
  catalogKeys,
  filtersFrom,
  parsePageNumber,
  searchKeyword,
  type ProductQuery,
} from './features/catalog/index.ts';
import { en, type MessageKey } from './i18n/en.ts';
import { hi } from './i18n/hi.ts';
import { LanguageProvider, routerBase } from './i18n/index.tsx';
import { RenderStatusContext, type RenderStatus } from './lib/render-status.ts';
import { RenderSeedContext, type SsrState } from './lib/ssr-state.ts';

export { scriptSafeJson, SSR_STATE_ID } from './lib/ssr-state.ts';

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

/** A path segment as the router's useParams gives it. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The page a path shows and the data it needs, or null for pages left to the browser. Mirrors the
 * storefront routes of router.tsx and the parameter handling of their pages; a path that is none of the
 * shop's pages is the 404 page.
 */
export function storefrontPage(address: string, search: string): StorefrontPage | null {
  // A Hindi page (issue 30) is the English page of the same path, under /hi.
  const { path: pathname } = languageOfPath(address);
  const at = (pattern: string) => matchPath(pattern, pathname)?.params;
  // A listing's filters and sort (issue 14) come from the address, as useListingFilters reads them.
  const filters = filtersFrom(new URLSearchParams(search));
  const home = at('/') ?? at('/page/:pageNumber');
  if (home) {
    const pageNumber = parsePageNumber(home.pageNumber);
    if (pageNumber === null) return { page: 'not-found' };
    const grid = list({ pageNumber, limit: HOME_GRID_LIMIT, ...filters });
    const panel = facets(filters);
    return {
      page: 'home',
      pageNumber,
      needs: pageNumber === 1 ? [grid, panel, { kind: 'bestSellers', key: catalogKeys.bestSellers }] : [grid, panel],
    };
  }
  const searched = at('/search/:keyword') ?? at('/search/:keyword/page/:pageNumber');
  if (searched) {
    const keyword = searchKeyword(decoded(searched.keyword ?? ''));
    if (keyword === '') return { page: 'blank-search' };
    const pageNumber = parsePageNumber(searched.pageNumber);
    if (pageNumber === null) return { page: 'not-found' };
    return {
      page: 'search',
      keyword,
      pageNumber,
      needs: [list({ keyword, pageNumber, ...filters }), facets({ keyword, ...filters })],
    };
  }
  const collection = at('/category/:category');
  if (collection) {
    const category = collection.category ?? '';
    const pageNumber = parsePageNumber(new URLSearchParams(search).get('page'));
    if (pageNumber === null) return { page: 'not-found' };
    return {
      page: 'category',
      category,
      pageNumber,
      needs: [
        list({ category: category as ProductQuery['category'], pageNumber, ...filters }),
        facets({ category: category as ProductQuery['category'], ...filters }),
      ],
    };
  }
  const product = at('/product/:id');
  if (product) {
    const id = product.id ?? '';
    return { page: 'product', id, needs: [{ kind: 'product', key: catalogKeys.product(id), id }] };
  }
  const content = contentPages.find((page) => matchPath(page.path, pathname));
  if (content) return { page: 'content', path: content.path };
  // Any other path is the 404 page: rendered here, so it is sent as a 404.
  return isShopPath(pathname) ? null : { page: 'not-found' };
}

export interface Rendered {
  html: string;
  /** 404 when the page rendered the not-found page. */
  status: number;
  /** The title and description the page gives the document (`usePageTitle`), when it gives them. */
  title?: string;
  description?: string;
  state: SsrState;
}

const TEXTS = { en, hi } as const;

/** The storefront's texts for the server's part of a page (its head): `t(key, params)` in `language`. */
export function textsFor(language: Language): (key: MessageKey, params?: MessageParams) => string {
  return (key, params) => translate(language, TEXTS[language], key, params);
}

/** Renders `url` with the data given, waiting for lazy parts (Suspense) so the HTML is complete. */
export async function render(url: string, met: StorefrontMetNeed[]): Promise<Rendered> {
  const queryClient = createQueryClient();
  for (const need of met) {
    if ('data' in need) {
      queryClient.setQueryData(need.key, need.data);
    } else {
      // As a failed fetch leaves it: the page shows the message, and the browser asks again. The
      // message is made enumerable so it survives the JSON trip to the browser.
      const error = Object.defineProperty(new Error(need.error), 'message', { value: need.error, enumerable: true });
      // Not asked again as the page hydrates (the browser renders the same message), nor later.
      queryClient.setQueryDefaults(need.key, { retryOnMount: false });
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: need.key })
        .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
    }
  }
  const seed = Math.floor(Math.random() * 2 ** 31);
  const { language } = languageOfPath(new URL(url, 'http://storefront').pathname);
  const status: RenderStatus = { status: 200 };
  const app = (
    <RenderStatusContext value={status}>
      <RenderSeedContext value={seed}>
        <QueryClientProvider client={queryClient}>
          <LanguageProvider language={language} texts={TEXTS[language]}>
            <StaticRouter location={url} basename={routerBase(language)}>
              <AppRoutes />
            </StaticRouter>
          </LanguageProvider>
        </QueryClientProvider>
      </RenderSeedContext>
    </RenderStatusContext>
  );
  // Rendered by Preact, as the browser hydrates it (`react` is preact/compat in the build, so the element
  // is Preact's). The async renderer waits for lazy parts (Suspense) and writes them in place; a page that
  // throws rejects, and the server serves the client-rendered page instead of half of it.
  const html = await renderToStringAsync(app as unknown as VNode);
  return {
    html,
    ...status,
    state: { queries: dehydrate(queryClient, { shouldDehydrateQuery: () => true }), seed },
  };
}
