import {
  ONLINE_PAYMENT_METHOD,
  ORDER_PAGE_HEADERS,
  adminOrdersQuery,
  errorReply,
  order,
  orderIdParams,
  placeOrderBody,
  quoteBody,
  cartQuote,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  allOrders,
  cancelOrder,
  findOrderFor,
  markCashCollected,
  markDelivered,
  findOrder,
  ordersOf,
  placeCashOnDeliveryOrder,
  quoteCart,
} from './service.ts';
import { confirmCheckoutPayment } from '../payments/service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

export const orderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
        body: placeOrderBody,
        response: { 200: order, 201: order, ...errors },
      },
    },
    async (request, reply) => {
      const { orderItems, shippingAddress, paymentMethod } = request.body;
      const customer = signedInUser(request);
      if (paymentMethod !== ONLINE_PAYMENT_METHOD) {
        return reply
          .code(201)
          .send(
            await placeCashOnDeliveryOrder(app.db, customer, { orderItems, shippingAddress }, app.config.orderLimits),
          );
      }
      // Online: the order is made from what the server priced and held, once the payment is verified.
      const {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      } = request.body;
      if (!orderId || !paymentId || !signature) {
        throw new HttpError(
          400,
          'An online payment needs razorpay_order_id, razorpay_payment_id and razorpay_signature.',
        );
      }
      const confirmed = await confirmCheckoutPayment(app.db, app.config.payments.keySecret, customer, {
        orderId,
        paymentId,
        signature,
      });
      return reply.code(confirmed.created ? 201 : 200).send((await findOrder(app.db, confirmed.orderId))!);
    },
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
    async (request) => quoteCart(app.db, request.body.orderItems, request.body.paymentMethod, app.config.orderLimits),
  );

  app.get(
    '/api/orders/myorders',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'The signed-in customer’s orders, newest first',
        security: bearer,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request) => ordersOf(app.db, signedInUser(request).id),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, as SPEC’s list: a page of `limit` (at most 100, the default) (admin)',
        description:
          'Paging totals are in the response headers X-Total-Count (orders in all), X-Page and X-Pages (decision 0010).',
        security: bearer,
        querystring: adminOrdersQuery,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request, reply) => {
      const { orders, page, pages, total } = await allOrders(app.db, request.query);
      return reply
        .headers({
          [ORDER_PAGE_HEADERS.total]: String(total),
          [ORDER_PAGE_HEADERS.page]: String(page),
          [ORDER_PAGE_HEADERS.pages]: String(pages),
        })
        .send(orders);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'One order, for its customer or an admin (404 for anyone else)',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => findOrderFor(app.db, signedInUser(request), request.params.id),
  );

  const adminChange = (path: string, summary: string, change: typeof markDelivered) =>
    app.put(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary,
          security: bearer,
          params: orderIdParams,
          response: { 200: order, ...errors },
        },
      },
      async (request) => change(app.db, request.params.id),
    );
  adminChange('/api/orders/:id/deliver', 'Mark an order delivered, once (admin)', markDelivered);
  adminChange(
    '/api/orders/:id/pay',
    'Mark a Cash on Delivery order paid when the cash is collected (admin)',
    markCashCollected,
  );
  adminChange('/api/orders/:id/cancel', 'Cancel an undelivered order and put its stock back (admin)', cancelOrder);
};
