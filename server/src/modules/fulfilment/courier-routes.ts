import { errorCodes, errorReply } from '@rr/core';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { WEBHOOK_TOKEN_HEADER, sandboxTrackingPayload } from '../../adapters/courier/index.ts';
import { shipments } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import type { FulfilmentContext } from './context.ts';
import { trackingWebhook } from './tracking.ts';
import type { ZodApp } from '../../zod-app.ts';

/**
 * Shiprocket's tracking webhook. Its panel refuses callback URLs with "shiprocket" (or "sr", "kr") in
 * them, so the same handler also answers at /api/webhooks/courier, the address to enter there.
 */
export const COURIER_WEBHOOK_PATHS = ['/api/webhooks/shiprocket', '/api/webhooks/courier'] as const;

/** The tracking webhook, keeping the raw body (a body that is not JSON is ignored, with a 200). */
export async function courierWebhookRoutes(app: ZodApp, fulfilment: FulfilmentContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const url of COURIER_WEBHOOK_PATHS) {
      scope.post(
        url,
        {
          schema: {
            tags: ['orders'],
            summary:
              "The courier aggregator's tracking webhook (Shiprocket's payload), with the configured token in x-api-key; 401 without it",
            response: { 401: errorReply },
          },
        },
        async (request, reply) => {
          const outcomes = await trackingWebhook({ ...fulfilment, log: request.log }, request.headers, request.body);
          if (outcomes.length) request.log.info({ outcomes }, 'courier tracking webhook');
          return reply.send({ status: 'ok' });
        },
      );
    }
  });
}

const devEventBody = z.object({
  orderId: z.string({ error: 'orderId is required' }),
  status: z.enum(['in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned'], {
    error: 'status is one of in_transit, out_for_delivery, delivered, delivery_failed, returned',
  }),
  note: z.optional(z.string().check(z.maxLength(200, { error: 'note must be at most 200 characters' }))),
});

/**
 * POST /api/dev/courier/events {orderId, status, note?} (development and tests, sandbox courier only):
 * the webhook call the sandbox courier would make for that order's AWB, run through the webhook's code.
 */
export function courierDevRoutes(app: ZodApp, fulfilment: FulfilmentContext): void {
  app.post(
    '/api/dev/courier/events',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Development only: a sandbox courier tracking event for a booked order (in_transit, out_for_delivery, delivered, delivery_failed, returned), through the webhook',
        body: devEventBody,
        response: {
          200: z.object({ status: z.string(), outcome: z.string(), payload: z.any() }),
          400: errorReply,
          404: errorReply,
        },
      },
    },
    async (request, reply) => {
      const { orderId, status, note } = request.body;
      const [shipment] = /^[0-9a-f-]{36}$/i.test(orderId)
        ? await app.db.select().from(shipments).where(eq(shipments.orderId, orderId))
        : [];
      if (!shipment) {
        throw new DomainError('not_found', errorCodes.noLabel, 'This order has no parcel booked with the courier.');
      }
      const payload = sandboxTrackingPayload(shipment.awb, status, note ?? null, new Date());
      const outcomes = await trackingWebhook(
        { ...fulfilment, log: request.log },
        { [WEBHOOK_TOKEN_HEADER]: fulfilment.courier!.webhookToken },
        payload,
      );
      return reply.send({ status: 'ok', outcome: outcomes[0] ?? 'ignored', payload });
    },
  );
}
