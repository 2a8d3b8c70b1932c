import type { Encoding, ResponseCache } from '../../plugins/response-cache.ts';

/** A rendered page ready to send, and its compressed bytes once a client has asked for them. */
export interface KeptPage {
  status: number;
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

interface Entry extends KeptPage {
  generation: number;
  storedAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** Besides every catalog change, a page is rendered again this often (the footer's year, say). */
  maxAgeMs: number;
}

const DEFAULTS: PageCacheOptions = { maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 };

/**
 * Server-rendered storefront pages kept as sent (decision 0028). A page is made only of catalog answers
 * (the response cache's) and its address, so it is kept under exactly the rule those answers are: for
 * the response cache's current generation, while it is live; a page rendered from reads that a change
 * has overtaken is sent to its askers and not kept. Least recently used pages go first past the byte
 * budget (a page's HTML counts twice: as text, and its compressed forms).
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  /** Renders under way, by generation and key: concurrent askers of one page share its render. */
  readonly #rendering = new Map<string, Promise<Entry>>();
  readonly #catalog: ResponseCache;
  readonly #options: PageCacheOptions;
  #bytes = 0;

  constructor(catalog: ResponseCache, options: Partial<PageCacheOptions> = {}) {
    this.#catalog = catalog;
    this.#options = { ...DEFAULTS, ...options };
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** The page kept under `key`, if it is current. */
  get(key: string): KeptPage | undefined {
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    if (
      !this.#catalog.live ||
      kept.generation !== this.#catalog.generation ||
      Date.now() - kept.storedAt >= this.#options.maxAgeMs
    ) {
      this.#remove(key, kept);
      return undefined;
    }
    // Most recently used last: the first entry of the map is the one to evict.
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    return kept;
  }

  /**
   * Renders the page under `key` (`render` reads the catalog through the response cache) and keeps it
   * when nothing changed meanwhile and `keep` says it is worth keeping. Askers who come while it is
   * being rendered get the same render (a crowd arriving just after a change costs one render).
   */
  async render(
    key: string,
    render: () => Promise<{ status: number; html: string }>,
    keep: (page: { status: number; html: string }) => boolean,
  ): Promise<KeptPage> {
    if (!this.#catalog.live) return { ...(await render()), encoded: {} };
    const generation = this.#catalog.generation;
    const renderKey = `${generation}\u0000${key}`;
    let rendering = this.#rendering.get(renderKey);
    if (!rendering) {
      rendering = render().then((page) => ({ ...page, encoded: {}, generation, storedAt: Date.now() }));
      this.#rendering.set(renderKey, rendering);
      const done = () => {
        if (this.#rendering.get(renderKey) === rendering) this.#rendering.delete(renderKey);
      };
      rendering.then((page) => {
        done();
        if (generation === this.#catalog.generation && this.#catalog.live && keep(page)) this.#store(key, page);
      }, done);
    }
    return rendering;
  }

  #store(key: string, entry: Entry): void {
    const cost = entry.html.length * 2;
    if (cost > this.#options.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, entry);
    this.#bytes += cost;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#remove(oldestKey, oldest);
    }
  }

  #remove(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.html.length * 2;
  }
}
