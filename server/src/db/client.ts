import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// One turn of the event loop: whatever became readable meanwhile (a request, an answer) is read first.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, types as pgliteTypes, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type AnyColumn, type Query, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database (or a transaction on it) that every service takes as its first argument. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A transaction on the database, for work that is only correct inside one (row locks, limits checked
 * and then acted on, stock taken with the order that needs it). A transaction can be passed where a
 * `Database` is expected, but not the other way round: calling such work outside one is a type error.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Reads that do not wait for each other: at once on the pool (each on a connection of its own), one
 * after another in a transaction, whose one connection runs one statement at a time (node-postgres
 * queued the rest with a deprecation warning under `npm run load`; pg 9 refuses them).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Database,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

const dialect = new PgDialect();
/** Statement names by their text: a handful of shapes, each hashed once. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 500;

/**
 * Runs a read as a named prepared statement (`keep`, the default): PostgreSQL parses it once per
 * connection and, once it has seen it a few times, may keep one plan for it, instead of parsing and
 * planning it on every request. That is most of the time of a big, quick read such as a page of orders
 * built as JSON (decision 0025). Only for statements whose text comes in a few shapes: each shape stays
 * a statement on every pooled connection for the connection's life. `keep: false` runs it unnamed
 * (parsed and planned each time), for the rarer shapes of a statement. On PGlite the name is ignored.
 */
export async function executePrepared<Row>(db: Database, query: SQL, keep = true): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  return runBuilt(db, built, keep ? statementName(built.sql) : undefined);
}

/** Runs a built statement under `name` (kept on each connection) or unnamed, and answers its rows. */
async function runBuilt<Row>(db: Database, query: Query, name: string | undefined): Promise<Row[]> {
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}

/**
 * A big piece of SQL without parameters that many statements share (an order as JSON, ten thousand
 * characters): those statements write `piece.mark` where it goes and run through `piece.execute`, which
 * builds and names them without it (a few hundred characters) and puts it back once per statement shape.
 * Building the whole text on every read and hashing it to find its name cost about 35 µs a read.
 * `execute` is `executePrepared`'s, `keep` included.
 */
export function constantPiece(piece: SQL) {
  const built = dialect.sqlToQuery(piece);
  if (built.params.length) throw new Error('constantPiece: a constant piece has no parameters');
  const mark = `/*rr-piece-${createHash('sha1').update(built.sql).digest('base64url').slice(0, 12)}*/`;
  /** The whole text and (once it is run kept) its name, by the text written with the mark. */
  const shapes = new Map<string, { sql: string; name?: string }>();
  return {
    mark: sql.raw(mark),
    async execute<Row>(db: Database, query: SQL, keep = true): Promise<Row[]> {
      const written = dialect.sqlToQuery(query);
      let shape = shapes.get(written.sql);
      if (!shape) {
        if (!written.sql.includes(mark)) throw new Error('constantPiece: the statement does not hold the piece');
        shape = { sql: written.sql.replace(mark, () => built.sql) };
        if (shapes.size >= STATEMENT_NAMES_MAX) shapes.clear();
        shapes.set(written.sql, shape);
      }
      if (keep) shape.name ??= statementName(shape.sql);
      return runBuilt(db, { ...written, sql: shape.sql }, keep ? shape.name : undefined);
    },
  };
}

/** The name a statement's text runs under on every connection: a handful of shapes, each hashed once. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `rr_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** A query builder (select, insert, update, delete) as drizzle prepares it. */
interface Preparable {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
}
type PrepareArgs = Parameters<Database['_']['session']['prepareQuery']>;
type PreparedRun<B extends Preparable> = Awaited<ReturnType<ReturnType<B['prepare']>['execute']>>;

/**
 * A statement of the order and quote path, built once per process (decision 0070). `build` writes it
 * with the query builder as usual, with `sql.placeholder('name')` wherever a value of the call goes; the
 * returned function runs it on the database or a transaction with those values. Building a statement
 * (drizzle walking its columns and conditions into text) cost the server as much as a fifth of an
 * order's time; this builds each once. On PostgreSQL it also runs as a named prepared statement, parsed
 * once per connection. Only for statements whose text never depends on the call: anything that varies
 * (a list of ids, a value) must be a placeholder (`inList` for a list).
 */
