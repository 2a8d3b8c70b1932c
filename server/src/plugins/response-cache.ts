import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';
import { CatalogChanges, KeptValues, SHOWS_ANY, catalogChangeOf, type Shown } from '../catalog-changes.ts';
import { SignedInUsers, USER_NOTICE_PREFIX } from './signed-in-users.ts';

/**
 * Answers kept as the bytes sent (JSON, serialised and checked against the route's schema once),
 * with their ETag, until something they show changes. Every change to the catalog tables raises a
 * database notice saying which products changed (migration 0042's triggers, whoever writes: this
 * instance, another one, a job, plain SQL); each answer says, while it is read, which products it shows
 * and whether it is a list (LoadScope), and a notice drops the answers it touches (catalog-changes.ts,
 * decision 0051). A write request answered here first waits for its notices; a read overtaken by a
 * change it shows is not kept. While the listener is down nothing is stored or served from memory (the
 * answers are read fresh), since a change could go unnoticed.
 */

/** The channel migration 0042's (and 0012's) triggers notify. */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Shared caches (a CDN) may keep a public answer for a few seconds; browsers always ask again, with the
 * ETag, so a shopper or an admin who just changed something sees it at once (304s cost next to nothing).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=10';
/** An answer for one person or an admin: not kept by shared caches, revalidated by the browser. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
/** How long shared caches may keep a public answer (PUBLIC_CACHE_CONTROL's s-maxage), in milliseconds. */
const SHARED_MAX_AGE_MS = 10_000;

/**
 * A public answer's Cache-Control when it holds only until `until` (epoch milliseconds, the next start
 * or end of a sale): shared caches keep it no longer than that.
 */
export function publicCacheControl(until: number, now: number): string {
  if (until - now >= SHARED_MAX_AGE_MS) return PUBLIC_CACHE_CONTROL;
  return `public, max-age=0, must-revalidate, s-maxage=${Math.max(0, Math.floor((until - now) / 1000))}`;
}

/**
 * Given to a load, which tells it what the answer depends on: a moment it holds until (a sale's start or
 * end; dropped then, the earliest one said), the products it shows, and whether it is a list. An answer
 * that never calls `shows` is taken to show every product (any product's change drops it).
 */
export interface LoadScope {
  holdsUntil(until: number): void;
  /**
   * The answer shows these products' facts (none, for an answer that shows no product; 'any' for one
   * read from an answer that did not say).
   */
  shows(productIds: Iterable<string> | 'any'): void;
  /** Which products the answer holds, or their order, follows their listing facts (price, name, stock...). */
  lists(): void;
}

/** What a load tells its scope, gathered: see LoadScope. */
export function gatheringScope(): LoadScope & { until: () => number; shown: () => Shown } {
  let until = Infinity;
  let products: Set<string> | 'any' | null = null;
  let lists = false;
  return {
    holdsUntil: (moment) => {
      until = Math.min(until, moment);
    },
    shows: (productIds) => {
      if (productIds === 'any' || products === 'any') {
        products = 'any';
        return;
      }
      products ??= new Set();
      for (const id of productIds) products.add(id);
    },
    lists: () => {
      lists = true;
    },
    until: () => until,
    shown: () => (products === null || products === 'any' ? SHOWS_ANY : { products, lists }),
  };
}

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** A safety net: an entry older than this is read again even without a notice. */
  maxAgeMs: number;
}

const DEFAULTS: ResponseCacheOptions = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, maxAgeMs: 60_000 };

/** An answer ready to send, and its value (for in-process readers such as server rendering). */
export interface CachedAnswer<T> {
  value: T;
  body: Buffer;
  etag: string;
  /** When it stops being true without any change to the database (epoch ms; Infinity: never). */
  until: number;
  /** The products it shows, and whether it is a list (see LoadScope). */
  shown: Shown;
}

