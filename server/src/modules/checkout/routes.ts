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
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { verifyCheckoutPayment } from '../payments/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { confirmationCodeKey, confirmOrder, resendConfirmationCode } from './confirmation.ts';
import { idempotentRequest } from './idempotency.ts';
import { confirmWebhookPayment, placeOrder, quoteCart, startOnlinePayment } from './service.ts';
import { messageSettings } from '../messages/index.ts';

const bearer = [{ bearerAuth: [] }];

const placingErrors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  422: errorReply,
};

/** The routes that price carts, hold stock for a payment and place orders. */
export const checkoutRoutes: FastifyPluginAsync<{ gateway: PaymentGateway; sms: SmsSender }> = async (
  fastify,
  { gateway, sms },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.payments;
  const messages = messageSettings(app.config);
  const confirmations = { sms, codeKey: confirmationCodeKey(app.config.jwt.secret), log: app.log };

  app.post(
    '/api/orders',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order: Cash on Delivery priced from the catalog with stock taken in the same transaction, or a verified Razorpay payment (a replay returns the same order)',
        security: bearer,
        headers: idempotencyHeaders,
        body: placeOrderBody,
        response: { 200: order, 201: order, ...placingErrors },
      },
    },
    async (request, reply) => {
      const { orderItems, shippingAddress, paymentMethod, expectedTotal } = request.body;
      const customer = signedInUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const limits = app.config.orderLimits;
      // Online: the order is made from what the server priced and held, once the payment is verified.
      const placed = await placeOrder(
        app.db,
        paymentMethod === ONLINE_PAYMENT_METHOD
          ? { payment: await verifyCheckoutPayment(app.db, settings.keySecret, customer, request.body) }
          : { customer, orderItems, shippingAddress, limits, confirmations, expectedTotal },
        messages,
        idempotentRequest(customer.id, 'order', key, request.body),
      );
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

  app.post(
    '/api/orders/quote',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'What a cart costs today, priced by the server (nothing is held or placed)',
        body: quoteBody,
        response: { 200: cartQuote, 400: errorReply },
      },
    },
    async (request) => quoteCart(app.db, request.body, app.config.orderLimits, app.config.seller.state),
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
        headers: idempotencyHeaders,
        body: createPaymentBody,
        response: {
          201: paymentOrder,
          400: errorReply,
          401: errorReply,
          404: errorReply,
          409: errorReply,
          422: errorReply,
          502: errorReply,
        },
      },
    },
    async (request, reply) => {
      const customer = signedInUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const idempotency = idempotentRequest(customer.id, 'payment', key, request.body);
      return reply
        .code(201)
        .send(
          await startOnlinePayment(
            app.db,
            gateway,
            settings,
            app.config.orderLimits,
            customer,
            request.body,
            idempotency,
          ),
        );
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
