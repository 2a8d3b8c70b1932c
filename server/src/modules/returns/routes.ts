import {
  errorReply,
  orderIdParams,
  orderReturn,
  returnability,
  returnActionInput,
  returnRequestInput,
  returnsQuery,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { CourierService } from '../../adapters/courier/index.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actorOf } from '../audit/index.ts';
import { fulfilmentContextOf, type FulfilmentContext } from '../fulfilment/index.ts';
import { moveReturn } from './moves.ts';
import { listReturns, openReturn, returnability as returnabilityOf, returnsOfOrder } from './service.ts';
import type { ZodApp } from '../../zod-app.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

/** Issue 28: customers' returns and replacements, and the owner's handling of them (decision 0043). */
export const returnRoutes: FastifyPluginAsync<{
  gateway: PaymentGateway;
  pincodes: PincodeDirectory;
  courier: CourierService | null;
}> = async (fastify, { gateway, pincodes, courier }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = fulfilmentContextOf(app, { gateway, pincodes, courier });

  app.get(
    '/api/orders/:id/returnability',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Whether the order may be returned now (refusal null) and how many units of each line: within 7 days of delivery, made-to-order and energised items excepted',
        security: bearer,
        params: orderIdParams,
        response: { 200: returnability, ...errors },
      },
    },
    async (request) => returnabilityOf(app.db, signedInUser(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Ask to return (or replace) units of a delivered order, with a reason and photos or an unboxing video link; 409 RETURN_NOT_ALLOWED outside the window or for items that cannot be returned. Staff with returns.open open it for the order’s customer (support, for a customer who asked by phone)',
        security: bearer,
        params: orderIdParams,
        body: returnRequestInput,
        response: { 201: orderReturn, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = signedInUser(request);
      const ret = await openReturn(app.db, ctx.messages, viewer, actorOf(request), request.params.id, request.body);
      return reply.code(201).send(ret);
    },
  );

  app.get(
    '/api/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'The returns of an order, for its customer or an admin',
        security: bearer,
        params: orderIdParams,
        response: { 200: z.array(orderReturn), ...errors },
      },
    },
    async (request) => returnsOfOrder(app.db, signedInUser(request), request.params.id),
  );

  ownerRoutes(app, ctx);
};

/** The owner's list of returns, and the moves of a return (the customer's reply too). */
function ownerRoutes(app: ZodApp, ctx: FulfilmentContext): void {
  app.get(
    '/api/returns',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags: ['admin'],
        summary: 'Returns, open ones first, newest first (at most 200); by status or order (admin)',
        security: bearer,
        querystring: returnsQuery,
        response: { 200: z.array(orderReturn), ...errors },
      },
    },
    async (request) => listReturns(app.db, request.query),
  );

  app.put(
    '/api/returns/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Move a return. Admin: approve (books the reverse pickup, or records courier + trackingNumber), reject (note), more_info (note), received, refund (method), credit (store credit), replace (courier + trackingNumber of the replacement). The customer: reply (note, photos) to more_info',
        security: bearer,
        params: z.object({ id: z.string() }),
        body: returnActionInput,
        response: { 200: orderReturn, ...errors, 422: errorReply, 503: errorReply },
      },
    },
    async (request) => moveReturn(ctx, signedInUser(request), actorOf(request), request.params.id, request.body),
  );
}
