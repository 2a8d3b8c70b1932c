import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { SandboxSms } from '../../adapters/sms/index.ts';

/** Development and tests only: the sandbox SMS outbox, to sign in with a code without a phone. */
export const devRoutes: FastifyPluginAsync<{ sandbox: SandboxSms }> = async (fastify, { sandbox }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the sandbox SMS sender kept, newest first (not in production)',
        querystring: z.object({ phone: z.optional(z.string()) }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({ phone: z.string(), kind: z.string(), code: z.string(), text: z.string(), sentAt: z.string() }),
            ),
          }),
        },
      },
    },
    async (request) => ({ messages: sandbox.outbox(request.query.phone) }),
  );
};
