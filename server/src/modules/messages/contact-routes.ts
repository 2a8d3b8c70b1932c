import { shopContact } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The number changes only with the configuration: browsers and shared caches may keep it an hour. */
const CONTACT_MAX_AGE_SECONDS = 3600;

/** Issue 27: how customers reach the shop, for the storefront's "Chat on WhatsApp" links. */
export const contactRoutes: FastifyPluginAsync<{ whatsappNumber: string | null }> = async (
  fastify,
  { whatsappNumber },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/config/contact',
    {
      schema: {
        tags: ['storefront'],
        summary:
          "The shop's WhatsApp number for chat links: digits with the country code (919876543210), null when it has none",
        response: { 200: shopContact },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${CONTACT_MAX_AGE_SECONDS}`);
      return { whatsappNumber };
    },
  );
};
