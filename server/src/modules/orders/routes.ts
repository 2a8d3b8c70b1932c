import {
  ONLINE_PAYMENT_METHOD,
  ORDER_PAGE_HEADERS,
  adminOrdersQuery,
  errorReply,
  order,
  type Order,
  orderIdParams,
  placeOrderBody,
  quoteBody,
  cartQuote,
  deliverOrderBody,
  gstReportQuery,
  shipOrderBody,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  allOrders,
  findOrderFor,
  markCashCollected,
  findOrder,
  ORDER_NOT_FOUND,
  ordersOf,
  placeCashOnDeliveryOrder,
  quoteCart,
} from './service.ts';
import { confirmCheckoutPayment } from '../payments/service.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { gstReportLines, renderOrderDocument, retryRefund } from '../fulfilment/index.ts';
import { cancelOrder, markDelivered, shipOrder, type FulfilmentContext } from './fulfilment.ts';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { orders as ordersTable } from '../../db/schema/index.ts';

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
    messages: { publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail },
    gateway,
    log: app.log,
  };

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

  const adminChange = (path: string, summary: string, change: (id: string) => Promise<Order>) =>
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
      async (request) => change(request.params.id),
    );
  adminChange('/api/orders/:id/pay', 'Mark a Cash on Delivery order paid when the cash is collected (admin)', (id) =>
    markCashCollected(app.db, id),
  );
  adminChange(
    '/api/orders/:id/cancel',
    'Cancel an undelivered order: stock back, a credit note if it was invoiced, a refund if it was paid online (admin)',
    (id) => cancelOrder(fulfilment, id),
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
      if (!(await findOrder(app.db, request.params.id))) throw new HttpError(404, ORDER_NOT_FOUND);
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
          produces: ['application/pdf'],
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const found = await findOrderFor(app.db, signedInUser(request), request.params.id);
        const [row] = await app.db.select().from(ordersTable).where(eq(ordersTable.id, found._id));
        if (kind === 'invoice' && !row!.invoiceNumber)
          throw new HttpError(409, 'The tax invoice is issued when the order ships.');
        if (kind === 'credit-note' && !row!.creditNoteNumber)
          throw new HttpError(409, 'This order has no credit note: only a cancelled invoiced order has one.');
        const { filename, pdf } = await renderOrderDocument(app.db, row!, kind);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
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
        produces: ['text/csv'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gst-sales-${request.query.month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(gstReportLines(app.db, request.query.month))),
  );
};
