import multipart from '@fastify/multipart';
import {
  MAX_REVIEW_PHOTO_BYTES,
  MAX_UPLOAD_BYTES,
  errorCodes,
  errorReply,
  reviewPhotoReply,
  uploadReply,
} from '@rr/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-error.ts';
import { actorOf } from '../audit/index.ts';
import { recordUpload, storePicture } from './file-service.ts';
import type { FileStore } from './file-store.ts';
import { responsiveWebp } from './responsive.ts';

const NOT_AN_IMAGE = 'Upload a JPEG, PNG or WebP image';
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;
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
async function readImageField(request: FastifyRequest, maxBytes = MAX_UPLOAD_BYTES): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file) throw new DomainError('invalid_data', errorCodes.noImage, 'Choose an image to upload');
    return await file.toBuffer();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('too_large', errorCodes.imageTooLarge, `The image must be at most ${megabytes(maxBytes)}`, {
        details: { megabytes: maxBytes / 1024 / 1024 },
      });
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

  /**
   * The picture in the body, stored in every width with its metadata (EXIF, GPS) left out: its address,
   * with the type and size it came in.
   */
  async function storeUploadedPicture(request: FastifyRequest, maxBytes?: number) {
    if (!request.isMultipart())
      throw new DomainError(
        'invalid_data',
        errorCodes.notMultipart,
        'Send the image as multipart/form-data in the field "image"',
      );
    const bytes = await readImageField(request, maxBytes);
    const type = imageTypeOf(bytes);
    if (!type) throw new DomainError('invalid_data', errorCodes.notAnImage, NOT_AN_IMAGE);
    return { path: await storePicture(files, await responsiveWebp(bytes)), type, bytes: bytes.length };
  }

  app.post(
    '/api/upload',
    {
      onRequest: app.requirePermission('catalog'),
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
      const stored = await storeUploadedPicture(request);
      await recordUpload(app.db, actorOf(request), 'upload.image', stored);
      return reply.code(201).send({ image: stored.path, message: 'Image uploaded' });
    },
  );

  // Issue 28: a customer's photo for a review. A phone's photo is larger than a product picture may
  // be, and often carries where it was taken: it is stored like a product picture, re-encoded without
  // any of its metadata, so nobody learns the customer's home from it.
  app.post(
    '/api/upload/review-photo',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['catalog'],
        summary:
          'Upload a photo for a review (signed in, multipart field "image"): JPEG, PNG or WebP by content, at most 8 MB and 40 million pixels. Stored as WebP 320, 720 and 1200 pixels wide, turned upright, with all metadata (EXIF, GPS location) removed; the reply is the 720 one, to send in the review\'s photos',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: reviewPhotoReply, 400: errorReply, 401: errorReply, 413: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const { path } = await storeUploadedPicture(request, MAX_REVIEW_PHOTO_BYTES);
      return reply.code(201).send({ image: path, message: 'Photo uploaded' });
    },
  );
};
