import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { SandboxMailSender } from '../../adapters/mail/index.ts';

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
