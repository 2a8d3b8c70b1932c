import { runningSale, type RunningSale } from '@rr/core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheKey, sendCached, type CachedRoute, type LoadScope } from '../../plugins/response-cache.ts';
import { RunningSalesCache } from './running-sales.ts';

/** One kept list of running sales per app (its response cache), for every public reader. */
const keptSales = new WeakMap<object, RunningSalesCache>();

/**
 * The running sales as the shop's public answers show them (catalog sale prices, the home banner): kept
 * in memory until the next sale starts or ends, or the catalog changes (running-sales.ts).
 */
export function shownSales(app: FastifyInstance): RunningSalesCache {
  let kept = keptSales.get(app.responseCache);
  if (!kept) {
    kept = new RunningSalesCache(app.db, app.responseCache);
    keptSales.set(app.responseCache, kept);
  }
  return kept;
}

/**
 * The sales running now, for an answer that is kept: it holds until the next sale boundary, and says so
 * to `scope` (the response cache drops it then, and shared caches keep it no longer).
 */
export async function salesForAnswer(app: FastifyInstance, scope: LoadScope): Promise<RunningSale[]> {
  const now = await shownSales(app).now();
  scope.holdsUntil(now.until);
  return now.running;
}

const runningSales = z.array(runningSale);

/** GET /api/sales/current as the response cache keeps it (also read in-process by the home page). */
export const currentSalesAnswer = (app: FastifyInstance): CachedRoute<RunningSale[]> => ({
  key: cacheKey('sales-current'),
  schema: runningSales,
  load: (scope) => {
    // No product's change touches it: only a broad one (the sales table's trigger sends those).
    scope.shows([]);
    return salesForAnswer(app, scope);
  },
  isPublic: () => true,
});

/** The storefront's public offers: the sales running now, for the home page's banner. */
export const publicSaleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/sales/current',
    {
      schema: {
        tags: ['offers'],
        summary: 'The sales running now (active, started, not ended), the one ending first first',
        response: { 200: runningSales },
      },
    },
    async (request, reply) => sendCached(request, reply, currentSalesAnswer(app)),
  );
};
