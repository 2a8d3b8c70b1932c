import { ORDER_PAGE_HEADERS, adminOrdersQuery, errorReply, order, orderIdParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { signedInUser } from '../../plugins/auth.ts';
import { allOrders, cancelOrder, findOrderFor, markCashCollected, markDelivered, ordersOf } from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

export const orderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
