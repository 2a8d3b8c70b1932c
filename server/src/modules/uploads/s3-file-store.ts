import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { errorCodes } from '@rr/core';
import type { S3Settings } from '../../config.ts';
import { DomainError } from '../../domain-error.ts';
import { namedFile, type FileStore } from './file-store.ts';

const RETRY_AFTER_SECONDS = 5;

const missing = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Anything but "no such file" from the bucket is the storage being away: a 503, never a crash. */
function unavailable(err: unknown): DomainError {
  return new DomainError(
    'unavailable',
    errorCodes.fileStoreUnavailable,
    'The shop cannot reach its picture storage right now. Please try again in a few seconds.',
    { retryAfterSeconds: RETRY_AFTER_SECONDS, cause: err },
  );
}

/**
 * Files as objects of an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO...), addressed path-style,
 * which all of them take. The SHA-256 travels as the object's metadata, for the ETag without a read.
 */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The CRC checksums the SDK adds by default are refused by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A request waits at most this long for the bucket; a picture's visitor is waiting too.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
  });
  const at = (name: string) => ({ Bucket: settings.bucket, Key: settings.prefix + name });

  const store: FileStore = {
    kind: 's3',
    async put(files) {
      // Objects stored before a failure stay: their names are their content's, and nothing refers to them.
      await Promise.all(
        files.map((file) =>
          client.send(
            new PutObjectCommand({
              ...at(file.name),
              Body: file.bytes,
              ContentType: file.contentType,
              Metadata: { sha256: file.sha256 },
            }),
          ),
        ),
      ).catch((err: unknown) => {
        throw unavailable(err);
      });
    },
    async info(name) {
      try {
        const head = await client.send(new HeadObjectCommand(at(name)));
        const sha256 = head.Metadata?.sha256;
        if (!sha256) return store.get(name);
        return { contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0, sha256 };
      } catch (err) {
        if (missing(err)) return null;
        throw unavailable(err);
      }
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand(at(name)));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        const file = namedFile(name, object.ContentType ?? 'application/octet-stream', bytes);
        return { contentType: file.contentType, size: file.size, sha256: file.sha256, bytes };
      } catch (err) {
        if (missing(err)) return null;
        throw unavailable(err);
      }
    },
  };
  return store;
}
