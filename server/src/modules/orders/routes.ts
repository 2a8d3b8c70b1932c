import {
  ORDER_PAGE_HEADERS,
  adminOrdersQuery,
  deliverOrderBody,
  errorReply,
  gstReportQuery,
  myOrdersQuery,
  order,
  orderIdParams,
  shipOrderBody,
  type Order,
} from '@rr/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { sendCsv } from '../../csv.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { gstReportLines, renderOrderDocument, retryRefund } from '../fulfilment/index.ts';
import { messageSettings } from '../messages/index.ts';
import { cancelOrder, markDelivered, shipOrder, type FulfilmentContext } from './fulfilment.ts';
import {
  allOrders,
  findOrder,
  findOrderFor,
  markCashCollected,
  orderRowFor,
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

export const orderRoutes: FastifyPluginAsync<{ gateway: PaymentGateway; pincodes: PincodeDirectory }> = async (
  fastify,
  { gateway, pincodes },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fulfilment: FulfilmentContext = {
    db: app.db,
    seller: app.config.seller,
    pincodes,
    messages: messageSettings(app.config),
    gateway,
    log: app.log,
  };

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
      onRequest: app.requireAdmin,
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

  const adminChange = (path: string, summary: string, change: (id: string, adminId: string) => Promise<Order>) =>
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
      async (request) => change(request.params.id, signedInUser(request).id),
    );
  adminChange('/api/orders/:id/pay', 'Mark a Cash on Delivery order paid when the cash is collected (admin)', (id) =>
    markCashCollected(app.db, id),
  );
  adminChange(
    '/api/orders/:id/cancel',
    'Cancel an order not yet shipped: stock back, a refund if it was paid online; 409 once it is shipped (admin)',
    (id, adminId) => cancelOrder(fulfilment, id, adminId),
  );

  app.put(
    '/api/orders/:id/deliver',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Mark an order delivered, once; a never-shipped order was handed over. `cashCollected` also marks a Cash on Delivery order paid (admin)',
        security: bearer,
        params: orderIdParams,
        body: deliverOrderBody,
        response: { 200: order, ...errors },
      },
    },
    async (request) => markDelivered(fulfilment, request.params.id, request.body ?? {}),
  );

  app.put(
    '/api/orders/:id/ship',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Ship an order: the courier and tracking number (AWB); issues the GST tax invoice and tells the customer. Again: corrects the shipment (admin)',
        security: bearer,
        params: orderIdParams,
        body: shipOrderBody,
        response: { 200: order, ...errors },
      },
    },
    async (request) => shipOrder(fulfilment, request.params.id, request.body),
  );

  app.post(
    '/api/orders/:id/refund',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Retry the failed refund of a cancelled online order (admin)',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => {
      await retryRefund(fulfilment, request.params.id);
      return (await findOrder(app.db, request.params.id))!;
    },
  );

  for (const kind of ['invoice', 'credit-note'] as const) {
    app.get(
      `/api/orders/:id/${kind}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['orders'],
          summary:
            kind === 'invoice'
              ? 'The GST tax invoice (PDF) of a shipped order, for its customer or an admin (409 before it ships)'
              : 'The credit note (PDF) of a cancelled invoiced order, for its customer or an admin',
          security: bearer,
          params: orderIdParams,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const row = await orderRowFor(app.db, signedInUser(request), request.params.id);
        const { filename, pdf } = await renderOrderDocument(app.db, row, kind);
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
      },
    );
  }

  app.get(
    '/api/admin/gst-report',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'The GST sales register of a month (CSV): each tax invoice and credit note issued in it, with taxable value, CGST, SGST, IGST and total (admin)',
        security: bearer,
        querystring: gstReportQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, `gst-sales-${request.query.month}.csv`, gstReportLines(app.db, request.query.month)),
  );
};
