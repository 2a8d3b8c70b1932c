import { LRUCache } from 'lru-cache';

/**
 * Issue 31 (decision 0051): what the catalog caches keep is dropped by what changed, not all at once.
 * The database's notices (migration 0042) say which products changed, and whether where they stand in
 * lists may have moved; each kept value says what it shows (`Shown`, gathered while it is read). A change
 * drops the values that show one of its products, every list when a listing moved, and everything for a
 * broad change (a category, a synonym, a sale, a truncate) or a gap in hearing (the listener down).
 *
 * The safety rules of decision 0019 hold per value: nothing is kept while changes may go unheard; a value
 * read before a change it shows is given to its askers but never kept, and one who asks after that change
 * does not get it either (it is read again).
 */

/** What a kept value shows of the catalog. */
export interface Shown {
  /** The products whose facts it shows (stock, price, name...); 'any' when it did not say. */
  products: ReadonlySet<string> | 'any';
  /** Which products it holds, or their order, follows their listing facts (a list, a count, a panel). */
  lists: boolean;
}

/** A value that did not say what it shows: any change to any product drops it. */
export const SHOWS_ANY: Shown = { products: 'any', lists: true };

/**
 * What a notice on the catalog channel says changed: anything, or some products (`listing` when where
 * they stand in lists may have moved; `stock` when their stock alone changed, to these counts).
 */
export type CatalogChange =
  { kind: 'all' } | { kind: 'products'; ids: readonly string[]; listing: boolean; stock?: ReadonlyMap<string, number> };

const PRODUCT_NOTICE = 'product:';
const LISTING_NOTICE = 'listing:';
const STOCK_NOTICE = 'stock:';

/** 'stock:<id>=<n>,...' as a change, or null when it is not one of those. */
function stockChangeOf(payload: string): CatalogChange | null {
  if (!payload.startsWith(STOCK_NOTICE)) return null;
  const stock = new Map<string, number>();
  for (const pair of payload.slice(STOCK_NOTICE.length).split(',')) {
    const [id, count] = pair.split('=');
    if (!id || !count || !/^\d+$/.test(count)) return null;
    stock.set(id, Number(count));
  }
  return { kind: 'products', ids: [...stock.keys()], listing: false, stock };
}

/** The change a notice's payload says (migration 0042); anything else is taken as a broad change. */
export function catalogChangeOf(payload: string): CatalogChange {
  const stock = stockChangeOf(payload);
  if (stock) return stock;
  for (const [prefix, listing] of [
    [PRODUCT_NOTICE, false],
    [LISTING_NOTICE, true],
  ] as const) {
    if (payload.startsWith(prefix)) {
      const ids = payload.slice(prefix.length).split(',').filter(Boolean);
      if (ids.length) return { kind: 'products', ids, listing };
    }
  }
  return { kind: 'all' };
}

/** Past this many products with a change on record, the record starts again (see `overtakes`). */
const REMEMBERED_PRODUCTS = 10_000;

/**
 * The changes heard on the catalog channel, numbered: a read notes the number when it starts, and its
 * value is kept only if no change heard since touches what it shows. Also whether changes are heard at all.
 */
export class CatalogChanges {
  #live = false;
  #heard = 0;
  #allAt = 0;
  #listsAt = 0;
  #anyProductAt = 0;
  /** When each product last changed; products forgotten (past the bound) count as changed at `#forgottenAt`. */
  #productAt = new Map<string, number>();
  #forgottenAt = 0;
  /** Raised by broad changes only: for what reads no product (the running sales). */
  #generation = 0;
  readonly #followers: Array<(change: CatalogChange) => void> = [];

  /** True while changes are known to reach this instance: only then is anything kept. */
  get live(): boolean {
    return this.#live;
  }

  /** The number of changes heard so far: what a read notes when it starts. */
  get heard(): number {
    return this.#heard;
  }

  /** Raised by every broad change (and every gap in hearing): what reads no product follows this. */
  get generation(): number {
    return this.#generation;
  }