export function hotStatement<B extends Preparable>(
  build: (db: Database) => B,
): (db: Database, values?: Record<string, unknown>) => Promise<PreparedRun<B>> {
  let shape: { args: PrepareArgs; name: string; joins: unknown } | undefined;
  return async (db, values = {}): Promise<PreparedRun<B>> => {
    if (!shape) {
      // Drizzle builds the statement when it is prepared, and hands the result to its session's
      // prepareQuery: a session that only keeps what it is given records the built statement.
      let recorded: PrepareArgs | undefined;
      const recordingSession = Object.create(db._.session, {
        prepareQuery: {
          value: (...args: PrepareArgs) => {
            recorded = args;
            const stub = { setToken: () => stub };
            return stub;
          },
        },
      }) as Database['_']['session'];
      const recordingDb = Object.create(db, { session: { value: recordingSession } }) as Database;
      const stub = build(recordingDb).prepare('recorded') as unknown as { joinsNotNullableMap?: unknown };
      if (!recorded) throw new Error('hotStatement: the builder did not prepare a statement');
      shape = { args: recorded, name: statementName(recorded[0].sql), joins: stub.joinsNotNullableMap };
    }
    const [query, fields, , ...rest] = shape.args;
    const prepared = db._.session.prepareQuery(query, fields, shape.name, ...rest);
    if (shape.joins) (prepared as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = shape.joins;
    return (await prepared.execute(values)) as PreparedRun<B>;
  };
}

/** A hot statement's condition that `column` is one of a list given at run time as `values[name]` (one parameter). */
export const inList = (column: AnyColumn, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;

/**
 * A parameter that PostgreSQL plans without looking at: a one-row subquery of it, which a plan reads
 * when it runs. A kept statement whose parameters are all written this way costs the same planned for
 * any values, so after its first five runs PostgreSQL keeps one plan for it (a generic plan) instead of
 * planning it again for every run because values it can see make a run look cheaper. Only for a
 * statement whose best plan does not depend on the values (an equality through an index, a page's
 * limit); a pattern's plan does.
 */
export const unseenByPlanner = (value: unknown, type: 'text[]' | 'uuid' | 'int'): SQL =>
  // Cast again outside: `= any((select ...))` would read the subquery's rows, not the array it answers.
  sql`(select ${value}::${sql.raw(type)})::${sql.raw(type)}`;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Follows the notices on a channel (LISTEN): `notice` for each one, `live(false)` the moment notices
   * may be missed (connection lost) and `live(true)` once they are followed again (after which the
   * caller must assume it missed some). Resolves once the first attempt is done, live or not.
   */
  listen(channel: string, events: ChannelEvents): Promise<Listener>;
  /** The connection pool's figures (PostgreSQL); null for PGlite, one embedded connection and no pool. */
  pool(): PoolFigures | null;
  /**
   * The database for work whose every statement may take at most `ms` (statement_timeout), so one kind of
   * query cannot hold connections the rest of the shop needs: on PostgreSQL a pool of its own (at most
   * BUDGETED_POOL_MAX connections), whose connections start with that timeout, opened on first use and
   * closed with the handle; PGlite runs no timers, so there it is `db`. A statement cut short throws an
   * error `isStatementTimeout` recognises.
   */
  budgeted(ms: number): Database;
}

export interface PoolFigures {
  /** Connections checked out by requests and jobs. */
  inUse: number;
  idle: number;
  /** The most the pool opens. */
  max: number;
  /** Callers waiting for a connection: every one is in use and the pool is at its most. */
  waiting: number;
}

export interface Listener {
  /**
   * Resolves once every notice sent by a transaction committed before the call has been handed to
   * `notice` (a round trip on the listening connection: the server delivers pending notices before it
   * answers). Rejects when that cannot be known (the connection is lost: `live(false)` follows).
   */
  sync(): Promise<void>;
  /** Stops following. */
  stop(): Promise<void>;
}

export interface ChannelEvents {
  notice(payload: string): void;
  live(live: boolean): void;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

/**
 * Whether the database has every migration in the journal, so that migrating would do nothing:
 * drizzle's migrator applies the journal's migrations newer than the newest it recorded (its
 * `created_at`, the journal's `when`). Answered from the journal and two small reads, where the migrator
 * reads and hashes every migration file and runs its DDL and a transaction at every start (issue 31:
 * start-up). A database that lacks any goes through the migrator as before.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const [table] = await rawRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return false;
  const [recorded] = await rawRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  if (recorded?.newest == null) return false;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return journal.entries.every((entry) => entry.when <= Number(recorded.newest));
}
/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_240_315;

/** What openDatabase takes: the configured database; timeouts left out take their defaults. */
export type DatabaseOptions =
  { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; timeouts?: Partial<DatabaseTimeouts> };

/** Connections a PostgreSQL pool opens at most, per instance. */
const POOL_MAX = 10;
/**
 * Connections a budgeted pool (`DatabaseHandle.budgeted`: searches) opens at most, beside POOL_MAX: more
 * searches at once wait in the process, not on the connections checkouts use.
 */
const BUDGETED_POOL_MAX = 5;

/** Warns at most once in this many milliseconds, so an outage does not flood the log. */
const LOST_CONNECTION_LOG_INTERVAL_MS = 10_000;

/**
 * A pg pool that survives the server dropping connections (restart, failover, pg_terminate_backend):
 * every client has an 'error' listener all its life (pg-pool only listens while a client is idle, and
 * an 'error' on a checked-out client without a listener kills the process), and a client that loses its
 * connection while checked out goes back to the pool at once, marked broken, so the pool replaces it
 * even when its holder never releases it (drizzle leaks the client when `begin` itself fails).
 */
function openPool(url: string, timeouts: DatabaseTimeouts, max = POOL_MAX): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
    // Issue 31: no JIT compilation. The shop's statements are short reads whose estimated cost can still
    // pass jit_above_cost (a search's fenced tiers at 100k products): compiling them took 90 ms to save
    // nothing, at every execution of a statement planned anew.
    options: '-c jit=off',
    keepAlive: true,
  });
  let lastWarning = 0;
  const warn = (what: string, err: Error) => {
    if (Date.now() - lastWarning < LOST_CONNECTION_LOG_INTERVAL_MS) return;
    lastWarning = Date.now();
    console.warn(`database: ${what} (${err.message}); requests answer 503 until it is back`);
  };
  pool.on('error', (err) => warn('idle connection lost', err));
  pool.on('connect', (client) => client.on('error', (err) => warn('connection lost', err)));

  const connect = pool.connect.bind(pool);
  const connectGuarded = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    const releaseToPool = client.release;
    let released = false;
    const release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', release);
      releaseToPool(err);
    };
    client.on('error', release);
    client.release = release;
    return client;
  };
  // pool.query() calls connect with a callback and handles a lost connection itself.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connectGuarded()) as typeof pool.connect;
  return pool;
}

