import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, errorCodes, errorReply, uploadReply } from '@rr/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-error.ts';
import { storePicture } from './file-service.ts';
import type { FileStore } from './file-store.ts';
import { responsiveWebp } from './responsive.ts';

const NOT_AN_IMAGE = 'Upload a JPEG, PNG or WebP image';
const TOO_LARGE = 'The image must be at most 2 MB';
const MALFORMED = 'The upload is not a readable multipart/form-data body with the field "image"';

/** The image type by its first bytes, never by the name or the type the browser claims. */
export function imageTypeOf(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * The bytes of the one file in the multipart body. Whatever goes wrong while reading the client's body
 * (a missing boundary, a cut-off part, too many parts) is the client's error: a 4xx, never a 500.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new DomainError('invalid_data', errorCodes.noImage, 'Choose an image to upload');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('too_large', errorCodes.imageTooLarge, TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new DomainError(
        'invalid_data',
        errorCodes.oneImageOnly,
        'Send one image in the field "image" and nothing else',
      );
    request.log.info({ err }, 'unreadable multipart upload');
    throw new DomainError('invalid_data', errorCodes.malformedUpload, MALFORMED);
  }
}

/**
 * Admin image uploads, stored in the file store as WebP in each of core's IMAGE_WIDTHS under names made
 * from their content, and served at /uploads/ (file-routes.ts).
 */
export const uploadRoutes: FastifyPluginAsync<{ files: FileStore }> = async (fastify, { files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

  app.post(
    '/api/upload',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a product image: JPEG, PNG or WebP by content, at most 2 MB and 40 million pixels, still (admin, multipart field "image"). Stored as WebP 320, 720 and 1200 pixels wide; the reply is the 720 one, the others are the same name ending -w320.webp and -w1200.webp',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadReply, 400: errorReply, 401: errorReply, 403: errorReply, 413: errorReply },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new DomainError(
          'invalid_data',
          errorCodes.notMultipart,
          'Send the image as multipart/form-data in the field "image"',
        );
      const bytes = await readImageField(request);
      const type = imageTypeOf(bytes);
      if (!type) throw new DomainError('invalid_data', errorCodes.notAnImage, NOT_AN_IMAGE);
      const image = await storePicture(files, await responsiveWebp(bytes));
      return reply.code(201).send({ image, message: 'Image uploaded' });
    },
  );
};