interface Entry extends CachedAnswer<unknown> {
  /** The bytes compressed, made the first time a client asks for them. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** What the entry is charged against the byte budget: its bytes, and about as much again for the value. */
  cost: number;
  /** Whether shared caches may keep it (its route's `isPublic`), known once it has been sent. */
  public?: boolean;
  /** The pattern of the route that sent it (metrics label its answers from memory by it). */
  route?: string;
}

export type CacheStatus = 'hit' | 'miss' | 'bypass';

export class ResponseCache {
  /** The changes heard: what drops entries, and whether any are kept at all. */
  readonly changes = new CatalogChanges();
  /** Least recently used out first past either budget; an entry larger than the byte budget is never kept. */
  readonly #entries: KeptValues<string, Entry>;
  /** Request addresses (path and query, as sent) whose answer is the entry under a key: see `byAddress`. */
  readonly #addresses: LRUCache<string, string>;

  constructor(options: Partial<ResponseCacheOptions> = {}) {
    const { maxEntries, maxBytes, maxAgeMs } = { ...DEFAULTS, ...options };
    this.#entries = new KeptValues(this.changes, {
      maxEntries,
      maxBytes,
      bytesOf: (entry) => entry.cost,
      maxAgeMs,
      shownOf: (entry) => entry.shown,
      // Past a sale's start or end its prices have changed: read again (and replaced) on this ask.
      holds: (entry) => Date.now() < entry.until,
      withStock: entryWithStock,
    });
    // Addresses stay true across changes (an address always asks the same question); only the entries
    // they point to come and go.
    this.#addresses = new LRUCache({ max: maxEntries * 4 });
  }

  /** Waits for the notices of what was committed before the call (the listener's round trip, once following). */
  #catchUp: () => Promise<void> = () => Promise.resolve();

  /** True while changes are known to reach this instance: only then are answers kept. */
  get live(): boolean {
    return this.changes.live;
  }

  get size(): { entries: number; bytes: number } {
    return this.#entries.size;
  }

  /** Raised by every broad change (not a product's): what shows no product follows it (the running sales). */
  get generation(): number {
    return this.changes.generation;
  }

  /** How many changes this instance has heard, each dropping what it touches (a figure for /metrics). */
  get invalidations(): number {
    return this.changes.heard;
  }

  /** A notice on the catalog channel (migration 0042's payloads): the answers it touches are dropped. */
  hear(payload: string): void {
    this.changes.hear(catalogChangeOf(payload));
  }

  /** Anything may have changed: every answer kept so far is dropped (and loads under way are not kept). */
  invalidate(): void {
    this.changes.hear({ kind: 'all' });
  }

  setLive(live: boolean): void {
    this.changes.setLive(live);
  }

  /** Follows the database's notices: `sync` resolves once those of every earlier commit have been heard. */
  follow(sync: () => Promise<void>): void {
    this.#catchUp = sync;
  }

  /**
   * Resolves once every notice of a transaction committed before the call has been heard (and has dropped
   * what it touches); rejects when that cannot be known (the listener is lost). A writer that wrote
   * outside a request (a job, a test's own SQL) calls it before reading what it changed.
   */
  caughtUp(): Promise<void> {
    return this.#catchUp();
  }

  /**
   * The answer under `key`: kept, or loaded (one load at a time per key; concurrent askers share it),
   * checked against `schema` and serialised once.
   */
  async get<T>(
    key: string,
    schema: z.core.$ZodType<T>,
    load: (scope: LoadScope) => Promise<T>,
  ): Promise<[CachedAnswer<T>, CacheStatus]> {
    const kept = this.peek<T>(key);
    if (kept) return [kept, 'hit'];
    return this.load(key, schema, load);
  }

  /**
   * The kept answer under `key`, if there is a current one (no waiting: the fast path of a hit). One
   * past its `until` is not (a sale started or ended since it was read): the next load replaces it.
   */
  peek<T>(key: string): CachedAnswer<T> | undefined {
    return this.#entries.get(key) as (Entry & CachedAnswer<T>) | undefined;
  }

  /**
   * Notes that a GET of `address` (path and query exactly as the client sent them) was answered with the
   * entry under `key`: the same address always asks the same question of the same route (the route,
   * its validation and its key depend on nothing else), so it can be answered from memory next time.
   */
  rememberAddress(address: string, key: string): void {
    if (this.#addresses.get(address) !== key) this.#addresses.set(address, key);
  }

  /** The current public entry a GET of `address` was answered with, if any (see `rememberAddress`). */
  byAddress(address: string): Entry | undefined {
    const key = this.#addresses.get(address);
    const entry = key === undefined ? undefined : (this.peek(key) as Entry | undefined);
    return entry?.public === true ? entry : undefined;
  }

  /** Loads the answer under `key` (see `get`), after `peek` found none. */
  async load<T>(
    key: string,
    schema: z.core.$ZodType<T>,
    load: (scope: LoadScope) => Promise<T>,
  ): Promise<[CachedAnswer<T>, CacheStatus]> {
    const [entry, status] = await this.#entries.getOrRead(key, () => build(schema, load));
    return [entry as Entry & CachedAnswer<T>, status];
  }
}

