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
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productFacets as facetsOf, suggest } from './listing.ts';
import { bestSellers, getProduct, listProducts, topRated } from './service.ts';

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
      if (request.query.drafts) await app.requireAdmin(request, reply);
      return listProducts(app.db, request.query);
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
    async (request) => facetsOf(app.db, { ...request.query, drafts: undefined }),
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
    async (request) => suggest(app.db, request.query.q),
  );

  app.get(
    '/api/products/bestsellers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The five best-selling products',
        response: { 200: z.array(productSummary) },
      },
    },
    () => bestSellers(app.db),
  );

  app.get(
    '/api/products/top',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The top-rated products: highest rating, then most reviews (published, in stock or not)',
        response: { 200: z.array(productSummary) },
      },
    },
    () => topRated(app.db),
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
    async (request) => getProduct(app.db, request.params.id),
  );
};
