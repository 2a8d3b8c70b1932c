import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { SandboxMailSender } from '../../adapters/mail/index.ts';
import type { SandboxWhatsapp } from '../../adapters/whatsapp/index.ts';

/** Development and tests only: the e-mails the sandbox sender kept, to read order messages offline. */
export const mailOutboxRoutes: FastifyPluginAsync<{ sandbox: SandboxMailSender }> = async (fastify, { sandbox }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/mail-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'E-mails the sandbox mail sender kept, newest first (not in production)',
        querystring: z.object({ to: z.optional(z.string().check(z.maxLength(254))) }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.nullable(z.string()),
                sentAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ messages: sandbox.outbox(request.query.to) }),
  );
};

/** Development and tests only (issue 27): the WhatsApp messages the sandbox sender kept. */
export const whatsappOutboxRoutes: FastifyPluginAsync<{ sandbox: SandboxWhatsapp }> = async (fastify, { sandbox }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/whatsapp-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'WhatsApp messages the sandbox sender kept, newest first (not in production)',
        querystring: z.object({ phone: z.optional(z.string().check(z.maxLength(20))) }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                phone: z.string(),
                kind: z.string(),
                template: z.string(),
                variables: z.array(z.string()),
                buttonPayload: z.nullable(z.string()),
                text: z.string(),
                sentAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ messages: sandbox.outbox(request.query.phone) }),
  );
};