/** About what an entry's bookkeeping costs besides its bytes. */
const ENTRY_OVERHEAD = 256;

/** A product as answers carry it (a summary, a detail): where its stock count is. */
interface Stocked {
  _id: string;
  countInStock: number;
}
const isStocked = (value: unknown): value is Stocked =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Stocked)._id === 'string' &&
  typeof (value as Stocked).countInStock === 'number';

/**
 * `entry` with the products' new stock counts (a 'stock:' notice: nothing else they show changed), as a
 * new entry (the old value may be held by a reader); `entry` itself when it shows none of the counts. The
 * products an answer shows, with their counts, are the answer itself (a detail), its items (best sellers,
 * top rated) or its `products` (a list); an answer that shows one of them otherwise is dropped.
 */
function entryWithStock(entry: Entry, stock: ReadonlyMap<string, number>): Entry | undefined {
  const value = entry.value as { products?: unknown };
  const items: unknown[] = Array.isArray(value) ? value : Array.isArray(value.products) ? value.products : [value];
  if (!items.every(isStocked)) return undefined;
  if (!items.some((item) => stock.has(item._id) && stock.get(item._id) !== item.countInStock)) return entry;
  const restock = (item: Stocked) => ({ ...item, countInStock: stock.get(item._id) ?? item.countInStock });
  const updated = Array.isArray(value)
    ? (value as Stocked[]).map(restock)
    : Array.isArray(value.products)
      ? { ...value, products: (value.products as Stocked[]).map(restock) }
      : restock(value as Stocked);
  const body = Buffer.from(JSON.stringify(updated));
  return { ...entry, value: updated, body, etag: etagOf(body), cost: body.length * 2 + ENTRY_OVERHEAD, encoded: {} };
}

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

async function build<T>(schema: z.core.$ZodType<T>, load: (scope: LoadScope) => Promise<T>): Promise<Entry> {
  const scope = gatheringScope();
  const value = z.parse(schema, await load(scope));
  const body = Buffer.from(JSON.stringify(value));
  const etag = etagOf(body);
  return {
    value,
    body,
    etag,
    until: scope.until(),
    shown: scope.shown(),
    cost: body.length * 2 + ENTRY_OVERHEAD,
    encoded: {},
  };
}

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export interface CachedRoute<T> {
  /** What identifies the answer: the route and its validated (normalised) input. */
  key: string;
  /** The route's 200 schema: the value is checked against it once, when loaded. */
  schema: z.core.$ZodType<T>;
  /** Reads the answer; one that holds only until a moment tells `scope` (see LoadScope). */
  load: (scope: LoadScope) => Promise<T>;
  /** Public answers may be kept by shared caches; an answer only for some readers (a draft) may not. */
  isPublic: (value: T) => boolean;
  /** Reading it is real work for the database (a search): counted against the client's `searchMiss` allowance. */
  costly?: boolean;
}

