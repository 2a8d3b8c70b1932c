import {
  IDEMPOTENCY_KEY_HEADER,
  ONLINE_PAYMENT_METHOD,
  cartQuote,
  confirmOrderBody,
  createPaymentBody,
  errorReply,
  idempotencyHeaders,
  messageReply,
  order,
  orderIdParams,
  paymentOrder,
  placeOrderBody,
  quoteBody,
} from '@rr/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { Deliveries } from '../shipping/index.ts';
import { bearerToken, signedInUser } from '../../plugins/auth.ts';
import { couponGuessGuard, shownSales, type CouponGuessGuard } from '../offers/index.ts';
import { verifyCheckoutPayment } from '../payments/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { confirmationCodeKey, confirmOrder, resendConfirmationCode } from './confirmation.ts';
import { idempotentRequest } from './idempotency.ts';
import { confirmWebhookPayment, placeOrder, quoteCart, recordWhatsappOptIn, startOnlinePayment } from './service.ts';
import { messageSettings } from '../messages/index.ts';

const bearer = [{ bearerAuth: [] }];

const placingErrors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  422: errorReply,
  429: errorReply,
};

/** The user a request's bearer token names, if it carries a valid one (a quote needs no sign-in). */
async function tokenUserId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await app.tokens.verify(token).catch(() => null);
  return claims?.userId ?? null;
}

/** POST /api/orders/quote: what a cart costs today, for anyone (a signed-in customer's code is checked as theirs). */
function registerQuoteRoute(app: FastifyInstance, guarded: CouponGuessGuard, deliveries: Deliveries) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/orders/quote',
    {
      // Prices only: nothing it does changes what any instance keeps (issue 31).
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, writesNothing: true },
      schema: {
        tags: ['orders'],
        summary: 'What a cart costs today, priced by the server (nothing is held or placed)',
        body: quoteBody,
        response: { 200: cartQuote, 400: errorReply, 409: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      // A signed-in customer's code is checked against their own orders too (first order, per customer).
      const customerId = await tokenUserId(app, request);
      return guarded(request, customerId, request.body.couponCode, async () =>
        quoteCart(app.db, request.body, app.config.orderLimits, app.config.seller.state, customerId, deliveries, {
          // The sales the catalog shows, kept in memory (issue 31): a quote prices as the pages do.
          sales: (await shownSales(app).now()).running,
        }),
      );
    },
  );
}

/** The routes that price carts, hold stock for a payment and place orders. */
export const checkoutRoutes: FastifyPluginAsync<{
  gateway: PaymentGateway;
  sms: SmsSender;
  deliveries: Deliveries;
}> = async (fastify, { gateway, sms, deliveries }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.payments;
  const messages = messageSettings(app.config);
  const confirmations = { sms, codeKey: confirmationCodeKey(app.config.jwt.secret), log: app.log };
  const guarded = couponGuessGuard(app, app.config.rateLimits);

  app.post(
    '/api/orders',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order: Cash on Delivery priced from the catalog with stock taken in the same transaction, or a verified Razorpay payment (a replay returns the same order). `useStoreCredit` spends store credit first; with paymentMethod Razorpay and no payment fields, the credit must cover the whole total (409 STORE_CREDIT_SHORT otherwise)',
        security: bearer,
        headers: idempotencyHeaders,
        body: placeOrderBody,
        response: { 200: order, 201: order, ...placingErrors },
      },
    },
    async (request, reply) => {
      const { paymentMethod, couponCode, whatsappOptIn } = request.body;
      const customer = signedInUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const limits = app.config.orderLimits;
      // Issue 28: an online order covered wholly by store credit is placed without the gateway.
      const online =
        paymentMethod === ONLINE_PAYMENT_METHOD && !(request.body.useStoreCredit && !request.body.razorpay_order_id);
      // Online: the order is made from what the server priced and held (its code too), once the payment is verified.
      const placed = await guarded(request, customer.id, online ? undefined : couponCode, async () =>
        placeOrder(
          app.db,
          online
            ? { payment: await verifyCheckoutPayment(app.db, settings.keySecret, customer, request.body) }
            : { ...request.body, customer, limits, confirmations, deliveries },
          messages,
          idempotentRequest(customer.id, 'order', key, request.body),
        ),
      );
      if (online && whatsappOptIn) await recordWhatsappOptIn(app.db, customer.id);
      return reply.code(placed.created ? 201 : 200).send(placed.order);
    },
  );

  app.post(
    '/api/orders/:id/confirm',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary:
          'Confirm a Cash on Delivery order from an unproven phone with the code sent to it by SMS (this proves the phone)',
        security: bearer,
        params: orderIdParams,
        body: confirmOrderBody,
        response: { 200: order, 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request) =>
      confirmOrder(app.db, confirmations, messages, signedInUser(request), request.params.id, request.body.code),
  );

  app.post(
    '/api/orders/:id/confirmation-code',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Send a new code for an order awaiting confirmation (once a minute, a few times an order)',
        security: bearer,
        params: orderIdParams,
        response: {
          200: messageReply,
          401: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          502: errorReply,
        },
      },
    },
    async (request) => ({
      message: await resendConfirmationCode(app.db, confirmations, signedInUser(request), request.params.id),
    }),
  );

  registerQuoteRoute(app, guarded, deliveries);

  app.post(
    '/api/payments/razorpay/order',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Price the cart with the online discount, hold its stock and create the Razorpay order',
        security: bearer,
        headers: idempotencyHeaders,
        body: createPaymentBody,
        response: {
          201: paymentOrder,
          400: errorReply,
          401: errorReply,
          404: errorReply,
          409: errorReply,
          422: errorReply,
          429: errorReply,
          502: errorReply,
        },
      },
    },
    async (request, reply) => {
      const customer = signedInUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const started = await guarded(request, customer.id, request.body.couponCode, () =>
        startOnlinePayment(
          app.db,
          gateway,
          settings,
          app.config.orderLimits,
          customer,
          request.body,
          deliveries,
          app.config.publicUrl,
          idempotentRequest(customer.id, 'payment', key, request.body),
        ),
      );
      return reply.code(201).send(started);
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
        const eventId = request.headers['x-razorpay-event-id'];
        const refunds = { db: app.db, gateway, messages, log: request.log };
        const { status, event } = await confirmWebhookPayment(refunds, settings.webhookSecret, {
          body: request.body,
          signature: request.headers['x-razorpay-signature'],
          eventId,
        });
        if (status !== 'duplicate') request.log.info({ event, eventId, outcome: status }, 'razorpay webhook');
        return reply.send({ status });
      },
    );
  });
};
