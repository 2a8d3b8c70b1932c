// The storefront's server rendering (built by `vite build --ssr`, loaded by the server's storefront
// module as `storefront`): a page of the one route table (app/routes.tsx) with the data and head its
// entry in app/page-data.ts gives, rendered to HTML.
import {
  languageOfPath,
  pathInLanguage,
  translate,
  type Language,
  type MessageParams,
  type StorefrontHeadContext,
  type StorefrontMetNeed,
  type StorefrontPagePlan,
  type StorefrontRenderer,
  type RenderedStorefrontPage,
} from '@rr/core';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter, matchRoutes } from 'react-router';
import { createQueryClient } from './app/app.tsx';
import { pageData, type PageOutcome } from './app/page-data.ts';
import { fullHead } from './app/page-head.ts';
import { AppRoutes, routes, type StorefrontHandle } from './app/routes.tsx';
import { en, type MessageKey } from './i18n/en.ts';
import { hi } from './i18n/hi.ts';
import { LanguageProvider, routerBase } from './i18n/index.tsx';
import { RenderStatusContext, type RenderStatus } from './lib/render-status.ts';
import { RenderSeedContext, scriptSafeJson, SSR_STATE_ID } from './lib/ssr-state.ts';

/**
 * The storefront page at an address, as the route table matches it (a Hindi page is the English page
 * of the same path, under /hi): its data and head, or null for a page the browser renders itself.
 */
function outcomeAt(address: string, search: string): PageOutcome | null {
  const { path: pathname } = languageOfPath(address);
  const matched = matchRoutes(routes, pathname);
  const leaf = matched?.[matched.length - 1];
  const handle: StorefrontHandle | undefined = leaf?.route.handle;
  if (!leaf || !handle) return null;
  return pageData[handle.page](leaf.params, new URLSearchParams(search), leaf.route.path ?? pathname);
}

/** What the server reads for a page before rendering it, or where it sends the visitor instead. */
function page(pathname: string, search: string): StorefrontPagePlan | { redirect: string } | null {
  const outcome = outcomeAt(pathname, search);
  if (outcome === null) return null;
  if (outcome === 'not-found') return { needs: [], shuffled: false };
  if ('redirectHome' in outcome) return { redirect: pathInLanguage(languageOfPath(pathname).language, '/') };
  return { needs: outcome.needs, shuffled: outcome.shuffled ?? false };
}

const TEXTS = { en, hi } as const;

/** The storefront's texts for the server's part of a page (its head): `t(key, params)` in `language`. */
function textsFor(language: Language): (key: MessageKey, params?: MessageParams) => string {
  return (key, params) => translate(language, TEXTS[language], key, params);
}

/**
 * Renders `url` with its plan's needs met (in the plan's order), waiting for lazy parts (Suspense) so
 * the HTML is complete, and makes its head: a page not found (no route, a missing product, a page
 * that rendered the 404 page) is sent as a 404 with no canonical.
 */
async function render(
  url: string,
  met: StorefrontMetNeed[],
  context: StorefrontHeadContext,
): Promise<RenderedStorefrontPage> {
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
  const address = new URL(url, 'http://storefront');
  const { language } = languageOfPath(address.pathname);
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
  const outcome = outcomeAt(address.pathname, address.search);
  const plan = outcome && outcome !== 'not-found' && !('redirectHome' in outcome) ? outcome : null;
  const ctx = { ...context, language, t: textsFor(language) };
  const parts = plan && status.status !== 404 ? plan.head(met, ctx) : null;
  return {
    html,
    status: parts ? status.status : 404,
    state: { queries: dehydrate(queryClient, { shouldDehydrateQuery: () => true }), seed },
    head: fullHead(ctx, status, parts),
  };
}

/** The server rendering as the server's storefront module takes it (the seam's type is core's). */
export const storefront: StorefrontRenderer = {
  page,
  render,
  shellHead: (language) => ({
    title: TEXTS[language]['home.title'],
    description: TEXTS[language]['head.shopDescription'],
  }),
  scriptSafeJson,
  SSR_STATE_ID,
};
