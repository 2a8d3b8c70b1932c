import type { RunningSale } from '@rr/core';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { hotStatement, type Database } from '../../db/client.ts';
import { sales } from '../../db/schema/index.ts';

/**
 * The sales running at a moment, and until when that list holds: the next start or end of an active
 * sale after it (epoch milliseconds; Infinity when none is scheduled). Whatever shows sale prices holds
 * until `until`, and no longer.
 */
export interface SalesNow {
  running: RunningSale[];
  until: number;
}

/** The sales running at `now` (active, started, not ended), the one ending first first. */
export async function runningSales(db: Database, now: Date = new Date()): Promise<RunningSale[]> {
  return (await salesAt(db, now)).running;
}

const activeSales = hotStatement((db) =>
  db
    .select()
    .from(sales)
    .where(and(eq(sales.isActive, true), gt(sales.endsAt, sql.placeholder('now'))))
    .orderBy(asc(sales.endsAt), asc(sales.id)),
);

/**
 * One read of the active sales not yet ended (a handful: those running and those scheduled), giving
 * those running at `now` and the next moment that list changes.
 */
export async function salesAt(db: Database, now: Date = new Date()): Promise<SalesNow> {
  const rows = await activeSales(db, { now });
  const at = now.getTime();
  let until = Infinity;
  const running: RunningSale[] = [];
  for (const s of rows) {
    const starts = s.startsAt.getTime();
    until = Math.min(until, starts > at ? starts : s.endsAt.getTime());
    if (starts > at) continue;
    running.push({
      _id: s.id,
      name: s.name,
      nameHi: s.nameHi,
      percentOff: s.percentOff,
      banner: s.banner,
      bannerHi: s.bannerHi,
      categories: s.categories,
      products: s.productIds,
      endsAt: s.endsAt.toISOString(),
    });
  }
  return { running, until };
}

/** What the kept list follows: the catalog's change counter (raised by the sales table's trigger too). */
export interface CatalogChanges {
  readonly generation: number;
  /** False while changes may go unheard: then every ask reads the database. */
  readonly live: boolean;
}

/**
 * The running sales as the catalog and the storefront show them, kept in memory: read again at the next
 * sale boundary (a start or an end), on any catalog change (migration 0036's trigger on `sales` notifies
 * catalog_changed) and, as a safety net, after `maxAgeMs`. The hot path is two comparisons.
 */
export class RunningSalesCache {
  #kept: SalesNow | null = null;
  #keptGeneration = -1;
  #readAt = 0;
  #reading: { generation: number; promise: Promise<SalesNow> } | null = null;
  readonly #db: Database;
  readonly #changes: CatalogChanges;
  readonly #maxAgeMs: number;

  constructor(db: Database, changes: CatalogChanges, maxAgeMs = 60_000) {
    this.#db = db;
    this.#changes = changes;
    this.#maxAgeMs = maxAgeMs;
  }

  /** The sales running now and until when; never a list whose `until` has passed. */
  now(): Promise<SalesNow> {
    const kept = this.#kept;
    const now = Date.now();
    if (kept && now < kept.until && now - this.#readAt < this.#maxAgeMs && this.#current(this.#keptGeneration)) {
      return Promise.resolve(kept);
    }
    const generation = this.#changes.generation;
    if (this.#reading?.generation === generation && this.#changes.live) return this.#reading.promise;
    const promise = this.#read(generation);
    this.#reading = { generation, promise };
    const done = () => {
      if (this.#reading?.promise === promise) this.#reading = null;
    };
    promise.then(done, done);
    return promise;
  }

  #current(generation: number): boolean {
    return this.#changes.live && generation === this.#changes.generation;
  }

  async #read(generation: number): Promise<SalesNow> {
    for (;;) {
      const readAt = Date.now();
      const read = await salesAt(this.#db, new Date(readAt));
      // A boundary passed while the database answered: the list may be out of date already.
      if (Date.now() >= read.until) continue;
      if (this.#current(generation)) {
        this.#kept = read;
        this.#keptGeneration = generation;
        this.#readAt = readAt;
      }
      return read;
    }
  }
}
