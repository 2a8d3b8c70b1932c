import { KeptValues, SHOWS_ANY, type Shown } from '../../catalog-changes.ts';
import type { Encoding, ResponseCache } from '../../plugins/response-cache.ts';

/** A rendered page ready to send, and its compressed bytes once a client has asked for them. */
export interface KeptPage {
  status: number;
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** When its sale prices or banner stop being true (the next sale boundary; epoch ms, Infinity: never). */
  until: number;
  /** What the answers it shows show, together (see LoadScope). */
  shown: Shown;
}

/**
 * A page as rendered: `until` is the earliest of the answers it shows (see KeptPage; absent: never), and
 * `shown` what they show together (absent: any product).
 */
export interface RenderedPage {
  status: number;
  html: string;
  until?: number;
  shown?: Shown;
}

const kept = (page: RenderedPage): KeptPage => ({
  ...page,
  until: page.until ?? Infinity,
  shown: page.shown ?? SHOWS_ANY,
  encoded: {},
});

export interface PageCacheOptions {
  maxBytes: number;
  /** Besides every catalog change, a page is rendered again this often (the footer's year, say). */
  maxAgeMs: number;
}

const DEFAULTS: PageCacheOptions = { maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 };

/**
 * Server-rendered storefront pages kept as sent (decision 0028). A page is made only of catalog answers
 * (the response cache's) and its address, so it is kept under exactly the rule those answers are: while
 * the response cache hears changes, until a change touches a product one of its answers shows (or a list,
 * when one of them is a list; decision 0051); a page rendered from reads that such a change has overtaken
 * is sent to its askers and not kept. Least recently used pages go first past the byte budget (a page's
 * HTML counts twice: as text, and its compressed forms).
 */
export class PageCache {
  readonly #pages: KeptValues<string, KeptPage>;

  constructor(catalog: ResponseCache, options: Partial<PageCacheOptions> = {}) {
    const { maxBytes, maxAgeMs } = { ...DEFAULTS, ...options };
    this.#pages = new KeptValues(catalog.changes, {
      maxBytes,
      bytesOf: (page) => page.html.length * 2,
      maxAgeMs,
      shownOf: (page) => page.shown,
      // Past a sale's start or end its prices have changed: rendered again (and replaced) on this ask.
      holds: (page) => Date.now() < page.until,
    });
  }

  get size(): { entries: number; bytes: number } {
    return this.#pages.size;
  }

  /** The page kept under `key`, if it is current. */
  get(key: string): KeptPage | undefined {
    return this.#pages.get(key);
  }

  /**
   * Renders the page under `key` (`render` reads the catalog through the response cache) and keeps it
   * when nothing it shows changed meanwhile and `keep` says it is worth keeping. Askers who come while it
   * is being rendered get the same render (a crowd arriving just after a change costs one render).
   */
  async render(
    key: string,
    render: () => Promise<RenderedPage>,
    keep: (page: RenderedPage) => boolean,
  ): Promise<KeptPage> {
    const [page] = await this.#pages.getOrRead(key, () => render().then(kept), keep);
    return page;
  }
}
