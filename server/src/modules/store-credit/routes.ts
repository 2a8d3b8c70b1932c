import {
  errorCodes,
  errorReply,
  storeCreditAnswer,
  storeCreditGrantInput,
  toPaise,
  userIdParams,
  UUID_PATTERN,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actorOf, recordAudit } from '../audit/index.ts';
import { changeStoreCredit, storeCreditOf } from './ledger.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const bearer = [{ bearerAuth: [] }];

function customerId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw new DomainError('not_found', errorCodes.userNotFound, 'User not found');
  return id;
}

/** Issue 28: store credit, the customer's balance and ledger; the owner grants or takes it back. */
export const storeCreditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/users/store-credit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in customer’s store credit: balance and the newest 100 ledger entries',
        security: bearer,
        response: { 200: storeCreditAnswer, ...errors },
      },
    },
    async (request) => storeCreditOf(app.db, signedInUser(request).id),
  );
  app.get(
    '/api/admin/users/:id/store-credit',
    {
      onRequest: app.requirePermission('customers.read'),
      schema: {
        tags: ['admin'],
        summary: 'A customer’s store credit: balance and ledger (admin)',
        security: bearer,
        params: userIdParams,
        response: { 200: storeCreditAnswer, ...errors },
      },
    },
    async (request) => storeCreditOf(app.db, customerId(request.params.id)),
  );
  app.post(
    '/api/admin/users/:id/store-credit',
    {
      onRequest: app.requirePermission('refunds'),
      schema: {
        tags: ['admin'],
        summary:
          'Grant store credit to a customer (a negative amount takes it back, never below 0: 409 STORE_CREDIT_SHORT), with the reason the customer reads (admin)',
        security: bearer,
        params: userIdParams,
        body: storeCreditGrantInput,
        response: { 200: storeCreditAnswer, ...errors },
      },
    },
    async (request) => {
      const userId = customerId(request.params.id);
      const actor = actorOf(request);
      return app.db.transaction(async (tx) => {
        // Unknown customers are a 404, not a "short" credit.
        const before = await storeCreditOf(tx, userId);
        await changeStoreCredit(tx, {
          userId,
          amountPaise: toPaise(request.body.amount),
          kind: 'owner',
          note: request.body.note,
          createdBy: actor.id,
        });
        const after = await storeCreditOf(tx, userId);
        // Issue 29: the balance before and after, with the amount and the reason the customer reads.
        await recordAudit(tx, actor, {
          action: 'user.store_credit',
          entity: 'user',
          entityId: userId,
          before: { storeCredit: before.balance },
          after: { storeCredit: after.balance, amount: request.body.amount, note: request.body.note },
        });
        return after;
      });
    },
  );
};
