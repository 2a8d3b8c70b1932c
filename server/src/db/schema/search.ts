import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/*
 * Tables kept by triggers (migrations 0021 and 0023), declared here so that their rows are read typed;
 * nothing in the server writes them (decision 0039).
 */

/** How many published products each category has: a collection's total without counting its rows. */
export const publishedProductCounts = pgTable(
  'published_product_counts',
  {
    category: text('category').primaryKey(),
    published: integer('published').notNull(),
  },
  (t) => [check('published_product_counts_published_check', sql`${t.published} >= 0`)],
);

/** The distinct words of the products' names, with how many names hold each: what fuzzy search matches. */
export const searchNameWords = pgTable(
  'search_name_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [
    check('search_name_words_products_check', sql`${t.products} >= 0`),
    index('search_name_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  ],
);

/** The one row numbering the changes search results depend on (the search memo's generation). */
export const searchGeneration = pgTable(
  'search_generation',
  {
    id: boolean('id').primaryKey().default(true),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    changedBy: bigint('changed_by', { mode: 'number' }).notNull(),
  },
  (t) => [check('search_generation_one_row', sql`${t.id}`)],
);
