import { categoryGst, categoryList, categoryParams, categoryUpdate, errorReply } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/index.ts';
import { listCategories, updateCategory } from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

export const categoryRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The categories with their HSN code and GST rate (percent)',
        response: { 200: categoryList },
      },
    },
    async () => listCategories(app.db),
  );

  app.put(
    '/api/categories/:slug',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: "Change a category's HSN code or GST rate; placed orders keep theirs (admin)",
        security: [{ bearerAuth: [] }],
        params: categoryParams,
        body: categoryUpdate,
        response: { 200: categoryGst, ...errors },
      },
    },
    async (request) => updateCategory(app.db, request.params.slug, request.body, actorOf(request)),
  );
};
