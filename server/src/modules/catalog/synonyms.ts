/**
 * Issue 14: the admin's list of the trade's names (search_synonyms). Terms and words are stored as the
 * search reads a query (catalog/search.ts), so what an admin types is what a customer's search meets.
 */
import { UUID_PATTERN, errorCodes, type SearchSynonym, type SearchSynonymInput } from '@rr/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { normaliseKeyword, searchWords } from './search.ts';

const synonymNotFound = () => new DomainError('not_found', errorCodes.synonymNotFound, 'Search synonym not found');

function asWords(field: string, text: string): string {
  const words = searchWords(normaliseKeyword(text)).join(' ');
  if (!words)
    throw new DomainError('invalid_data', errorCodes.validationFailed, `${field} must have a letter or digit`);
  return words;
}

const toSynonym = (row: typeof searchSynonyms.$inferSelect): SearchSynonym => ({
  _id: row.id,
  term: row.term,
  canonical: row.canonical,
});

export async function listSynonyms(db: Database): Promise<SearchSynonym[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.canonical), asc(searchSynonyms.term));
  return rows.map(toSynonym);
}

/** Adds a trade name; one that exists already stands for the new words from now on. */
export async function saveSynonym(db: Database, input: SearchSynonymInput): Promise<SearchSynonym> {
  const term = asWords('term', input.term);
  const canonical = asWords('canonical', input.canonical);
  const [row] = await db
    .insert(searchSynonyms)
    .values({ term, canonical })
    .onConflictDoUpdate({ target: searchSynonyms.term, set: { canonical } })
    .returning();
  return toSynonym(row!);
}

export async function deleteSynonym(db: Database, id: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw synonymNotFound();
  const deleted = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  if (deleted.length === 0) throw synonymNotFound();
}
