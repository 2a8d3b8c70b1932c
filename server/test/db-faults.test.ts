import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { isDatabaseUnavailable, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { DEMO_CUSTOMER } from './helpers.ts';
import { TcpProxy } from './tcp-proxy.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The app on a database it cannot reach, built the way server.ts builds it. */
async function appWithoutDatabase(url: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: `/tmp/rr-faults-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const database = openDatabase(config.database);
  const app = await buildApp(config, database);
  await app.ready();
  return { app, database };
}

describe('while the database cannot be reached', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    ({ app, database } = await appWithoutDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/shop`));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 503 with a message and Retry-After, not 500', async () => {
    for (const url of ['/api/products', '/api/products/bestsellers', '/api/products?keyword=mukhi']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: expect.stringMatching(/database/), code: 'DATABASE_UNAVAILABLE' });
    }
    const signIn = await app.inject({ method: 'POST', url: '/api/users/loginviapassword', payload: DEMO_CUSTOMER });
    expect(signIn.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
  });
});

describe('when the database host accepts connections but never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    ({ app, database } = await appWithoutDatabase(`postgres://postgres@127.0.0.1:${port}/shop`, {
      DB_CONNECT_TIMEOUT_MS: '300',
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('gives up after the connect timeout and answers 503 instead of hanging', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: expect.stringMatching(/database/), code: 'DATABASE_UNAVAILABLE' });
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows connection losses and timeouts, wrapped or not, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const error of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03'),
      coded('08006'),
      coded('57014', 'canceling statement due to statement timeout'),
      coded('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated due to connection timeout') }),
      new AggregateError([coded('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    for (const error of [coded('23505', 'duplicate key'), coded('23514'), new Error('boom'), 'Connection terminated']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

/** A fresh database on the test server, named for this run. */
async function throwawayDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `rr_faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

describe.skipIf(!serverUrl)('PostgreSQL timeouts (needs TEST_DATABASE_URL)', () => {
  let target: Awaited<ReturnType<typeof throwawayDatabase>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    target = await throwawayDatabase();
    database = openDatabase({
      kind: 'postgres',
      url: target.url,
      timeouts: { statementMs: 200, idleInTransactionMs: 300 },
    });
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('cancels a statement that runs past statement_timeout, as "database unavailable"', async () => {
    const failure = await database.db.execute(sql`select pg_sleep(2)`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('ends a transaction left idle past idle_in_transaction_session_timeout, and the pool carries on', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    for (let i = 0; i < 12; i++) await expect(database.ping()).resolves.toBeUndefined();
  });
});

describe.skipIf(!serverUrl)('PostgreSQL behind a connection that fails (needs TEST_DATABASE_URL)', () => {
  let target: Awaited<ReturnType<typeof throwawayDatabase>>;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  beforeAll(async () => {
    target = await throwawayDatabase();
    const real = new URL(target.url);
    proxy = new TcpProxy(real.hostname, Number(real.port || 5432));
    await proxy.start();
    const viaProxy = new URL(target.url);
    viaProxy.host = proxy.url;
    database = openDatabase({ kind: 'postgres', url: viaProxy.toString(), timeouts: { connectMs: 1_000 } });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.stop();
    await target?.drop();
  });

  it('gives the broken connection back to the pool, so the pool never runs dry', async () => {
    // drizzle sends `begin` before its try block: a connection lost there was never released, and
    // ten of them (the pool size) left every later query waiting for a connection that never came.
    proxy.cutWhen = (chunk) => chunk.includes('begin');
    for (let i = 0; i < 12; i++) {
      const failure = await database.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
    }
    proxy.cutWhen = null;
    await expect(database.ping()).resolves.toBeUndefined();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
      }),
    ).resolves.toBeUndefined();
  });

  it('serves again once a database that was away for a while is back, without a restart', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    await proxy.stop();
    for (let i = 0; i < 3; i++) {
      const failure = await database.ping().then(
        () => null,
        (err: unknown) => err,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
    }
    await proxy.start();
    await expect(database.ping()).resolves.toBeUndefined();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      }),
    ).resolves.toBeUndefined();
  });
});

interface Reply {
  status: number;
  body: { _id?: string; message?: string; token?: string };
}

describe.skipIf(!serverUrl)('PostgreSQL dropping connections under load (needs TEST_DATABASE_URL)', () => {
  let target: Awaited<ReturnType<typeof throwawayDatabase>>;
  let server: ChildProcess;
  let output = '';
  let base = '';
  let admin: pg.Client;

  async function call(method: string, url: string, body?: unknown, token?: string): Promise<Reply> {
    // A hang is a failure too: no answer within 30 s aborts the request and fails the test.
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    }).catch((err: unknown) => {
      throw new Error(
        `${method} ${url} got no answer (${String(err)}); server exit code ${server.exitCode}:\n${output}`,
      );
    });
    return { status: res.status, body: (await res.json()) as Reply['body'] };
  }

  const placeOrder = (token: string, productId: string, qty: number, tag: string) =>
    call(
      'POST',
      '/api/orders',
      {
        orderItems: [{ product: productId, qty }],
        shippingAddress: { address: tag, city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
        paymentMethod: 'Cash on Delivery',
      },
      token,
    );

  /** Until /healthz answers 200; the milliseconds it took. Fails after 30 s. */
  async function waitUntilHealthy(): Promise<number> {
    const started = Date.now();
    for (let i = 0; i < 150; i++) {
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (res?.status === 200) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not become healthy again:\n${output}`);
  }

  const terminateAll = async () =>
    (
      await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [target.name],
      )
    ).rows[0].n as number;

  beforeAll(async () => {
    target = await throwawayDatabase();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: target.url,
        DATA_DIR: `/tmp/rr-faults-${randomBytes(4).toString('hex')}`,
        DEMO_DATA: 'true',
        RATE_LIMITS: 'false',
        LOG_LEVEL: 'warn',
        DB_CONNECT_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilHealthy();
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await admin?.end();
    await target?.drop();
  });

  it('keeps the process up, answers 201/409/503 only, recovers, and keeps the stock ledger exact', async () => {
    const signedIn = await call('POST', '/api/users/loginviapassword', DEMO_CUSTOMER);
    expect(signedIn.status).toBe(200);
    // Each customer may have 5 open Cash on Delivery orders: enough customers for every request.
    const tokens = [signedIn.body.token!];
    for (let i = 0; i < 15; i++) {
      const phone = `8${String(randomInt(0, 1e9)).padStart(9, '0')}`;
      const registered = await call('POST', '/api/users', {
        name: `Fault Test ${i}`,
        email: `fault${phone}@example.in`,
        phone,
        password: 'secret-pass-1',
      });
      expect(registered.status).toBe(201);
      tokens.push(registered.body.token!);
    }
    // Three products; one with little stock, so some orders are refused as out of stock. Each under
    // ₹15,000, so two of one stay within Cash on Delivery's ₹50,000 limit (issue 27).
    const dbClient = new pg.Client({ connectionString: target.url });
    await dbClient.connect();
    const { rows: chosen } = await dbClient.query<{ id: string }>(
      `select id from products where count_in_stock > 0 and price_paise <= 1500000 order by name limit 3`,
    );
    const productIds = chosen.map((row) => row.id);
    await dbClient.query('update products set count_in_stock = 4 where id = $1', [productIds[0]]);
    await dbClient.query('update products set count_in_stock = 500 where id = any($1)', [productIds.slice(1)]);
    const stockBefore = new Map(
      (await dbClient.query<{ id: string; n: number }>('select id, count_in_stock as n from products')).rows.map(
        (row) => [row.id, row.n],
      ),
    );
    await dbClient.end();

    const replies: Array<Reply & { tag: string }> = [];
    let terminated = 0;
    let requestNumber = 0;
    const runId = randomBytes(3).toString('hex');
    for (let round = 0; round < 4; round++) {
      const wave = Array.from({ length: 16 }, (_, i) => {
        const customer = i % tokens.length;
        const tag = `Fault ${runId} request ${(requestNumber += 1)}`;
        const productId = productIds[(round + i) % productIds.length]!;
        return placeOrder(tokens[customer]!, productId, 1 + (i % 2), tag).then((reply) => ({ ...reply, tag }));
      });
      const killer = (async () => {
        for (let k = 0; k < 3; k++) {
          await new Promise((resolve) => setTimeout(resolve, 5 + randomInt(0, 40)));
          terminated += await terminateAll();
        }
      })();
      replies.push(...(await Promise.all(wave)));
      await killer;
      expect(server.exitCode, `the server died:\n${output}`).toBeNull();
    }
    const lastTermination = Date.now();
    terminated += await terminateAll();
    const recoveryMs = Date.now() - lastTermination + (await waitUntilHealthy());

    const byStatus = replies.reduce<Record<number, number>>((counts, r) => {
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      return counts;
    }, {});
    console.log(
      `db-faults: ${terminated} connections terminated; answers by status ${JSON.stringify(byStatus)}; healthy again ${recoveryMs} ms after the last termination`,
    );
    expect(server.exitCode, `the server died:\n${output}`).toBeNull();
    for (const reply of replies) {
      expect([201, 409, 503], JSON.stringify(reply)).toContain(reply.status);
      expect(reply.body.message ?? reply.body._id).toBeTruthy();
    }
    expect(terminated).toBeGreaterThan(0);

    // Orders work again once the database is back.
    expect((await placeOrder(tokens[0]!, productIds[1]!, 1, `Fault ${runId} after`)).status).toBe(201);

    // Each acknowledged order is stored, and no request made two orders.
    const check = new pg.Client({ connectionString: target.url });
    await check.connect();
    try {
      const { rows: orderRows } = await check.query<{ id: string; address: string }>(
        `select id, address from orders where address like $1`,
        [`Fault ${runId}%`],
      );
      const perTag = new Map<string, number>();
      for (const row of orderRows) perTag.set(row.address, (perTag.get(row.address) ?? 0) + 1);
      expect([...perTag.values()].every((n) => n === 1)).toBe(true);
      const storedIds = new Set(orderRows.map((row) => row.id));
      for (const reply of replies.filter((r) => r.status === 201)) {
        expect(storedIds.has(reply.body._id!), `order ${reply.body._id} acknowledged but not stored`).toBe(true);
      }
      // The stock ledger: what was in stock, less what stored orders took, is what is in stock now.
      const { rows: ledger } = await check.query<{ id: string; now: number; sold: number }>(
        `select p.id, p.count_in_stock as now,
                coalesce((select sum(i.qty) from order_items i join orders o on o.id = i.order_id
                           where i.product_id = p.id and o.address like $1), 0)::int as sold
           from products p`,
        [`Fault ${runId}%`],
      );
      expect(ledger.length).toBe(stockBefore.size);
      for (const row of ledger) expect(row.now, `product ${row.id}`).toBe(stockBefore.get(row.id)! - row.sold);
    } finally {
      await check.end();
    }
  });
});
