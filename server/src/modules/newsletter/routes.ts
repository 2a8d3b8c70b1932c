import { MESSAGES, errorReply, newsletterSubscription } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscribe } from './service.ts';

export const newsletterRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to the newsletter (idempotent)',
        body: newsletterSubscription,
        response: { 200: z.object({ message: z.string() }), 201: z.object({ message: z.string() }), 400: errorReply },
      },
    },
    async (request, reply) => {
      const isNew = await subscribe(app.db, request.body.email);
      return reply.code(isNew ? 201 : 200).send({ message: MESSAGES.newsletterThanks });
    },
  );
};
