import { errorReply, shippingSettings, shippingSettingsUpdate } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/index.ts';
import { shippingSettingsAnswer, updateShippingSettings } from './settings.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply };
const bearer = [{ bearerAuth: [] }];
const tags = ['admin'];

/** Issue 27: the owner's rate card, Cash on Delivery rules, dispatch calendar and default package. */
export const shippingAdminRoutes: FastifyPluginAsync<{ sellerPincode: string }> = async (
  fastify,
  { sellerPincode },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/shipping',
    {
      onRequest: app.requirePermission('settings'),
      schema: {
        tags,
        summary:
          'The rate card (null: free above ₹100 of items, else ₹100), Cash on Delivery limit and confirmation rules, pickup pincode, dispatch cut-off, holidays and default package (admin)',
        security: bearer,
        response: { 200: shippingSettings, ...errors },
      },
    },
    async () => shippingSettingsAnswer(app.db, sellerPincode),
  );
  app.put(
    '/api/admin/shipping',
    {
      onRequest: app.requirePermission('settings'),
      schema: {
        tags,
        summary: 'Change any of the shipping settings; the fields not sent stay as they are (admin)',
        security: bearer,
        body: shippingSettingsUpdate,
        response: { 200: shippingSettings, ...errors },
      },
    },
    async (request) => updateShippingSettings(app.db, request.body, sellerPincode, actorOf(request)),
  );
};
