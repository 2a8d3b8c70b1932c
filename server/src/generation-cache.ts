import { LRUCache } from 'lru-cache';

/**
 * Signed-in users and search counts are kept under one rule: a value is kept only under the generation it
 * was read in, and a change raises the generation. This class is that rule over `lru-cache`, which does
 * the bookkeeping: least recently used out first past an entry or byte budget, and an age limit. (Catalog
 * answers and rendered pages are dropped by what changed instead: catalog-changes.ts, decision 0051.)
 *
 * The generation is counted here (`invalidate`, for a cache that hears of changes itself) or elsewhere
 * (`follow`, for one that reads it from the database or from another cache). Either way everything kept
 * belongs to the current generation, so a kept value is never checked against it: moving on empties it.
 */
export interface GenerationCacheOptions<V> {
  /** At most this many entries. */
  maxEntries?: number;
  /** At most this many bytes, as `bytesOf` counts them; a value larger than this is never kept. */
  maxBytes?: number;
  bytesOf?: (value: V) => number;
  /**
   * A safety net: a value older than this is read again even without a change heard (one the database's
   * triggers do not see, made with triggers off).
   */
  maxAgeMs: number;
}

export class GenerationCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  #generation = 0;
  readonly #values: LRUCache<K, V>;

  constructor(options: GenerationCacheOptions<V>) {
    const { maxEntries, maxBytes, bytesOf, maxAgeMs } = options;
    if (maxBytes === undefined) {
      if (maxEntries === undefined) throw new Error('A generation cache needs a budget');
      this.#values = new LRUCache<K, V>({ max: maxEntries, ttl: maxAgeMs });
    } else {
      if (!bytesOf) throw new Error('A byte budget needs bytesOf');
      this.#values = new LRUCache<K, V>({
        ...(maxEntries === undefined ? {} : { max: maxEntries }),
        maxSize: maxBytes,
        // lru-cache takes sizes of at least 1.
        sizeCalculation: (value) => Math.max(1, bytesOf(value)),
        ttl: maxAgeMs,
      });
    }
  }

  /** Raised by every change: what was read under an older one may be out of date. */
  get generation(): number {
    return this.#generation;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#values.size, bytes: this.#values.calculatedSize };
  }

  /** The value kept under `key` (now the most recently used), if it is younger than the age limit. */
  get(key: K): V | undefined {
    return this.#values.get(key);
  }

  /**
   * Keeps `value`, read under generation `readUnder`, unless a change came since (the value may not show
   * it). True when kept.
   */
  set(key: K, value: V, readUnder: number): boolean {
    if (readUnder !== this.#generation) return false;
    this.#values.set(key, value);
    return this.#values.has(key);
  }

  /**
   * Something changed: reads under way are not kept, and `key`'s value (one thing changed) or every value
   * (anything may have) is dropped.
   */
  invalidate(key?: K): void {
    this.#generation++;
    if (key === undefined) this.#values.clear();
    else this.#values.delete(key);
  }

  /**
   * For a generation numbered elsewhere: moves to `generation` when it is newer (dropping every value).
   * True when `generation` is the current one; false when it is older (a read that a change overtook).
   */
  follow(generation: number): boolean {
    if (generation > this.#generation) {
      this.#generation = generation;
      this.#values.clear();
    }
    return generation === this.#generation;
  }
}
