import {
  LANGUAGE_TAGS,
  errorCodes,
  productListQuery,
  type StorefrontDataNeed,
  type StorefrontMetNeed,
  type StorefrontPagePlan,
} from '@rr/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain-error.ts';
import { gatheringScope, type LoadScope } from '../../plugins/response-cache.ts';
import type { ServedPage } from '../../plugins/web-app.ts';
import { cachedCatalog } from '../catalog/index.ts';
import { currentSalesAnswer } from '../offers/index.ts';
import { headHtml, imagePreloadHtml } from './head.ts';
import { PageCache, type RenderedPage } from './page-cache.ts';
import type { StorefrontRenderer } from './renderer.ts';
import { SHOP_SHARE_IMAGE_PATH, productShareImagePath } from './share-image.ts';

/** The shop's absolute address: PUBLIC_URL, or in development the address the visitor used. */
export function baseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrlSet ? app.config.publicUrl : `${request.protocol}://${request.host}`;
}

/**
 * Each need met by the catalog module in-process, from the same cache as its API answers; each answer's
 * `until` (the next sale boundary) goes to `scope`.
 */
async function meet(app: FastifyInstance, need: StorefrontDataNeed, scope: LoadScope): Promise<StorefrontMetNeed> {
  const catalog = cachedCatalog(app, scope);
  switch (need.kind) {
    case 'list': {
      // The page's query as the API would read it from the address (filters arrive as text); one it
      // would refuse is left to the browser, which shows the API's answer.
      const query = productListQuery.safeParse(need.query);
      if (!query.success)
        throw new DomainError('invalid_data', errorCodes.validationFailed, 'Unreadable listing query');
      return { key: need.key, data: await catalog.productList(query.data) };
    }
    case 'facets': {
      const query = productListQuery.safeParse(need.query);
      if (!query.success)
        throw new DomainError('invalid_data', errorCodes.validationFailed, 'Unreadable listing query');
      return { key: need.key, data: await catalog.facets(query.data) };
    }
    case 'bestSellers':
      return { key: need.key, data: await catalog.bestSellers() };
    case 'runningSales':
      return { key: need.key, data: await catalog.read(currentSalesAnswer(app)) };
    case 'product':
      try {
        return { key: need.key, data: await catalog.product(need.id) };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'not_found') return { key: need.key, error: error.message };
        throw error;
      }
  }
}

/**
 * Puts the rendered page, its head and its state into index.html (the built one, with its scripts), in
 * the page's language (`<html lang>`).
 */
function fillTemplate(
  template: string,
  page: { lang: string; head: string; body: string; state: string; stateId: string },
): string {
  const { head, body, state, stateId } = page;
  const withHead = template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => head);
  return withHead.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${body}</div><script type="application/json" id="${stateId}">${state}</script>`,
  );
}

/**
 * How many shuffles of a home page are kept: its grid comes in an order its render draws at random
 * (SPEC §7), so each request takes one of these at random rather than the same one for everybody.
 */
export const HOME_PAGE_SHUFFLES = 4;

/**
 * Renders a storefront page (home, collection, search, product, a static page, the 404 page) with its
 * data, or answers null for a path the browser renders itself. Pages found are kept as sent until the
 * catalog changes (PageCache, decision 0028).
 */
export function storefrontPages(app: FastifyInstance, renderer: StorefrontRenderer) {
  const kept = new PageCache(app.responseCache);
  return async (request: FastifyRequest, template: string): Promise<ServedPage | null> => {
    const url = new URL(request.url, 'http://storefront');
    const page = renderer.page(url.pathname, url.search);
    if (!page) return null;
    if ('redirect' in page) return { status: 302, html: '', redirect: page.redirect };
    const base = baseUrl(app, request);
    const shuffle = page.shuffled ? Math.floor(Math.random() * HOME_PAGE_SHUFFLES) : 0;
    const key = `${base}\u0000${url.pathname}${url.search}\u0000${shuffle}`;
    const ready = kept.get(key);
    if (ready) return ready;
    // Rendering is work a client could ask for without end (a page not found is never kept).
    await app.workLimits.pageRender(request);
    return kept.render(
      key,
      () => renderPage(app, renderer, { page, url, base, template }),
      // A page not found is not kept: anyone can ask for any number of those.
      (rendered) => rendered.status === 200,
    );
  };
}

/**
 * A storefront page rendered with the catalog's answers, in the page template with its head; it holds
 * until the earliest `until` of those answers (the next sale start or end), and shows what they show.
 */
async function renderPage(
  app: FastifyInstance,
  renderer: StorefrontRenderer,
  { page, url, base, template }: { page: StorefrontPagePlan; url: URL; base: string; template: string },
): Promise<RenderedPage> {
  const scope = gatheringScope();
  const met = await Promise.all(page.needs.map((need) => meet(app, need, scope)));
  const rendered = await renderer.render(`${url.pathname}${url.search}`, met, {
    base,
    shopShareImage: SHOP_SHARE_IMAGE_PATH,
    productShareImage: productShareImagePath,
  });
  return {
    status: rendered.status,
    until: scope.until(),
    shown: scope.shown(),
    html: fillTemplate(template, {
      lang: LANGUAGE_TAGS[rendered.head.language],
      head: imagePreloadHtml(rendered.html) + headHtml(rendered.head, renderer.scriptSafeJson),
      body: rendered.html,
      state: renderer.scriptSafeJson(rendered.state),
      stateId: renderer.SSR_STATE_ID,
    }),
  };
}
