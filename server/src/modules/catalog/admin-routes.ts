import { errorReply, messageReply, product, productIdParams, productUpdate } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/index.ts';
import { createDraftProduct, deleteProduct, updateProduct } from './admin-service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

export const catalogAdminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/products',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: 'Create a draft product to edit (admin)',
        security: bearer,
        response: { 201: product, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createDraftProduct(app.db, actorOf(request))),
  );

  app.put(
    '/api/products/:id',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: 'Update a product (admin)',
        security: bearer,
        params: productIdParams,
        body: productUpdate,
        response: { 200: product, ...errors },
      },
    },
    async (request) =>
      updateProduct(app.db, request.params.id, request.body, {
        actor: actorOf(request),
        shopUrl: app.config.publicUrl,
      }),
  );

  app.delete(
    '/api/products/:id',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: 'Delete a product; past orders keep their lines (admin)',
        security: bearer,
        params: productIdParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteProduct(app.db, request.params.id, actorOf(request));
      return { message: 'Product removed' };
    },
  );
};
