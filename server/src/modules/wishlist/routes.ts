import {
  errorReply,
  wishlistBody,
  wishlistChangeReply,
  wishlistProductParams,
  wishlistQuery,
  wishlistReplaceBody,
  wishlistReply,
} from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth.ts';
import { productCards } from '../catalog/index.ts';
import { removeFromWishlist, replaceWishlist, saveToWishlist, wishlistIds } from './service.ts';
import type { ZodApp } from '../../zod-app.ts';

const bearer = [{ bearerAuth: [] }];

const errors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply };

/** Issue 28: a signed-in customer's wishlist, the products they saved for later. */
export const wishlistRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/wishlist',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary:
          "The customer's saved products' ids, and (without ?ids=1) the published ones as the catalog's cards, newest saved first",
        security: bearer,
        querystring: wishlistQuery,
        response: { 200: wishlistReply, 400: errorReply, 401: errorReply },
      },
    },
    async (request) => {
      const ids = await wishlistIds(app.db, signedInUser(request).id);
      return request.query.ids ? { ids } : { ids, products: await productCards(app, ids) };
    },
  );

  app.post(
    '/api/users/wishlist',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary:
          'Save a published product to the wishlist (idempotent: 201 when newly saved, 200 when it was); saved while out of stock, the customer is told once when it is back',
        security: bearer,
        body: wishlistBody,
        response: { 200: wishlistChangeReply, 201: wishlistChangeReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { saved, message } = await saveToWishlist(app.db, request.body.product, {
        userId: user.id,
        phone: user.phone,
        shopUrl: app.config.publicUrl,
      });
      return reply.code(saved ? 201 : 200).send({ message, ids: await wishlistIds(app.db, user.id) });
    },
  );

  replaceRoute(app);

  app.delete(
    '/api/users/wishlist/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Take a product off the wishlist (one not on it is left as it is); a waiting stock alert stays',
        security: bearer,
        params: wishlistProductParams,
        response: { 200: wishlistChangeReply, 401: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const message = await removeFromWishlist(app.db, user.id, request.params.productId);
      return { message, ids: await wishlistIds(app.db, user.id) };
    },
  );
};

/** PUT /api/users/wishlist: the whole list at once. */
function replaceRoute(app: ZodApp): void {
  app.put(
    '/api/users/wishlist',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary:
          'Replace the whole wishlist with these products (published ones only: an unknown id refuses the list, 404, nothing changed)',
        security: bearer,
        body: wishlistReplaceBody,
        response: { 200: wishlistChangeReply, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const message = await replaceWishlist(app.db, request.body.products, {
        userId: user.id,
        phone: user.phone,
        shopUrl: app.config.publicUrl,
      });
      return { message, ids: await wishlistIds(app.db, user.id) };
    },
  );
}
