import { errorCodes, errorReply, maskPhone, productIdParams, stockAlertBody, stockAlertReply } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-error.ts';
import { askForStockAlert } from './alerts.ts';

/** Issue 14: "Notify me when back in stock", for signed-in customers and for guests by phone. */
export const stockAlertRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/products/:id/stock-alert',
    {
      // An anonymous write, limited per client like the newsletter.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['products'],
        summary:
          'Ask for one SMS (and e-mail) when an out-of-stock product is back: a signed-in customer on their phone, a guest on the phone given (idempotent)',
        security: [{}, { bearerAuth: [] }],
        params: productIdParams,
        body: stockAlertBody,
        response: { 200: stockAlertReply, 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      // A token is optional here; one that is sent must be valid (a stale one answers 401 as anywhere).
      if (request.headers.authorization) await app.authenticate(request, reply);
      const phone = request.user?.phone ?? request.body.phone;
      if (!phone)
        throw new DomainError('invalid_data', errorCodes.phoneRequired, 'phone is required: the number to text');
      const name = await askForStockAlert(app.db, request.params.id, {
        userId: request.user?.id ?? null,
        phone,
        publicUrl: app.config.publicUrl,
      });
      return { message: `We will text ${maskPhone(phone)} once when ${name} is back in stock.` };
    },
  );
};