/**
 * Sends the cached answer of a GET route: its bytes as they are (no per-request serialisation or schema
 * check), its ETag (304 when the client has it) and its Cache-Control.
 */
export function sendCached<T, Reply extends FastifyReply>(
  request: FastifyRequest,
  reply: Reply,
  route: CachedRoute<T>,
): Reply | Promise<Reply> {
  const cache = request.server.responseCache;
  const kept = cache.peek<T>(route.key);
  if (kept) return send(request, reply, route, kept, 'hit');
  const load = () =>
    cache
      .load(route.key, route.schema, route.load)
      .then(([answer, status]) => send(request, reply, route, answer, status));
  return route.costly ? request.server.workLimits.searchMiss(request).then(load) : load();
}

export type Encoding = 'br' | 'gzip';
/** Smaller answers go as they are (as the compress plugin's threshold has it). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send, by the client's Accept-Encoding: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The answer's bytes in `encoding`, compressed once per entry rather than on every request. */
function encodedBody(answer: CachedAnswer<unknown>, encoding: Encoding): Buffer {
  const entry = answer as Entry;
  let bytes = entry.encoded[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(entry.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
          })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded[encoding] = bytes;
  }
  return bytes;
}

/** An answer of the cache as it goes on the wire (the security headers come on top). */
interface WireAnswer {
  statusCode: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The one way a cached answer is sent, whether through the route (`sendCached`) or from memory
 * (`answerFromMemory`): its ETag (304 when the client has it), Cache-Control, and its bytes, compressed
 * when the client takes brotli or gzip.
 */
function wireAnswer(
  answer: CachedAnswer<unknown>,
  isPublic: boolean,
  status: CacheStatus,
  requestHeaders: { 'if-none-match'?: string | undefined; 'accept-encoding'?: string | undefined },
): WireAnswer {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': !isPublic
      ? PRIVATE_CACHE_CONTROL
      : answer.until === Infinity
        ? PUBLIC_CACHE_CONTROL
        : publicCacheControl(answer.until, Date.now()),
    'x-cache': status,
  };
  if (matches(requestHeaders['if-none-match'], answer.etag)) return { statusCode: 304, headers, body: null };
  headers['content-type'] = 'application/json; charset=utf-8';
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(requestHeaders['accept-encoding']) : null;
  if (!encoding) return { statusCode: 200, headers, body: answer.body };
  // With Content-Encoding set, the compress plugin leaves the bytes alone.
  headers['content-encoding'] = encoding;
  headers.vary = 'accept-encoding';
  return { statusCode: 200, headers, body: encodedBody(answer, encoding) };
}

function send<T, Reply extends FastifyReply>(
  request: FastifyRequest,
  reply: Reply,
  route: CachedRoute<T>,
  answer: CachedAnswer<T>,
  status: CacheStatus,
): Reply {
  const entry = answer as Entry;
  entry.public ??= route.isPublic(answer.value);
  entry.route ??= request.routeOptions.url;
  if (request.method === 'GET' && entry.public && status !== 'bypass' && request.raw.url) {
    request.server.responseCache.rememberAddress(request.raw.url, route.key);
  }
  const wire = wireAnswer(answer, entry.public, status, request.headers);
  reply.code(wire.statusCode).headers(wire.headers);
  return (wire.body ? reply.send(wire.body) : reply.send()) as Reply;
}

/** Told of each answer from memory (a GET): its route's pattern, status and time taken (ms). */
export type MemoryAnswerObserver = (route: string | undefined, status: number, ms: number) => void;

