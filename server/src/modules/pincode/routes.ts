import { PINCODE_PATTERN, errorCodes, errorReply, pincodeAnswer, pincodeParams } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import { DomainError } from '../../domain-error.ts';
import { readShipping, type Deliveries } from '../shipping/index.ts';

/** How long a browser or proxy may keep an answer: its dates move at the cut-off and at midnight. */
const PINCODE_MAX_AGE_SECONDS = 300;

export const pincodeRoutes: FastifyPluginAsync<{ directory: PincodeDirectory; deliveries: Deliveries }> = async (
  fastify,
  { directory, deliveries },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/pincode/:code',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary:
          'City (the town a buyer writes: the district, in Delhi New Delhi or Delhi), India Post division, district and state of a pincode from the offline directory; whether the courier collects cash there (`cod`) and in how many days a parcel ordered now arrives (`deliveryDays`, `deliverBy`)',
        params: pincodeParams,
        response: { 200: pincodeAnswer, 400: errorReply, 404: errorReply },
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
      const settings = await readShipping(app.db, deliveries.sellerPincode);
      // A single unit of the shop's default package: what one bead or gem ships as.
      const delivery = await deliveries.to(settings, code, settings.defaultPackage.weightGrams);
      reply.header('cache-control', `public, max-age=${PINCODE_MAX_AGE_SECONDS}`);
      return {
        ...found,
        cod: delivery?.cod ?? false,
        deliveryDays: delivery?.estimate.deliveryDays ?? { min: 0, max: 0 },
        deliverBy: delivery ? { from: delivery.estimate.from, to: delivery.estimate.to } : { from: '', to: '' },
        zone: delivery?.zone ?? 'rest_of_india',
      };
    },
  );
};
