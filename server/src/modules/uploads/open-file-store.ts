import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { databaseFileStore } from './database-file-store.ts';
import type { FileStore, StoredFile } from './file-store.ts';

/** The store S3_URL names, else the database. The S3 client is loaded only then (start-up time and memory). */
export async function openFileStore(config: Config['fileStore'], db: Database): Promise<FileStore> {
  if (config.kind === 'database') return databaseFileStore(db);
  const { s3FileStore } = await import('./s3-file-store.ts');
  return s3FileStore(config);
}

/** Files up to this size are kept in memory once read; certificates of several MB are read each time. */
const CACHED_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The store with the files read most recently kept in memory, up to `maxBytes` in all. A stored file never
 * changes (see `put`), so a kept copy is never stale; a file not found is not kept, so one stored by
 * another instance a moment later is found.
 */
export function cachedFileStore(store: FileStore, maxBytes = 32 * 1024 * 1024): FileStore {
  const kept = new Map<string, StoredFile>();
  let keptBytes = 0;
  const keep = (name: string, file: StoredFile) => {
    if (file.size > CACHED_FILE_MAX_BYTES || kept.has(name)) return;
    kept.set(name, file);
    keptBytes += file.size;
    for (const [oldest, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldest);
      keptBytes -= old.size;
    }
  };
  const recent = (name: string) => {
    const file = kept.get(name);
    if (file) {
      kept.delete(name);
      kept.set(name, file);
    }
    return file;
  };
  return {
    kind: store.kind,
    put: (files) => store.put(files),
    info: async (name) => recent(name) ?? store.info(name),
    async get(name) {
      const file = recent(name) ?? (await store.get(name));
      if (file) keep(name, file);
      return file;
    },
  };
}
