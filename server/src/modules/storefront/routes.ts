import { errorReply } from '@rr/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedCatalog } from '../catalog/index.ts';
import type { FileStore } from '../uploads/index.ts';
import { shareImage, shopShareImage, type PictureSources } from './share-image.ts';

const jpeg = (reply: FastifyReply, bytes: Buffer) =>
  reply
    .type('image/jpeg')
    // The address carries the picture's version (?v=), so a year is safe.
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(bytes);

const versionQuery = z.object({ v: z.string().max(40).optional() });

/** The share pictures (og:image) of the storefront's pages. */
export const storefrontRoutes: FastifyPluginAsync<{ files: FileStore }> = async (fastify, { files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const catalog = cachedCatalog(app);
  const folders: PictureSources = {
    webDistDir: app.config.webDistDir,
    readUpload: async (name) => (await files.get(name))?.bytes ?? null,
  };

  app.get(
    '/share/shop.jpg',
    {
      schema: {
        tags: ['seo'],
        summary: "The shop's share picture (1200×630 JPEG) for pages without a product",
        querystring: versionQuery,
      },
    },
    async (_request, reply) => jpeg(reply, await shopShareImage(folders)),
  );

  app.get(
    '/share/products/:file',
    {
      schema: {
        tags: ['seo'],
        summary: "A product's share picture: its picture as a 1200×630 JPEG, for link previews",
        params: z.object({
          file: z
            .string()
            .max(60)
            .regex(/^[^/]+\.jpg$/, 'file is <product id>.jpg'),
        }),
        querystring: versionQuery,
        response: { 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      // The product page's own cached answer: only its picture is needed, never a fresh read with every review.
      const product = await catalog.product(request.params.file.slice(0, -'.jpg'.length));
      return jpeg(reply, await shareImage(product.image, folders));
    },
  );
};
