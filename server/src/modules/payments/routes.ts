import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPaymentBody, errorReply, messageReply, paymentOrder } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  RAZORPAY_CHECKOUT_SCRIPT,
  isValidWebhookSignature,
  paymentSignature,
  sandboxId,
  type PaymentGateway,
} from '../../adapters/payments/index.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { confirmWebhookPayment, findPayableHold, releaseOnlinePayment, startOnlinePayment } from './service.ts';
import { refundWebhook } from '../fulfilment/index.ts';

const SANDBOX_CHECKOUT = readFileSync(path.join(import.meta.dirname, 'sandbox-checkout.js'), 'utf8');
const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 502: errorReply };
const bearer = [{ bearerAuth: [] }];

interface RazorpayWebhook {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string } };
  };
}

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
    '/api/payments/razorpay/order',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Price the cart with the online discount, hold its stock and create the Razorpay order',
        security: bearer,
        body: createPaymentBody,
        response: { 201: paymentOrder, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await startOnlinePayment(
            app.db,
            gateway,
            settings,
            app.config.orderLimits,
            signedInUser(request),
            request.body,
          ),
        ),
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

  // The webhook's signature covers the exact bytes Razorpay sent, so this route keeps the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/razorpay/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Razorpay webhook (order.paid, payment.captured, refund.processed, refund.failed), signed with the webhook secret',
        },
      },
      async (request, reply) => {
        const raw = request.body;
        const signature = request.headers['x-razorpay-signature'];
        if (
          !Buffer.isBuffer(raw) ||
          typeof signature !== 'string' ||
          !isValidWebhookSignature(settings.webhookSecret, raw, signature)
        ) {
          throw new HttpError(400, 'Invalid webhook signature');
        }
        let event: RazorpayWebhook;
        try {
          event = JSON.parse(raw.toString('utf8')) as RazorpayWebhook;
        } catch {
          throw new HttpError(400, 'The webhook body is not JSON');
        }
        const eventId = request.headers['x-razorpay-event-id'];
        if (typeof eventId === 'string' && eventId) {
          const seen = await app.db
            .select({ id: webhookEvents.id })
            .from(webhookEvents)
            .where(eq(webhookEvents.id, eventId));
          if (seen.length) return reply.send({ status: 'duplicate' });
        }
        let outcome = 'ignored';
        const payment = event.payload?.payment?.entity;
        if ((event.event === 'order.paid' || event.event === 'payment.captured') && payment?.id && payment.order_id) {
          outcome = await confirmWebhookPayment(app.db, {
            orderId: payment.order_id,
            paymentId: payment.id,
            amountPaise: Number(payment.amount),
          });
        }
        const refund = event.payload?.refund?.entity;
        if (
          (event.event === 'refund.processed' || event.event === 'refund.failed') &&
          refund?.id &&
          refund.payment_id
        ) {
          await refundWebhook(
            {
              db: app.db,
              gateway,
              messages: { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail },
              log: request.log,
            },
            {
              id: refund.id,
              payment_id: refund.payment_id,
              status: event.event === 'refund.processed' ? 'processed' : 'failed',
            },
          );
          outcome = 'refund recorded';
        }
        if (typeof eventId === 'string' && eventId) {
          await app.db
            .insert(webhookEvents)
            .values({ id: eventId, event: event.event ?? 'unknown' })
            .onConflictDoNothing();
        }
        request.log.info({ event: event.event, eventId, outcome }, 'razorpay webhook');
        return reply.send({ status: outcome });
      },
    );
  });

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
      async (request) => {
        const orderId = request.body.razorpay_order_id;
        if (!(await findPayableHold(app.db, orderId)))
          throw new HttpError(404, 'No payment is waiting for this order.');
        const paymentId = sandboxId('pay');
        return {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(settings.keySecret, orderId, paymentId),
        };
      },
    );
  }
};