  /** Either way a change may have gone unheard (going down, or coming back after a gap): everything goes. */
  setLive(live: boolean): void {
    this.hear({ kind: 'all' });
    this.#live = live;
  }

  /** Calls `drop` with each change heard from now on. */
  follow(drop: (change: CatalogChange) => void): void {
    this.#followers.push(drop);
  }

  hear(change: CatalogChange): void {
    const at = ++this.#heard;
    if (change.kind === 'all') {
      this.#allAt = at;
      this.#generation++;
    } else {
      this.#anyProductAt = at;
      if (change.listing) this.#listsAt = at;
      if (this.#productAt.size + change.ids.length > REMEMBERED_PRODUCTS) {
        this.#productAt.clear();
        this.#forgottenAt = at;
      }
      for (const id of change.ids) this.#productAt.set(id, at);
    }
    for (const drop of this.#followers) drop(change);
  }

  /** True when a change heard after `since` (a `heard` number) touches what `shown` shows. */
  overtakes(shown: Shown, since: number): boolean {
    if (this.#allAt > since) return true;
    if (shown.lists && this.#listsAt > since) return true;
    if (this.#anyProductAt <= since) return false;
    if (shown.products === 'any' || this.#forgottenAt > since) return true;
    for (const id of shown.products) if ((this.#productAt.get(id) ?? 0) > since) return true;
    return false;
  }
}

export interface KeptValuesOptions<V> {
  maxEntries?: number;
  /** At most this many bytes, as `bytesOf` counts them; a value larger than this is never kept. */
  maxBytes?: number;
  bytesOf?: (value: V) => number;
  /** A safety net: a value older than this is read again even without a change heard. */
  maxAgeMs: number;
  /** What a value shows (told while it was read). */
  shownOf: (value: V) => Shown;
  /** Whether a kept value still holds without any change (false past a sale's start or end): else it is read again. */
  holds?: (value: V) => boolean;
  /**
   * The value with these products' new stock counts, when stock is all it shows of them that changed;
   * the value itself when it shows none of the counts; undefined when it cannot say (it is dropped).
   */
  withStock?: (value: V, stock: ReadonlyMap<string, number>) => V | undefined;
}

export type KeptStatus = 'hit' | 'miss' | 'bypass';

/**
 * Values read from the catalog (answers, rendered pages), kept until a change touches what they show:
 * least recently used out first past an entry or byte budget, and an age limit. Concurrent askers of a
 * key share one read.
 */
export class KeptValues<K extends string, V extends NonNullable<unknown>> {
  readonly #changes: CatalogChanges;
  readonly #shownOf: (value: V) => Shown;
  readonly #holds: (value: V) => boolean;
  readonly #withStock: KeptValuesOptions<V>['withStock'];
  readonly #values: LRUCache<K, V>;
  /** The keys of values that show each product; of those that did not say; of lists. */
  readonly #byProduct = new Map<string, Set<K>>();
  readonly #anyProduct = new Set<K>();
  readonly #lists = new Set<K>();
  readonly #reading = new Map<K, { since: number; value: Promise<V> }>();

  constructor(changes: CatalogChanges, options: KeptValuesOptions<V>) {
    const { maxEntries, maxBytes, bytesOf, maxAgeMs, shownOf, holds = () => true, withStock } = options;
    if (maxEntries === undefined && maxBytes === undefined) throw new Error('Kept values need a budget');
    if (maxBytes !== undefined && !bytesOf) throw new Error('A byte budget needs bytesOf');
    this.#changes = changes;
    this.#shownOf = shownOf;
    this.#holds = holds;
    this.#withStock = withStock;
    const common = { ttl: maxAgeMs, dispose: (value: V, key: K) => this.#unindex(key, value) };
    this.#values =
      maxBytes === undefined
        ? new LRUCache<K, V>({ ...common, max: maxEntries! })
        : new LRUCache<K, V>({
            ...common,
            ...(maxEntries === undefined ? {} : { max: maxEntries }),
            maxSize: maxBytes,
            // lru-cache takes sizes of at least 1.
            sizeCalculation: (value) => Math.max(1, bytesOf!(value)),
          });
    changes.follow((change) => this.#drop(change));
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#values.size, bytes: this.#values.calculatedSize };
  }

  /** The value kept under `key` (now the most recently used), if it still holds. */
  get(key: K): V | undefined {
    const value = this.#values.get(key);
    return value && this.#holds(value) ? value : undefined;
  }

  /**
   * The value under `key`: kept, or read by `read` (askers who come meanwhile share the read) and kept
   * when the changes are heard, `keep` agrees, and no change heard since the read began touches it.
   * Someone who asked after such a change gets a new read.
   */
  async getOrRead(key: K, read: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<[V, KeptStatus]> {
    const kept = this.get(key);
    if (kept) return [kept, 'hit'];
    if (!this.#changes.live) return [await read(), 'bypass'];
    const askedAt = this.#changes.heard;
    for (;;) {
      let reading = this.#reading.get(key);
      if (!reading) {
        reading = { since: this.#changes.heard, value: read() };
        this.#reading.set(key, reading);
        this.#settle(key, reading, keep);
      }
      const value = await reading.value;
      if (reading.since >= askedAt || !this.#changes.overtakes(this.#shownOf(value), reading.since)) {
        return [value, 'miss'];
      }
    }
  }

  #settle(key: K, reading: { since: number; value: Promise<V> }, keep: (value: V) => boolean): void {
    const done = () => {
      if (this.#reading.get(key) === reading) this.#reading.delete(key);
    };
    reading.value.then((value) => {
      done();
      const shown = this.#shownOf(value);
      if (!this.#changes.live || !keep(value) || this.#changes.overtakes(shown, reading.since)) return;
      this.#values.set(key, value);
      if (this.#values.has(key)) this.#index(key, shown);
    }, done);
  }

  #index(key: K, shown: Shown): void {
    if (shown.lists) this.#lists.add(key);
    if (shown.products === 'any') {
      this.#anyProduct.add(key);
      return;
    }
    for (const id of shown.products) {
      let keys = this.#byProduct.get(id);
      if (!keys) this.#byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  #unindex(key: K, value: V): void {
    const shown = this.#shownOf(value);
    this.#lists.delete(key);
    if (shown.products === 'any') {
      this.#anyProduct.delete(key);
      return;
    }
    for (const id of shown.products) {
      const keys = this.#byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.#byProduct.delete(id);
    }
  }

  #drop(change: CatalogChange): void {
    // Reads under way finish for their askers; whether they are kept is decided then (`overtakes`).
    if (change.kind === 'all') {
      this.#values.clear();
      this.#reading.clear();
      return;
    }
    const gone = new Set<K>(this.#anyProduct);
    if (change.listing) for (const key of this.#lists) gone.add(key);
    const touched = new Set<K>();
    for (const id of change.ids) for (const key of this.#byProduct.get(id) ?? []) touched.add(key);
    for (const key of touched) {
      if (gone.has(key)) continue;
      // Stock alone changed: a value that can show the new counts takes them, in place of reading again.
      const value = change.stock && this.#withStock ? this.#values.peek(key) : undefined;
      const updated = value && this.#withStock!(value, change.stock!);
      if (!updated) gone.add(key);
      else if (updated !== value) this.#replace(key, updated);
    }
    for (const key of gone) this.#values.delete(key);
  }

  /** Puts `value` in place of the one under `key`, with what it shows (the same products). */
  #replace(key: K, value: V): void {
    // It keeps the age limit of the read it came from.
    const ttl = this.#values.getRemainingTTL(key);
    if (!(ttl > 0)) {
      this.#values.delete(key);
      return;
    }
    this.#values.set(key, value, { ttl });
    if (this.#values.has(key)) this.#index(key, this.#shownOf(value));
  }
}