export function openDatabase(database: DatabaseOptions): DatabaseHandle {
  if (database.kind === 'postgres') {
    const timeouts = { ...DATABASE_TIMEOUT_DEFAULTS, ...database.timeouts };
    const pool = openPool(database.url, timeouts);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const budgeted = new Map<number, { pool: pg.Pool; db: Database }>();
    return {
      db,
      kind: 'postgres',
      async migrate() {
        if (await migrationsApplied(db)) return;
        // A connection of its own, without the statement timeouts: a migration may take its time.
        const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: timeouts.connectMs });
        client.on('error', (err) => console.warn(`database: migration connection lost (${err.message})`));
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await Promise.all([pool.end(), ...[...budgeted.values()].map((kept) => kept.pool.end())]);
      },
      budgeted(ms) {
        const statementMs = Math.max(1, Math.round(ms));
        let kept = budgeted.get(statementMs);
        if (!kept) {
          const budgetPool = openPool(database.url, { ...timeouts, statementMs }, BUDGETED_POOL_MAX);
          kept = { pool: budgetPool, db: drizzlePg(budgetPool, { schema }) as unknown as Database };
          budgeted.set(statementMs, kept);
        }
        return kept.db;
      },
      listen: (channel, events) => listenOnPostgres(database.url, timeouts, channel, events),
      pool: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        max: POOL_MAX,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  return pgliteHandle(newPglite({ dataDir: database.dataDir ?? undefined }));
}

