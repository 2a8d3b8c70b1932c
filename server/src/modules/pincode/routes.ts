import { PINCODE_PATTERN, errorCodes, errorReply, pincodeInfo, pincodeParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { DomainError } from '../../domain-error.ts';

export const pincodeRoutes: FastifyPluginAsync<{ directory: PincodeDirectory }> = async (fastify, { directory }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/pincode/:code',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'City (the India Post division) and state of a pincode, from the offline directory',
        params: pincodeParams,
        response: { 200: pincodeInfo, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      const code = request.params.code.trim();
      if (!PINCODE_PATTERN.test(code)) {
        throw new DomainError(
          'invalid_data',
          errorCodes.invalidPincode,
          'A pincode is 6 digits and does not start with 0',
        );
      }
      const found = await directory.lookup(code);
      if (!found) throw new DomainError('not_found', errorCodes.unknownPincode, 'Unknown pincode');
      // The directory only changes with a release.
      reply.header('cache-control', 'public, max-age=86400');
      return found;
    },
  );
};
