import { errorCodes, errorReply } from '@rr/core';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buttonPresses,
  indianMobile,
  signatureMatches,
  verifyTokenMatches,
  type ButtonPress,
} from '../../adapters/whatsapp/index.ts';
import type { Database } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { messageSettings, orderOfPayload, type MessageSettings } from '../messages/index.ts';
import { confirmOrderByButton } from './confirmation.ts';

interface ButtonContext {
  db: Database;
  messages: MessageSettings;
  log: FastifyBaseLogger;
}

/**
 * What the shop does with quick-reply button presses: "Confirm order" (a payload naming an order)
 * confirms the order awaiting confirmation, when pressed from its customer's phone; other presses and
 * replays change nothing. The webhook and the sandbox's simulated press both come here.
 */
async function answerButtonPresses(context: ButtonContext, presses: ButtonPress[]): Promise<number> {
  let confirmed = 0;
  for (const press of presses) {
    const orderId = orderOfPayload(press.payload);
    if (!orderId) continue;
    const outcome = await confirmOrderByButton(context.db, context.messages, { phone: press.phone, orderId });
    context.log.info({ orderId, messageId: press.messageId, outcome }, 'WhatsApp "Confirm order" pressed');
    if (outcome === 'confirmed') confirmed += 1;
  }
  return confirmed;
}

const subscription = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * Issue 27: WhatsApp Cloud API webhooks. GET answers Meta's subscription check; POST takes
 * notifications, signed with the app secret over the exact bytes sent (so the raw body is kept).
 */
export const whatsappWebhookRoutes: FastifyPluginAsync<{ appSecret: string; verifyToken: string }> = async (
  fastify,
  { appSecret, verifyToken },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messages = messageSettings(app.config);

  app.get(
    '/api/webhooks/whatsapp',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Meta's subscription check: echoes hub.challenge when hub.verify_token is the shop's",
        querystring: subscription,
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query['hub.mode'] !== 'subscribe' || !verifyTokenMatches(verifyToken, query['hub.verify_token'])) {
        throw new DomainError('forbidden', errorCodes.invalidWebhookSignature, 'Unknown verify token');
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/whatsapp',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'WhatsApp notifications, signed (X-Hub-Signature-256) with the app secret: a "Confirm order" press confirms its order',
          response: { 200: z.object({ confirmed: z.number() }), 401: errorReply, 400: errorReply },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!signatureMatches(appSecret, raw, request.headers['x-hub-signature-256'])) {
          throw new DomainError('unauthorized', errorCodes.invalidWebhookSignature, 'Invalid webhook signature');
        }
        let notification: unknown;
        try {
          notification = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new DomainError('invalid_data', errorCodes.webhookNotJson, 'The webhook body is not JSON');
        }
        const presses = buttonPresses(notification);
        return { confirmed: await answerButtonPresses({ db: app.db, messages, log: request.log }, presses) };
      },
    );
  });
};

/** Development and tests only: a customer's press of a quick-reply button, as the webhook would bring it. */
export const whatsappDevRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const messages = messageSettings(app.config);
  app.post(
    '/api/dev/whatsapp/reply',
    {
      schema: {
        tags: ['development'],
        summary:
          'Simulate a WhatsApp quick-reply press from `phone` (10 digits) with `payload` (the sandbox outbox shows it; not in production)',
        body: z.object({ phone: z.string().max(20), payload: z.string().max(256) }),
        response: { 200: z.object({ confirmed: z.number() }) },
      },
    },
    async (request) => {
      const press: ButtonPress = {
        phone: indianMobile(request.body.phone),
        payload: request.body.payload,
        messageId: `sandbox.${Date.now()}`,
      };
      return { confirmed: await answerButtonPresses({ db: app.db, messages, log: request.log }, [press]) };
    },
  );
};
