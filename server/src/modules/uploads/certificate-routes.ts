import multipart from '@fastify/multipart';
import { MAX_CERTIFICATE_BYTES, certificateUploadReply, errorCodes, errorReply } from '@rr/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain-error.ts';
import { actorOf } from '../audit/index.ts';
import { recordUpload, storeCertificate } from './file-service.ts';
import type { FileStore } from './file-store.ts';
import { imageTypeOf } from './routes.ts';

const FIELD = 'certificate';
const MAX_MB = MAX_CERTIFICATE_BYTES / (1024 * 1024);

/** A certificate's type by its first bytes: a PDF, or a JPEG, PNG or WebP scan. */
export function certificateTypeOf(bytes: Buffer): 'pdf' | 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return imageTypeOf(bytes);
}

/** The one file of the multipart body; anything unreadable about the client's body is a 4xx. */
async function readCertificate(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new DomainError(
      'invalid_data',
      errorCodes.notMultipart,
      `Send the file as multipart/form-data in the field "${FIELD}"`,
    );
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
    if (file) return await file.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError(
        'too_large',
        errorCodes.certificateTooLarge,
        `The certificate must be at most ${MAX_MB} MB`,
      );
    request.log.info({ err }, 'unreadable certificate upload');
    throw new DomainError(
      'invalid_data',
      errorCodes.malformedUpload,
      `Send one PDF or image in the multipart field "${FIELD}" and nothing else`,
    );
  }
  throw new DomainError('invalid_data', errorCodes.noImage, 'Choose a certificate file to upload');
}

/**
 * Issue 14: a product's lab certificate (a PDF, or an image of it), stored in the file store under a
 * name made from its content and served at /certificates/ (file-routes.ts). The type is judged by the
 * bytes alone.
 */
export const certificateUploadRoutes: FastifyPluginAsync<{ files: FileStore }> = async (fastify, { files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 4, parts: 5 } });

  app.post(
    '/api/upload/certificate',
    {
      onRequest: app.requirePermission('catalog'),
      schema: {
        tags: ['admin'],
        summary: `Upload a lab certificate: PDF, JPEG, PNG or WebP by content, at most ${MAX_MB} MB (admin, multipart field "${FIELD}")`,
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: certificateUploadReply, 400: errorReply, 401: errorReply, 403: errorReply, 413: errorReply },
      },
    },
    async (request, reply) => {
      const bytes = await readCertificate(request);
      const type = certificateTypeOf(bytes);
      if (!type)
        throw new DomainError(
          'invalid_data',
          errorCodes.notACertificate,
          'Upload the certificate as a PDF, JPEG, PNG or WebP',
        );
      const certificateFile = await storeCertificate(files, type, bytes);
      await recordUpload(app.db, actorOf(request), 'upload.certificate', {
        path: certificateFile,
        type,
        bytes: bytes.length,
      });
      return reply.code(201).send({ certificateFile, message: 'Certificate uploaded' });
    },
  );
};
