import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { certificateTypeOf } from './certificate-routes.ts';
import { CONTENT_TYPES, namedFile, type FileStore } from './file-store.ts';
import { imageTypeOf } from './routes.ts';

/** What the shop kept in DATA_DIR before its files moved to the file store, and how each folder's files are judged. */
const FOLDERS = { uploads: imageTypeOf, certificates: certificateTypeOf } as const;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface StartLog {
  info(line: string): void;
  warn(line: string): void;
}

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Moves the pictures and certificates an older version kept in DATA_DIR/uploads and DATA_DIR/certificates
 * into the file store, under their old names, so the addresses products hold keep answering (decision
 * 0034). Each file is stored, then moved to `<folder>.moved-to-store` beside it (kept for the operator
 * to delete once a backup holds the store); a folder left empty is removed. Running it again does
 * nothing new, and a run cut short is finished by the next. A file that is not a picture (or for
 * certificates a PDF) of the kind the shop stores stays where it is, with a warning. Answers the number moved.
 */
export async function moveDiskFilesToStore(files: FileStore, dataDir: string, log: StartLog): Promise<number> {
  let total = 0;
  for (const [folder, typeOf] of Object.entries(FOLDERS)) {
    const dir = path.join(dataDir, folder);
    if (!existsSync(dir)) continue;
    const movedDir = `${dir}.moved-to-store`;
    const left: string[] = [];
    let moved = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const bytes = entry.isFile() && FILE_NAME.test(entry.name) ? await readFile(file) : null;
      const type = bytes && typeOf(bytes);
      if (!bytes || !type) {
        left.push(entry.name);
        continue;
      }
      await files.put([namedFile(`${folder}/${entry.name}`, CONTENT_TYPES[type], bytes)]);
      await mkdir(movedDir, { recursive: true });
      // Another instance sharing this folder may have moved it a moment ago: stored either way.
      await rename(file, path.join(movedDir, entry.name)).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
      moved++;
    }
    if (left.length === 0) await rmdir(dir).catch(() => undefined);
    else
      log.warn(
        `${left.length} file(s) in ${dir} are not files the shop stores and stay there: ${left.slice(0, 10).join(', ')}`,
      );
    if (moved > 0)
      log.info(
        `Moved ${moved} file(s) from ${dir} into the ${files.kind} file store; the originals are in ${movedDir} until you delete them`,
      );
    total += moved;
  }
  return total;
}
