import { errorReply, orderIdParams, orderMessage, orderMessageList, orderMessageParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/index.ts';
import { listOrderMessages, resendOrderMessage } from './order-messages.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };
const bearer = [{ bearerAuth: [] }];

/** Issue 29: an order's messages to its customer, and sending one again (support). */
export const orderMessageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/orders/:id/messages',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags: ['admin'],
        summary:
          'The order’s messages (SMS, e-mail, WhatsApp; its returns’ too), newest first: kind, channel, masked recipient, status and times (staff)',
        security: bearer,
        params: orderIdParams,
        response: { 200: orderMessageList, ...errors },
      },
    },
    async (request) => listOrderMessages(app.db, request.params.id),
  );
  app.post(
    '/api/orders/:id/messages/:messageId/resend',
    {
      onRequest: app.requirePermission('messages'),
      schema: {
        tags: ['admin'],
        summary:
          'Send one of the order’s messages again: a copy to the same recipient, queued now (201 with the copy); 404 MESSAGE_NOT_FOUND for a message of another order (staff)',
        security: bearer,
        params: orderMessageParams,
        response: { 201: orderMessage, ...errors },
      },
    },
    async (request, reply) => {
      const copy = await resendOrderMessage(app.db, actorOf(request), request.params.id, request.params.messageId);
      return reply.code(201).send(copy);
    },
  );
};