/**
 * The rows of a raw query (one the query builder cannot write: a window over a CTE, a function call),
 * typed by the caller: both drivers answer one with `{ rows }`. Every raw read goes through here.
 */
export async function rawRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * PostgreSQL's settings inside PGlite, on top of PGlite's own (issue 31: idle memory). initdb gives a
 * data folder 128 MB of shared buffers, and inside WebAssembly they are allocated and zeroed at start,
 * so the whole pool was resident from the first second (about 125 MB of the 375 MB the shop idled at).
 * The process is the database's only client, and the data folder's pages stay in the OS's file cache
 * besides, so a small pool costs a read call on a miss, not a disk read. PGlite runs one backend, so
 * the per-connection tables need not be sized for 100.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '8MB', max_connections: '4' };

const asText = (value: string) => value;
/**
 * The types drizzle reads as PostgreSQL's text and converts itself: timestamps, dates, intervals, and
 * arrays of those and of numeric. drizzle-orm/pglite asks for them with every statement, and PGlite then
 * copies its whole table of parsers (318 types) to add them: 70-190 µs a statement, measured (decision
 * 0069). `pgliteHandle` puts them in its PGlite's own table instead, and `takingTurns` drops drizzle's.
 */
const DRIZZLE_TEXT_TYPES: Readonly<Record<number, (value: string) => string>> = {
  [pgliteTypes.TIMESTAMP]: asText,
  [pgliteTypes.TIMESTAMPTZ]: asText,
  [pgliteTypes.INTERVAL]: asText,
  [pgliteTypes.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** A PGlite with the extensions the migrations use (pg_trgm for search): every PGlite is made here. */
export function newPglite(options: Omit<PGliteOptions, 'extensions' | 'startParams'> = {}): PGlite {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return new PGlite({ ...options, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...settings] });
}

/**
 * Puts DRIZZLE_TEXT_TYPES in the PGlite's own parsers once it is ready: PGlite sets its array types'
 * parsers while starting, over any given to it. Every statement through `takingTurns` first waits a turn
 * of the event loop, after this has run. A PGlite that fails to start refuses its statements, which say so.
 */
function readTypesAsDrizzleDoes(client: PGlite): void {
  void client.waitReady.then(
    () => Object.assign(client.parsers, DRIZZLE_TEXT_TYPES),
    () => undefined,
  );
}

/** A statement's options without the parsers every PGlite already has (DRIZZLE_TEXT_TYPES). */
function withoutDrizzleParsers<Options extends { parsers?: object }>(options: Options | undefined) {
  if (!options?.parsers || !Object.keys(options.parsers).every((type) => type in DRIZZLE_TEXT_TYPES)) return options;
  const { parsers: _known, ...rest } = options;
  return rest;
}

/**
 * PGlite with statements that take turns with the rest of the process (issue 31, decision 0069). PGlite
 * runs a statement inside this thread and resolves its promise as a microtask, so a request's
 * statements ran back to back and no socket was read until the request was done: a catalog read
 * answered from memory (50 µs) waited 40 ms behind an order's 40 statements, and the catalog beside
 * orders kept 0.01 of its speed. Each statement, in a transaction too, now first waits one turn of the
 * event loop. The transaction still holds PGlite's one connection meanwhile: what changes is only that
 * other requests' JavaScript (and the answers from memory) run between its statements. It also leaves
 * out the parsers drizzle sends with each statement, which every PGlite has already (DRIZZLE_TEXT_TYPES).
 */
function takingTurns<Client extends object>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query') {
        return async (text: string, params?: unknown[], options?: { parsers?: object }) => {
          await nextTurn();
          return Reflect.apply(value, target, [text, params, withoutDrizzleParsers(options)]);
        };
      }
      if (property === 'transaction') {
        return (work: (tx: object) => Promise<unknown>) =>
          Reflect.apply(value, target, [(tx: object) => work(takingTurns(tx))]);
      }
      return value.bind(target);
    },
  });
}

