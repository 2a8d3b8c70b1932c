import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorReply, messageReply } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { RAZORPAY_CHECKOUT_SCRIPT, type PaymentGateway } from '../../adapters/payments/index.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { paySandboxOrder, releaseOnlinePayment } from './service.ts';

const SANDBOX_CHECKOUT = readFileSync(path.join(import.meta.dirname, 'sandbox-checkout.js'), 'utf8');
const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 502: errorReply };
const bearer = [{ bearerAuth: [] }];

export const paymentRoutes: FastifyPluginAsync<{ gateway: PaymentGateway }> = async (fastify, { gateway }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.payments;

  app.get(
    '/api/config/razorpay',
    {
      schema: {
        tags: ['payments'],
        summary: 'The Razorpay key id the browser opens the checkout with',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(gateway.keyId),
  );

  app.get(
    '/api/payments/checkout.js',
    {
      schema: {
        tags: ['payments'],
        summary: 'Razorpay’s checkout script (a redirect), or the sandbox’s stand-in',
        hide: false,
      },
    },
    async (_request, reply) => {
      if (gateway.name === 'razorpay') return reply.redirect(RAZORPAY_CHECKOUT_SCRIPT, 302);
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SANDBOX_CHECKOUT);
    },
  );

  app.post(
    '/api/payments/razorpay/order/:orderId/release',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'The checkout was closed or failed: give the held stock back now',
        security: bearer,
        params: z.object({ orderId: z.string().check(z.maxLength(64)) }),
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await releaseOnlinePayment(app.db, signedInUser(request), request.params.orderId);
      return { message: 'The items are no longer held for this payment.' };
    },
  );

  if (gateway.name === 'sandbox' && (app.config.env !== 'production' || app.config.allowInsecureDefaults)) {
    app.post(
      '/api/payments/sandbox/pay',
      {
        schema: {
          tags: ['payments'],
          summary: 'Sandbox only: pay a pending order and get the signed result the checkout hands the browser',
          body: z.object({ razorpay_order_id: z.string().check(z.maxLength(64)) }),
          response: {
            200: z.object({
              razorpay_order_id: z.string(),
              razorpay_payment_id: z.string(),
              razorpay_signature: z.string(),
            }),
            404: errorReply,
          },
        },
      },
      async (request) => paySandboxOrder(app.db, settings.keySecret, request.body.razorpay_order_id),
    );
  }
};
