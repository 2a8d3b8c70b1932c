import { CANONICAL_WIDTH, errorCodes, type ImageWidth } from '@rr/core';
import type { Database } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { CONTENT_TYPES, contentAddressed, namedFile, type FileStore, type StoredFile } from './file-store.ts';
import { contentStem, storedNames } from './responsive.ts';

/** A stored file's name within its folder: what the uploads and the files moved from disk are named. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string, sha256: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${sha256}"`);
}

/**
 * The file at `name` (`uploads/<file>`) to answer a GET with: without its bytes (`file` null, a 304)
 * when the browser's copy is current. Throws not found for a name that is not stored or could not be.
 */
export async function fileToServe(
  files: FileStore,
  name: string,
  ifNoneMatch: string | undefined,
): Promise<{ sha256: string; file: StoredFile | null }> {
  const notFound = new DomainError('not_found', errorCodes.fileNotFound, `No file is stored at /${name}`);
  if (!FILE_NAME.test(name.slice(name.indexOf('/') + 1))) throw notFound;
  if (ifNoneMatch) {
    const info = await files.info(name);
    if (!info) throw notFound;
    if (matches(ifNoneMatch, info.sha256)) return { sha256: info.sha256, file: null };
  }
  const file = await files.get(name);
  if (!file) throw notFound;
  return { sha256: file.sha256, file };
}

/** Stores a picture's widths together under names made from them; answers the address products keep. */
export async function storePicture(files: FileStore, widths: Map<ImageWidth, Buffer>): Promise<string> {
  const names = storedNames(`uploads/${contentStem(widths)}`);
  await files.put([...names].map(([width, name]) => namedFile(name, CONTENT_TYPES.webp, widths.get(width)!)));
  return `/${names.get(CANONICAL_WIDTH)}`;
}

/** Whether every width of the picture at this address (`/uploads/<stem>-w720.webp`) is stored. */
export async function isStoredPicture(files: FileStore, url: string): Promise<boolean> {
  const stem = /^\/(uploads\/[A-Za-z0-9][A-Za-z0-9_-]*)-w720\.webp$/.exec(url)?.[1];
  if (!stem) return false;
  const infos = await Promise.all([...storedNames(stem).values()].map((name) => files.info(name)));
  return infos.every(Boolean);
}

/** Stores a certificate under a name made from it; answers its address. */
export async function storeCertificate(
  files: FileStore,
  type: keyof typeof CONTENT_TYPES,
  bytes: Buffer,
): Promise<string> {
  const file = contentAddressed('certificates', type, bytes);
  await files.put([file]);
  return `/${file.name}`;
}

/**
 * Issue 29: a staff member's upload, as `upload.image` or `upload.certificate` with its stored address.
 * The file store is not the database (S3, a disk), so the entry follows the stored file in a
 * transaction of its own: a file stored without its entry is only an unused copy under a content name.
 */
export async function recordUpload(
  db: Database,
  actor: Actor,
  action: 'upload.image' | 'upload.certificate',
  stored: { path: string; type: string; bytes: number },
): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(tx, actor, { action, entity: 'upload', entityId: stored.path, before: null, after: stored }),
  );
}