/** The database handle of an open PGlite (a data folder, memory, or a loaded dump in tests). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  readTypesAsDrizzleDoes(client);
  const pgliteDb = drizzlePglite(takingTurns(client), { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      if (await migrationsApplied(db)) return;
      await migratePglite(pgliteDb, { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    pool: () => null,
    budgeted: () => db,
    async listen(channel, events) {
      // In-process: the notices of a commit are handed over before the writer's query resolves, and
      // there is no connection to lose.
      const unlisten = await client.listen(channel, (payload) => events.notice(payload));
      events.live(true);
      return {
        sync: async () => undefined,
        async stop() {
          events.live(false);
          await unlisten().catch(() => undefined);
        },
      };
    },
  };
}

/** How often a listening connection proves it is still there, and how soon it tries again once lost. */
const LISTENER_HEARTBEAT_MS = 5_000;
const LISTENER_RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work), kept alive: a lost
 * connection (restart, pg_terminate_backend, a heartbeat that does not answer) reports `live(false)` at
 * once and is replaced, with growing pauses, until `stop`.
 */
async function listenOnPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  channel: string,
  events: ChannelEvents,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  let stopped = false;
  let current: { client: pg.Client; roundTrip: () => Promise<void> } | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const attempt = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: Math.min(timeouts.queryMs, LISTENER_HEARTBEAT_MS),
      keepAlive: true,
      application_name: `rr-listen-${channel}`,
    });
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(timers.heartbeat);
      if (current?.client === client) {
        current = null;
        events.live(false);
      }
      client.end().catch(() => undefined);
      if (stopped) return;
      if (failures === 0 && err) console.warn(`database: listening on ${channel} lost (${err.message}); reconnecting`);
      const pause = LISTENER_RETRY_MS[Math.min(failures, LISTENER_RETRY_MS.length - 1)]!;
      failures++;
      retry = setTimeout(() => void attempt(), pause);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) events.notice(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (stopped || lost) {
      if (!lost) await client.end().catch(() => undefined);
      return;
    }
    current = { client, roundTrip: roundTrips(client) };
    failures = 0;
    events.live(true);
    const { roundTrip } = current;
    timers.heartbeat = setInterval(() => {
      roundTrip().catch((err: Error) => onLost(err));
    }, LISTENER_HEARTBEAT_MS);
    timers.heartbeat.unref();
  };

  await attempt();
  return {
    async sync() {
      if (!current) throw new Error(`not listening on ${channel}`);
      await current.roundTrip();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current?.client;
      current = null;
      events.live(false);
      if (client) await client.end().catch(() => undefined);
    },
  };
}

/**
 * Round trips on a listening connection, one query at a time: pg queues a query sent while another
 * runs, but warns that pg 9 will refuse it, and heartbeats and the syncs of concurrent write requests
 * meet there all the time. A caller that arrives while a round trip waits for its turn shares it: the
 * server answers it after the caller's call, which is all a sync needs, so a crowd of writes costs two
 * round trips, not one each.
 */
function roundTrips(client: pg.Client): () => Promise<void> {
  let last: Promise<unknown> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  return () => {
    if (waiting) return waiting;
    const trip: Promise<void> = last.then(async () => {
      waiting = null;
      await client.query('select 1');
    });
    waiting = trip;
    last = trip.catch(() => undefined);
    return trip;
  };
}

/** PostgreSQL error codes that mean "the database is away or overloaded", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, recovering, failing over
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/, // a client whose connection was lost
];

/**
 * True when an error (or what it wraps: drizzle wraps driver errors in `cause`) says the database
 * cannot be reached right now, so the request may succeed when retried.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && UNAVAILABLE_NODE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** True when the statement was cancelled by its statement_timeout (or wraps such an error). */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  return (error as { code?: unknown }).code === '57014' || isStatementTimeout(error.cause, depth + 1);
}
