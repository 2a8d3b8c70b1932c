import { errorReply, messageReply, productIdParams, reviewInput } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth.ts';
import type { FileStore } from '../uploads/index.ts';
import { addReview } from './service.ts';

export const reviewRoutes: FastifyPluginAsync<{ files: FileStore }> = async (fastify, { files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/products/:id/reviews',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['catalog'],
        summary:
          'Review a product, once per customer, with up to three photos uploaded through /api/upload/review-photo; marked a verified purchase when they bought it',
        security: [{ bearerAuth: [] }],
        params: productIdParams,
        body: reviewInput,
        response: { 201: messageReply, 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      await addReview(app.db, files, request.params.id, signedInUser(request), request.body);
      return reply.code(201).send({ message: 'Review added' });
    },
  );
};
