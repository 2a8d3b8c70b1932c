import { createHash } from 'node:crypto';

/** What is known of a stored file without reading its bytes. */
export interface FileInfo {
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes: the file's ETag. */
  sha256: string;
}

export interface StoredFile extends FileInfo {
  bytes: Buffer;
}

/** A file to store, under its address without the leading slash (`uploads/<stem>-w720.webp`). */
export interface NamedFile extends StoredFile {
  name: string;
}

/**
 * Where uploaded pictures and certificates live, readable by every instance (decision 0034): the
 * database by default, or an S3-compatible bucket.
 */
export interface FileStore {
  readonly kind: 'database' | 's3';
  /**
   * Stores the files. A name already stored keeps what it holds: names are made from the content (or,
   * for files moved from disk, were unique already), so it holds the same bytes.
   */
  put(files: readonly NamedFile[]): Promise<void>;
  /** The file's details without its bytes (for a conditional request), or null when there is none. */
  info(name: string): Promise<FileInfo | null>;
  get(name: string): Promise<StoredFile | null>;
}

export function namedFile(name: string, contentType: string, bytes: Buffer): NamedFile {
  return { name, contentType, bytes, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The kinds of file the shop stores, as the uploads judge them by their bytes. */
export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

/**
 * A file named by its content (128 bits of its SHA-256): a changed file gets a new address, so it can be
 * cached for good, and the same file uploaded twice is stored once.
 */
export function contentAddressed(
  folder: 'uploads' | 'certificates',
  type: keyof typeof CONTENT_TYPES,
  bytes: Buffer,
): NamedFile {
  const file = namedFile('', CONTENT_TYPES[type], bytes);
  return { ...file, name: `${folder}/${file.sha256.slice(0, 32)}.${type}` };
}
