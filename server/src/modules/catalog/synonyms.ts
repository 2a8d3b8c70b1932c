/**
 * Issue 14: the admin's list of the trade's names (search_synonyms). Terms and words are stored as the
 * search reads a query (catalog/search.ts), so what an admin types is what a customer's search meets.
 */
import { UUID_PATTERN, errorCodes, type SearchSynonym, type SearchSynonymInput } from '@rr/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, recordChange, type Actor } from '../audit/index.ts';
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

/**
 * Adds a trade name; one that exists already stands for the new words from now on. Recorded as
 * `synonym.create`, or as `synonym.update` of its words when the term was there (issue 29).
 */
export async function saveSynonym(db: Database, input: SearchSynonymInput, actor: Actor): Promise<SearchSynonym> {
  const term = asWords('term', input.term);
  const canonical = asWords('canonical', input.canonical);
  return db.transaction(async (tx) => {
    const [was] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.term, term)).for('update');
    const [row] = await tx
      .insert(searchSynonyms)
      .values({ term, canonical })
      .onConflictDoUpdate({ target: searchSynonyms.term, set: { canonical } })
      .returning();
    const change = { entity: 'synonym', entityId: row!.id } as const;
    if (was) {
      await recordChange(tx, actor, {
        ...change,
        action: 'synonym.update',
        before: { canonical: was.canonical },
        after: { canonical },
      });
    } else {
      await recordAudit(tx, actor, { ...change, action: 'synonym.create', before: null, after: { term, canonical } });
    }
    return toSynonym(row!);
  });
}

export async function deleteSynonym(db: Database, id: string, actor: Actor): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw synonymNotFound();
  const key = id.toLowerCase();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, key)).returning();
    if (!gone) throw synonymNotFound();
    const before = { term: gone.term, canonical: gone.canonical };
    await recordAudit(tx, actor, { action: 'synonym.delete', entity: 'synonym', entityId: key, before, after: null });
  });
}
