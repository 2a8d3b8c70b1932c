import {
  deliverOrderBody,
  errorReply,
  gstReportQuery,
  order,
  orderIdParams,
  partialRefundInput,
  shipOrderBody,
  type Order,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { SandboxCourier, type CourierService } from '../../adapters/courier/index.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { sendCsv } from '../../csv.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actorOf } from '../audit/index.ts';
import { findOrder, orderRowFor } from '../orders/index.ts';
import { gstReportLines } from './gst-report.ts';
import { renderOrderDocument, renderRefundCreditNote } from './invoices.ts';
import { refundItems, retryPartialRefund } from './partial-refunds.ts';
import { shippingLabelOf } from './booking.ts';
import { courierDevRoutes, courierWebhookRoutes } from './courier-routes.ts';
import { fulfilmentContextOf } from './context.ts';
import { cancelOrder, markDelivered, shipOrder, type FulfilmentContext } from './order-changes.ts';
import { retryRefund } from './refunds.ts';
import type { ZodApp } from '../../zod-app.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];
const refundParams = z.object({ id: z.string(), refundId: z.string() });

/** Dispatch, delivery, cancellation and refunds of orders, and their GST documents. */
export const fulfilmentRoutes: FastifyPluginAsync<{
  gateway: PaymentGateway;
  pincodes: PincodeDirectory;
  /** Issue 27: the courier aggregator (null: none, ship by hand). */
  courier: CourierService | null;
  /** Issue 28: the returns' reverse pickups, whose tracking events come on the same webhook. */
  otherParcels?: FulfilmentContext['otherParcels'];
}> = async (fastify, { gateway, pincodes, courier, otherParcels }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fulfilment = fulfilmentContextOf(app, { gateway, pincodes, courier, otherParcels });

  orderChangeRoutes(app, fulfilment);
  refundRoutes(app, fulfilment);
  documentRoutes(app);
  labelRoute(app, fulfilment);
  if (courier) await courierWebhookRoutes(app, fulfilment);
  // The demo's and the e2e tests' stand-in for the courier's calls: never in production.
  if (courier instanceof SandboxCourier && app.config.env !== 'production') courierDevRoutes(app, fulfilment);
};

/** Issue 27: the booked parcel's label (admin). */
function labelRoute(app: ZodApp, fulfilment: FulfilmentContext): void {
  app.get(
    '/api/orders/:id/label',
    {
      onRequest: app.requirePermission('orders.ship'),
      schema: {
        tags: ['admin'],
        summary:
          'The shipping label (PDF) of a parcel booked with the courier service; 404 NO_LABEL when the order was not booked (admin)',
        security: bearer,
        params: orderIdParams,
        response: { 200: z.any(), ...errors, 503: errorReply },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await shippingLabelOf(fulfilment, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );
}

/** The admin's changes of an order's state: cancel, deliver, ship, retry a refund. */
function orderChangeRoutes(app: ZodApp, fulfilment: FulfilmentContext): void {
  app.put(
    '/api/orders/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order not yet shipped (the customer their own, an admin any): stock back, what was paid online refunded, store credit spent given back; 409 once it is shipped',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request): Promise<Order> =>
      cancelOrder(fulfilment, request.params.id, signedInUser(request), actorOf(request)),
  );

  app.put(
    '/api/orders/:id/deliver',
    {
      onRequest: app.requirePermission('orders.ship'),
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
    async (request) => markDelivered(fulfilment, request.params.id, request.body ?? {}, actorOf(request)),
  );

  app.put(
    '/api/orders/:id/ship',
    {
      onRequest: app.requirePermission('orders.ship'),
      schema: {
        tags: ['admin'],
        summary:
          'Ship an order: the courier and tracking number (AWB), or neither to book the parcel with the courier service (503 COURIER_UNAVAILABLE when it does not answer, 422 when it refuses); issues the GST tax invoice and tells the customer. Again: corrects the shipment (admin)',
        security: bearer,
        params: orderIdParams,
        body: shipOrderBody,
        response: { 200: order, ...errors, 422: errorReply, 503: errorReply },
      },
    },
    async (request) => shipOrder(fulfilment, request.params.id, request.body, actorOf(request)),
  );
}

/** Issue 28: partial refunds (and the retry of a cancellation's refund). */
function refundRoutes(app: ZodApp, fulfilment: FulfilmentContext): void {
  app.post(
    '/api/orders/:id/refund',
    {
      onRequest: app.requirePermission('refunds'),
      schema: {
        tags: ['admin'],
        summary:
          'With `lines`: a partial refund of those lines and units, each with its share of the discounts and of the shipping, a credit note when invoiced; a prepaid order back to the card/UPI (or `method: store_credit`), a COD order as store credit or a recorded bank/UPI transfer (`method: transfer`, `transferReference`). Without a body: retry the failed refund of a cancelled online order (admin)',
        security: bearer,
        params: orderIdParams,
        body: z.optional(z.nullable(partialRefundInput)),
        response: { 200: order, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (body) {
        const { lines, method, transferReference } = body;
        return refundItems(fulfilment, request.params.id, lines, { method, transferReference }, actorOf(request));
      }
      await retryRefund(fulfilment, request.params.id, actorOf(request));
      return (await findOrder(app.db, request.params.id))!;
    },
  );

  app.put(
    '/api/orders/:id/refunds/:refundId/retry',
    {
      onRequest: app.requirePermission('refunds'),
      schema: {
        tags: ['admin'],
        summary: 'Retry a failed partial refund through the payment gateway (admin)',
        security: bearer,
        params: refundParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => retryPartialRefund(fulfilment, request.params.id, request.params.refundId, actorOf(request)),
  );
}

/** The GST documents: an order's invoice or credit note (PDF), and the month's register (CSV). */
function documentRoutes(app: ZodApp): void {
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
    '/api/orders/:id/refunds/:refundId/credit-note',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'The credit note (PDF) of a partial refund of an invoiced order, for its customer or an admin (409 when the order was not invoiced when refunded)',
        security: bearer,
        params: refundParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await orderRowFor(app.db, signedInUser(request), request.params.id);
      const { filename, pdf } = await renderRefundCreditNote(app.db, row, request.params.refundId);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  app.get(
    '/api/admin/gst-report',
    {
      onRequest: app.requirePermission('accounts'),
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
}
