/**
 * Issue 13/14: a search's count kept between requests. Counting every match of a common word ("rudraksha",
 * 43% of the catalog at 100k products) reads tens of thousands of rows, and the response cache is emptied
 * by every order (stock is on the page); but which products match changes only with what the search reads.
 * The database numbers those changes (search_generation, migration 0023: names, descriptions, categories,
 * facts, drafts, products added or removed, synonyms; not stock or price), in the writing transaction, and a
 * kept value is used only under the number it was read with. So a count is exact, on every instance, without
 * listening to notices, and read again once per change of what searches match.
 *
 * What may be kept: values of queries over the columns migration 0023 watches (a query reading stock or
 * price must not be). A value is stored under the number read in the same statement (the same snapshot);
 * a request reads the current number once (with the synonyms, search.ts planSearch, or on its own) and
 * looks its keys up under it. Decision: docs/decisions/0021, addendum 2026-11-25.
 *
 * Issue 31: a search's page is kept here too (`keepPage`, `keptPage`): which products it holds, in which
 * order, and the total, when all of these depend on watched columns only (listing.ts keptPageKey). Its
 * products are read again by id each time, stock and price with them, with the generation in the same
 * statement: a page is used only when that generation is the one it was kept under. Decision 0073.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rawRows, type Database } from '../../db/client.ts';
import { GenerationCache } from '../../generation-cache.ts';

/** What a database's memo keeps: values (a few small numbers each) and how long at most. */
export interface SearchMemoLimits {
  maxEntries: number;
  /**
   * A safety net, as the response cache has: a change the triggers do not see (a write with triggers off,
   * session_replication_role = replica) is read at most this late.
   */
  maxAgeMs: number;
}

const LIMITS: SearchMemoLimits = { maxEntries: 5_000, maxAgeMs: 60_000 };

/**
 * The kept values of one database, all of one generation: it follows the database's number, a newer one
 * empties it, and a value read under an older one is not kept.
 */
type Memo = GenerationCache<string, number | KeptPage>;

/** A search's page as kept: its products' ids, in the page's order, and how many the listing holds. */
export interface KeptPage {
  ids: readonly string[];
  total: number;
}

/** One memo per database handle (each test app, each server process has its own). */
const memos = new WeakMap<Database, Memo>();
const dialect = new PgDialect();

/** The current generation, as a scalar subquery. */
export const currentGeneration = sql`(select generation from search_generation)`;

/** A memo for one request: the generation it reads under, read once (when first asked). */
export interface SearchMemo {
  /**
   * The value of `query` (a scalar select over the columns migration 0023 watches), kept or read (with
   * the generation, in one statement).
   */
  value(query: SQL): Promise<number>;
  /**
   * The generation read by another query of the request (`currentGeneration` as one of its columns), so
   * that it is not read on its own: one round trip less.
   */
  readWith(generation: string | number): void;
  /**
   * Keeps a page (`keptPageKey`'s key) under the generation this request read before the page; a request
   * that read none (nothing it asked needed the database) keeps nothing. A page read after a change the
   * memo knows of is not kept (the generation moved on), and one kept under a generation older than its
   * rows is dropped when that change is first seen.
   */
  keepPage(key: string, page: KeptPage): Promise<void>;
}

function memoOf(db: Database, limits: SearchMemoLimits = LIMITS): Memo {
  let kept = memos.get(db);
  if (!kept) memos.set(db, (kept = new GenerationCache(limits)));
  return kept;
}

/** Lets `tx`, a transaction on `db` (a search within its statement budget), use `db`'s kept values. */
export function shareSearchMemo(tx: Database, db: Database): void {
  memos.set(tx, memoOf(db));
}

/**
 * `db`'s kept values for one request: the first value asked for reads the current generation (one row),
 * and every value of the request is looked up under it. `limits` apply when `db` is first asked for.
 */
export function searchMemo(db: Database, limits?: SearchMemoLimits): SearchMemo {
  const memo = memoOf(db, limits);
  let generation: Promise<number> | undefined;
  const readGeneration = async () => {
    const [row] = await rawRows<{ generation: string | number }>(db, sql`select ${currentGeneration} as generation`);
    return Number(row?.generation ?? -1);
  };
  return {
    readWith(read) {
      generation ??= Promise.resolve(Number(read));
    },
    async value(query) {
      generation ??= readGeneration();
      const { sql: text, params } = dialect.sqlToQuery(query);
      const key = `${text}\u0000${JSON.stringify(params)}`;
      const found = memo.follow(await generation) ? memo.get(key) : undefined;
      if (typeof found === 'number') return found;
      const [read] = await rawRows<{ value: string | number; generation: string | number }>(
        db,
        sql`select (${query}) as value, ${currentGeneration} as generation`,
      );
      const value = Number(read?.value ?? 0);
      const readUnder = Number(read?.generation ?? -1);
      if (memo.follow(readUnder)) memo.set(key, value, readUnder);
      return value;
    },
    async keepPage(key, page) {
      if (!generation) return;
      const readUnder = await generation;
      if (memo.follow(readUnder)) memo.set(key, page, readUnder);
    },
  };
}

/** The page kept under `key` in `db`'s memo, if any: used once `isCurrentPage` confirms it. */
export function keptPage(db: Database, key: string): KeptPage | undefined {
  const found = memoOf(db).get(key);
  return typeof found === 'object' ? found : undefined;
}

/**
 * Whether `page`, kept under `key`, holds for the generation read with its rows (in the same statement):
 * the memo follows that generation (a newer one empties it) and still has this page.
 */
export function isCurrentPage(db: Database, key: string, page: KeptPage, generation: string | number): boolean {
  const memo = memoOf(db);
  return memo.follow(Number(generation)) && memo.get(key) === page;
}
