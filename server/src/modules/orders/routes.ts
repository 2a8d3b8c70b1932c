import {
  ONLINE_PAYMENT_METHOD,
  errorReply,
  optionalQuery,
  order,
  orderIdParams,
  orderPage,
  placeOrderBody,
  queryInt,
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
  ordersOf,
  placeOrder,
} from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

export const orderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/orders',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Place an order: priced by the server from its catalog, stock taken in the same transaction',
        security: bearer,
        body: placeOrderBody,
        response: { 201: order, ...errors },
      },
    },
    async (request, reply) => {
      const { orderItems, shippingAddress, paymentMethod } = request.body;
      if (paymentMethod === ONLINE_PAYMENT_METHOD) {
        throw new HttpError(400, 'Online payment is not available yet. Please choose Cash on Delivery.');
      }
      const placed = await placeOrder(
        app.db,
        signedInUser(request),
        { orderItems, shippingAddress },
        { paymentMethod },
      );
      return reply.code(201).send(placed);
    },
  );

  app.get(
    '/api/orders/myorders',
    {
      preHandler: app.authenticate,
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
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, 20 a page (admin)',
        security: bearer,
        querystring: z.object({ pageNumber: optionalQuery(queryInt('pageNumber', 1, 100_000)) }),
        response: { 200: orderPage, ...errors },
      },
    },
    async (request) => allOrders(app.db, request.query.pageNumber ?? 1),
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: app.authenticate,
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
        preHandler: app.requireAdmin,
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