/**
 * Answers a GET from memory before the framework sees it (the server's request handler calls this
 * first): when the address was answered from the cache before, its entry is current and public, and
 * the client takes what the cache can send (no encoding, brotli or gzip). Anything else (false) goes
 * through Fastify as usual. The answer is byte for byte what the route sends (`wireAnswer`, and the
 * security headers every answer carries); it costs about what a bare Node server sending those bytes
 * does (decision 0026). Logged as Fastify logs a request when `requestLog` is given (the log takes
 * requests at its level).
 */
export function answerFromMemory(
  cache: ResponseCache,
  securityHeaders: Readonly<Record<string, string>>,
  requestLog: FastifyBaseLogger | null,
  observe: MemoryAnswerObserver | null = null,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    if (request.method !== 'GET' || !request.url) return false;
    const acceptEncoding = request.headers['accept-encoding'];
    if (acceptEncoding && !preferredEncoding(acceptEncoding)) return false;
    const entry = cache.byAddress(request.url);
    if (!entry) return false;
    const startedAt = performance.now();
    const wire = wireAnswer(entry, true, 'hit', request.headers);
    const headers = { ...securityHeaders, ...wire.headers };
    if (wire.body) {
      response.writeHead(wire.statusCode, { ...headers, 'content-length': String(wire.body.length) });
      response.end(wire.body);
    } else {
      response.writeHead(wire.statusCode, headers);
      response.end();
    }
    observe?.(entry.route, wire.statusCode, performance.now() - startedAt);
    if (requestLog) {
      requestLog.info(
        {
          req: { method: request.method, url: request.url, host: request.headers.host },
          res: { statusCode: wire.statusCode },
          responseTime: performance.now() - startedAt,
          fromMemory: true,
        },
        'request completed',
      );
    }
    return true;
  };
}

/** A key from a route name and its validated input, the same whatever order the input came in. */
export function cacheKey(route: string, input: object = {}): string {
  const entries = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(entries)}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A request sent with a writing method that writes nothing (POST /api/orders/quote): its answer does
     * not wait for change notices (registerResponseCache's onSend), a round trip fewer.
     */
    writesNothing?: boolean;
  }
  interface FastifyInstance {
    /** Catalog answers kept until the catalog changes (see plugins/response-cache.ts). */
    responseCache: ResponseCache;
    /** Signed-in requests' users, kept until their row changes (plugins/signed-in-users.ts). */
    signedInUsers: SignedInUsers;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with its response cache (and the signed-in users kept beside it) and keeps both
 * honest: they follow the database's change notices. Before this instance answers a write request it
 * waits until the notices of what that request committed have arrived (on PostgreSQL a notice travels on
 * its own connection and could arrive after the answer; the writer must see its change on its next read).
 * A write that changed no catalog table therefore leaves the cache as it was; if the wait fails,
 * everything is dropped.
 */
export async function registerResponseCache(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: Partial<ResponseCacheOptions> & { enabled?: boolean } = {},
): Promise<void> {
  const cache = new ResponseCache(options);
  const users = new SignedInUsers();
  app.decorate('responseCache', cache);
  app.decorate('signedInUsers', users);
  // Switched off (CATALOG_CACHE=false): never live, so every answer and user is read fresh ('bypass').
  if (options.enabled === false) return;
  const listener = await database.listen(CATALOG_CHANNEL, {
    notice: (payload) =>
      payload.startsWith(USER_NOTICE_PREFIX)
        ? users.forget(payload.slice(USER_NOTICE_PREFIX.length))
        : cache.hear(payload),
    live: (live) => {
      cache.setLive(live);
      users.setLive(live);
    },
  });
  cache.follow(() => listener.sync());
  // A callback hook, not an async one: reads (nearly every request) pass without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.writesNothing || !cache.live) {
      return done(null, payload);
    }
    cache
      .caughtUp()
      .catch(() => cache.invalidate())
      .then(() => done(null, payload));
  });
  app.addHook('onClose', async () => listener.stop());
}
