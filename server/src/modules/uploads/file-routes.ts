import { errorReply } from '@rr/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileToServe } from './file-service.ts';
import type { FileStore } from './file-store.ts';

/** A stored file's address never changes what it holds (file-store.ts), so a browser may keep it for good. */
const FOR_GOOD = 'public, max-age=31536000, immutable';
/** A PDF opens in the browser's viewer, never as a page of this site that could run script. */
const CERTIFICATE_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

const FOLDERS = {
  uploads: { summary: 'An uploaded product picture', headers: {} },
  certificates: {
    summary: 'An uploaded lab certificate (PDF or image)',
    headers: { 'content-security-policy': CERTIFICATE_POLICY },
  },
} as const;

/**
 * Uploaded pictures and certificates at /uploads/ and /certificates/, from the file store: any instance
 * serves what any other received, with an ETag for revalidation (decision 0034).
 */
export const fileRoutes: FastifyPluginAsync<{ files: FileStore }> = async (fastify, { files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [folder, { summary, headers }] of Object.entries(FOLDERS)) {
    app.get(
      `/${folder}/:name`,
      {
        schema: {
          tags: ['files'],
          summary,
          params: z.object({ name: z.string().max(200) }),
          response: { 200: z.any(), 304: z.null(), 404: errorReply, 503: errorReply },
        },
      },
      async (request, reply) => {
        const served = await fileToServe(files, `${folder}/${request.params.name}`, request.headers['if-none-match']);
        reply.headers({ ...headers, etag: `"${served.sha256}"`, 'cache-control': FOR_GOOD });
        if (!served.file) return reply.code(304).send(null);
        return reply.type(served.file.contentType).send(served.file.bytes);
      },
    );
  }
};
