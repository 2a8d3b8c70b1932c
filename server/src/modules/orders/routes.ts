import {
  ORDER_PAGE_HEADERS,
  adminOrdersQuery,
  errorReply,
  myOrdersQuery,
  order,
  orderIdParams,
  type Order,
} from '@rr/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { signedInUser } from '../../plugins/auth.ts';
import { actorOf } from '../audit/index.ts';
import {
  allOrders,
  findOrderFor,
  markCashCollected,
  ordersOf,
  SEARCH_PAGES_AHEAD,
  type OrdersPage,
} from './service.ts';

/**
 * A page of orders: SPEC's array as the database wrote it (decision 0025), with the paging totals in
 * headers (decision 0010). Not checked against the route's schema on every request: the tests check the
 * database's JSON against the schema and against the rows it is made from.
 */
const sendPage = (reply: FastifyReply, { json, page, pages, total, capped }: OrdersPage) =>
  reply
    .headers({
      [ORDER_PAGE_HEADERS.total]: String(total),
      [ORDER_PAGE_HEADERS.page]: String(page),
      [ORDER_PAGE_HEADERS.pages]: String(pages),
      ...(capped ? { [ORDER_PAGE_HEADERS.capped]: 'true' } : {}),
    })
    .type('application/json; charset=utf-8')
    .send(json);

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
        summary: 'The signed-in customer’s orders, newest first: a page of `limit` (at most 100, the default)',
        description: 'Paging totals are in the response headers X-Total-Count, X-Page and X-Pages (decision 0010).',
        security: bearer,
        querystring: myOrdersQuery,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await ordersOf(app.db, signedInUser(request).id, request.query)),
  );

  app.get(
    '/api/orders',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, as SPEC’s list: a page of `limit` (at most 100, the default) (admin)',
        description: `Paging totals are in the response headers X-Total-Count (orders in all), X-Page and X-Pages (decision 0010). A search counts its matches up to ${SEARCH_PAGES_AHEAD} pages past the page asked for (more as the admin pages on); X-Total-Capped: true says it found more.`,
        security: bearer,
        querystring: adminOrdersQuery,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await allOrders(app.db, request.query)),
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

  app.put(
    '/api/orders/:id/pay',
    {
      onRequest: app.requirePermission('refunds'),
      schema: {
        tags: ['admin'],
        summary: 'Mark a Cash on Delivery order paid when the cash is collected (admin)',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request): Promise<Order> => markCashCollected(app.db, request.params.id, actorOf(request)),
  );
};
