import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { FileStore } from './file-store.ts';

/** Files as rows of `stored_files`: in every instance's reach and in every database backup. */
export function databaseFileStore(db: Database): FileStore {
  return {
    kind: 'database',
    async put(files) {
      if (files.length === 0) return;
      // One statement: all of an upload's files are stored, or none.
      await db
        .insert(storedFiles)
        .values(files.map(({ name, contentType, size, sha256, bytes }) => ({ name, contentType, size, sha256, bytes })))
        .onConflictDoNothing({ target: storedFiles.name });
    },
    async info(name) {
      const [row] = await db
        .select({ contentType: storedFiles.contentType, size: storedFiles.size, sha256: storedFiles.sha256 })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      return row ?? null;
    },
    async get(name) {
      const [row] = await db
        .select({
          contentType: storedFiles.contentType,
          size: storedFiles.size,
          sha256: storedFiles.sha256,
          bytes: storedFiles.bytes,
        })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      return row ?? null;
    },
  };
}
