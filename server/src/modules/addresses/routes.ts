import {
  MAX_SAVED_ADDRESSES,
  errorReply,
  messageReply,
  savedAddress,
  savedAddressInput,
  savedAddressParams,
  savedAddressUpdate,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { signedInUser } from '../../plugins/auth.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };
const bearer = [{ bearerAuth: [] }];
const tags = ['accounts'];

/** Issue 28: the signed-in customer's saved delivery addresses (only their own: others' are 404). */
export const addressRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };

  app.get(
    '/api/users/addresses',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The signed-in customer’s saved addresses, the default first',
        security: bearer,
        response: { 200: z.array(savedAddress), ...errors },
      },
    },
    async (request) => listAddresses(app.db, signedInUser(request).id),
  );

  app.post(
    '/api/users/addresses',
    {
      ...signedIn,
      schema: {
        tags,
        summary: `Save an address (the first one is the default; at most ${MAX_SAVED_ADDRESSES} an account)`,
        security: bearer,
        body: savedAddressInput,
        response: { 201: savedAddress, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createAddress(app.db, signedInUser(request).id, request.body)),
  );

  app.put(
    '/api/users/addresses/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Change a saved address (only the fields sent; null takes the GSTIN or business name off); `isDefault: true` makes it the default',
        security: bearer,
        params: savedAddressParams,
        body: savedAddressUpdate,
        response: { 200: savedAddress, ...errors },
      },
    },
    async (request) => updateAddress(app.db, signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/users/addresses/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete a saved address (when it was the default, the most recent one left becomes the default)',
        security: bearer,
        params: savedAddressParams,
        response: { 200: messageReply, ...errors },
      },
    },
    async (request) => {
      await deleteAddress(app.db, signedInUser(request).id, request.params.id);
      return { message: 'Address removed' };
    },
  );
};
