import { GenerationCache } from '../../generation-cache.ts';
import type { Encoding, ResponseCache } from '../../plugins/response-cache.ts';

/** A rendered page ready to send, and its compressed bytes once a client has asked for them. */
export interface KeptPage {
  status: number;
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** When its sale prices or banner stop being true (the next sale boundary; epoch ms, Infinity: never). */
  until: number;
}

/** A page as rendered: `until` is the earliest of the answers it shows (see KeptPage; absent: never). */
export interface RenderedPage {
  status: number;
  html: string;
  until?: number;
}

const kept = (page: RenderedPage): KeptPage => ({ ...page, until: page.until ?? Infinity, encoded: {} });

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
  /** Follows the response cache's generation: a page is kept only while the answers it shows are. */
  readonly #pages: GenerationCache<string, KeptPage>;
  /** Renders under way, by generation and key: concurrent askers of one page share its render. */
  readonly #rendering = new Map<string, Promise<KeptPage>>();
  readonly #catalog: ResponseCache;

  constructor(catalog: ResponseCache, options: Partial<PageCacheOptions> = {}) {
    this.#catalog = catalog;
    const { maxBytes, maxAgeMs } = { ...DEFAULTS, ...options };
    this.#pages = new GenerationCache({ maxBytes, bytesOf: (page) => page.html.length * 2, maxAgeMs });
  }

  get size(): { entries: number; bytes: number } {
    return this.#pages.size;
  }

  /** The page kept under `key`, if it is current. */
  get(key: string): KeptPage | undefined {
    // Following first: pages of an older generation go as soon as they are asked for, live or not.
    if (!this.#pages.follow(this.#catalog.generation) || !this.#catalog.live) return undefined;
    const page = this.#pages.get(key);
    // Past a sale's start or end its prices have changed: rendered again (and replaced) on this ask.
    return page && Date.now() < page.until ? page : undefined;
  }

  /**
   * Renders the page under `key` (`render` reads the catalog through the response cache) and keeps it
   * when nothing changed meanwhile and `keep` says it is worth keeping. Askers who come while it is
   * being rendered get the same render (a crowd arriving just after a change costs one render).
   */
  async render(
    key: string,
    render: () => Promise<RenderedPage>,
    keep: (page: RenderedPage) => boolean,
  ): Promise<KeptPage> {
    if (!this.#catalog.live) return kept(await render());
    const generation = this.#catalog.generation;
    const renderKey = `${generation}\u0000${key}`;
    let rendering = this.#rendering.get(renderKey);
    if (!rendering) {
      rendering = render().then(kept);
      this.#rendering.set(renderKey, rendering);
      const done = () => {
        if (this.#rendering.get(renderKey) === rendering) this.#rendering.delete(renderKey);
      };
      rendering.then((page) => {
        done();
        if (this.#catalog.live && this.#pages.follow(this.#catalog.generation) && keep(page)) {
          this.#pages.set(key, page, generation);
        }
      }, done);
    }
    return rendering;
  }
}
