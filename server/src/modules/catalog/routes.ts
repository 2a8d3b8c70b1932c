import {
  errorReply,
  product,
  productFacets,
  productIdParams,
  productList,
  productListQuery,
  productSuggestions,
  productSummary,
  suggestQuery,
} from '@rr/core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../plugins/response-cache.ts';
import { shownSales } from '../offers/index.ts';
import { catalogAnswers } from './cached-reads.ts';
import { listWithSales, type ListWithoutSales } from './sale-prices.ts';
import { listProducts } from './service.ts';

const summaries = z.array(productSummary);

/** A listing read fresh (an admin's, with drafts) with the sales running now. */
const withRunningSales = async (app: FastifyInstance, list: ListWithoutSales) =>
  listWithSales(list, (await shownSales(app).now()).running);

/**
 * The public catalog. Answers come from the response cache (dropped on any catalog change, see
 * plugins/response-cache.ts) as ready bytes with an ETag; the schemas below still describe them in
 * OpenAPI and check each answer once, when it is read from the database.
 */
export const catalogRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products by keyword and category, paged',
        querystring: productListQuery,
        response: { 200: productList, 400: errorReply },
      },
    },
    async (request, reply) => {
      if (request.query.drafts) {
        // Drafts are for admins: read fresh, never kept here or by anyone on the way (requirePermission says so).
        await app.requirePermission('catalog')(request, reply);
        return withRunningSales(app, await listProducts(app.db, request.query));
      }
      return sendCached(request, reply, catalogAnswers.list(app, request.query));
    },
  );

  app.get(
    '/api/products/facets',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "Counts for a filter panel: the list's query, each filter counted with the others applied (published products)",
        querystring: productListQuery,
        response: { 200: productFacets, 400: errorReply },
      },
    },
    async (request, reply) => sendCached(request, reply, catalogAnswers.facets(app, request.query)),
  );

  app.get(
    '/api/products/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Products and categories for search text being typed (a long text is cut, not refused)',
        querystring: suggestQuery,
        response: { 200: productSuggestions, 400: errorReply },
      },
    },
    async (request, reply) => sendCached(request, reply, catalogAnswers.suggest(app, request.query.q)),
  );

  app.get(
    '/api/products/bestsellers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The five best-selling products',
        response: { 200: summaries },
      },
    },
    async (request, reply) => sendCached(request, reply, catalogAnswers.bestSellers(app)),
  );

  app.get(
    '/api/products/top',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The top-rated products: highest rating, then most reviews (published, in stock or not)',
        response: { 200: summaries },
      },
    },
    async (request, reply) => sendCached(request, reply, catalogAnswers.topRated(app)),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'One product with its reviews; a draft opens by its id for anyone (unlisted, not orderable, not reviewable)',
        params: productIdParams,
        response: { 200: product, 404: errorReply },
      },
    },
    // PRODUCT.md "The contract": SPEC's edit screen reads a new draft without a token.
    async (request, reply) => sendCached(request, reply, catalogAnswers.product(app, request.params.id)),
  );
};
