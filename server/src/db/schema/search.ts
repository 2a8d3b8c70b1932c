import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue 14: the trade's names for what the shop sells. A search word or phrase (`term`: neelam, पुखराज,
 * panch mukhi, rudrakash) stands for the catalog's own words (`canonical`: blue sapphire, yellow
 * sapphire, 5 mukhi, rudraksha). Both are stored normalised (lower case, NFC, words separated by one
 * space), as catalog/search.ts normalises a query. The migration seeds a generous list; admins extend it.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    term: text('term').notNull().unique(),
    canonical: text('canonical').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('search_synonyms_term_check', sql`length(${t.term}) between 1 and 60`),
    check('search_synonyms_canonical_check', sql`length(${t.canonical}) between 1 and 60`),
  ],
);
