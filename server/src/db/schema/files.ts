import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes: node-postgres reads bytea as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Issue 23, item 14: uploaded pictures and certificates, kept in the database so every instance serves
 * what any of them received and a database backup holds them (decision 0034). Written only by the
 * uploads module. `name` is the file's address without its leading slash (`uploads/<stem>-w720.webp`);
 * new names are made from the content, so a row is never changed once written.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: the file's ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stored_files_name_check', sql`${t.name} ~ '^(uploads|certificates)/[A-Za-z0-9][A-Za-z0-9._-]*$'`),
    check('stored_files_size_check', sql`${t.size} = octet_length(${t.bytes})`),
    check('stored_files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
