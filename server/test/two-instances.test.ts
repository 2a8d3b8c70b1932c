/**
 * Two real server processes (as two instances behind a load balancer) on one PostgreSQL database of
 * this test's own and one Redis: what one changes the other serves within a second, the request
 * limits are counted once for both, an expired payment hold that both sweep gives its stock back
 * once, e-mails through a slow SMTP server go out once each, and a picture uploaded through one is served
 * by the other (each has a data folder of its own, as on two machines). PostgreSQL only (PGlite is one
 * process's database); Redis at TEST_REDIS_URL.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../bench/server-process.ts';
import { throwawayPostgres } from '../bench/throwaway-postgres.ts';
import { ADDRESS } from './factories.ts';
import { messageIdOf, startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import { DEMO_ADMIN, eventually, uniquePhone } from './helpers.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** TWO_INSTANCES_PORT: the first instance's port (the second takes the next); free ports when unset. */
const firstPort = process.env.TWO_INSTANCES_PORT ? Number(process.env.TWO_INSTANCES_PORT) : null;

describe.runIf(SERVER_URL)('two instances on one database', { timeout: 180_000 }, () => {
  let database: Awaited<ReturnType<typeof throwawayPostgres>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Client;
  let smtp: FakeSmtp;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'rr-two-')));
  /** A picture an older version stored on A's disk, before uploads moved into the database. */
  const legacyPicture = '6e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b-w720.webp';
  let legacyBytes: Buffer;
  // The request limits count by client address: an address of this run's own (through the trusted
  // proxy header), so other runs sharing the Redis do not count against it.
  const clientAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  const call = async (server: ServerProcess, path: string, init: RequestInit = {}) =>
    fetch(server.base + path, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress, ...init.headers },
    });
  const post = (server: ServerProcess, path: string, body: unknown, token?: string) =>
    call(server, path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const detail = async (server: ServerProcess, id: string) => {
    const res = await call(server, `/api/products/${id}`);
    return {
      cache: res.headers.get('x-cache'),
      product: (await res.json()) as { price: number; countInStock: number },
    };
  };

  beforeAll(async () => {
    database = await throwawayPostgres(SERVER_URL!, 'rr_two');
    // The provider answers each message 5 s after its data, well past a lease of 3 s left unrenewed.
    smtp = await startFakeSmtp({ answerDelayMs: 5_000 });
    legacyBytes = await sharp({ create: { width: 720, height: 480, channels: 3, background: '#8a3b1f' } })
      .webp()
      .toBuffer();
    mkdirSync(path.join(dataDirs[0]!, 'uploads'));
    writeFileSync(path.join(dataDirs[0]!, 'uploads', legacyPicture), legacyBytes);
    const env = (port: number | null, dataDir: string) => ({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      REDIS_URL,
      TRUST_PROXY: '1',
      SWEEP_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_POLL_MS: '100',
      OUTBOX_LEASE_MS: '3000',
      ...(port ? { PORT: String(port) } : {}),
    });
    // One after the other: the first migrates and seeds the demo data, the second finds it there.
    a = await startServer(env(firstPort, dataDirs[0]!), 120_000);
    b = await startServer({ ...env(firstPort && firstPort + 1, dataDirs[1]!), DEMO_DATA: 'false' }, 120_000);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 240_000);
  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves from one instance the picture and certificate uploaded through the other', async () => {
    const signIn = await post(a, '/api/users/loginviapassword', DEMO_ADMIN);
    const { token } = (await signIn.json()) as { token: string };
    const upload = (server: ServerProcess, url: string, field: string, bytes: Buffer) => {
      const body = new FormData();
      body.append(field, new Blob([new Uint8Array(bytes)]), 'file.bin');
      return fetch(server.base + url, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': clientAddress },
      });
    };
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#2e5a1c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await upload(a, '/api/upload', 'image', photo);
    expect(uploaded.status).toBe(201);
    const { image } = (await uploaded.json()) as { image: string };
    for (const url of [image, image.replace('-w720', '-w320'), image.replace('-w720', '-w1200')]) {
      const fromA = await call(a, url);
      const fromB = await call(b, url);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    }

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const certificate = await upload(b, '/api/upload/certificate', 'certificate', pdf);
    expect(certificate.status).toBe(201);
    const { certificateFile } = (await certificate.json()) as { certificateFile: string };
    const fromA = await call(a, certificateFile);
    expect(fromA.status).toBe(200);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("serves from the other instance a picture an older version kept on one instance's disk", async () => {
    const res = await call(b, `/uploads/${legacyPicture}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(legacyBytes)).toBe(true);
  });

  it('serves a price changed through one instance from the other within a second', async () => {
    const signIn = await post(a, '/api/users/loginviapassword', DEMO_ADMIN);
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const list = (await (await call(b, '/api/products')).json()) as { products: Array<{ _id: string; price: number }> };
    const { _id: id, price } = list.products[0]!;
    // B keeps the product's page in its cache.
    await eventually(async () => expect((await detail(b, id)).cache).toBe('hit'), 5_000);

    const newPrice = price + 11;
    const edit = await call(a, `/api/products/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ price: newPrice }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(edit.status).toBe(200);
    const changedAt = Date.now();
    await eventually(async () => expect((await detail(b, id)).product.price).toBe(newPrice), 1_000);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });

  it('refuses on the other instance, within a second, a token ended by a password change', async () => {
    const phone = uniquePhone();
    const registered = await post(a, '/api/users', {
      name: 'Two Instances',
      email: `two-${phone}@example.in`,
      phone,
      password: 'first-pass-1',
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const profile = (server: ServerProcess, bearerToken: string) =>
      call(server, '/api/users/profile', { headers: { authorization: `Bearer ${bearerToken}` } });
    // B knows the customer (and keeps them, migration 0024).
    expect((await profile(b, token)).status).toBe(200);
    expect((await profile(b, token)).status).toBe(200);

    const changed = await call(a, '/api/users/profile', {
      method: 'PUT',
      body: JSON.stringify({ password: 'second-pass-2', currentPassword: 'first-pass-1' }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.status).toBe(200);
    const changedAt = Date.now();
    await eventually(async () => expect((await profile(b, token)).status).toBe(401), 1_000);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    // The token the change gave out works on both.
    const { token: fresh } = (await changed.json()) as { token: string };
    expect((await profile(b, fresh)).status).toBe(200);
  });

  it('counts the request limits once for both (Redis)', async () => {
    // The newsletter form takes 10 a minute from one address.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await post(i % 2 ? b : a, '/api/newsletter', { email: `two-${i}-${clientAddress}@example.in` });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('releases an expired payment hold once, though both instances sweep', async () => {
    // Customers of their own (one pending hold each: a new one replaces a customer's earlier hold).
    const customers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const phone = uniquePhone();
      const registered = await post(i % 2 ? b : a, '/api/users', {
        name: 'Two Instances',
        email: `two${phone}@example.in`,
        phone,
        password: 'secret-pass-1',
      });
      expect(registered.status).toBe(201);
      customers.push(((await registered.json()) as { token: string }).token);
    }
    const {
      rows: [product],
    } = await sql.query<{ id: string }>(
      `insert into products (name, image, category, price_paise, count_in_stock)
       values ('Two instances bead', '/images/x.svg', 'rudraksha', 50000, 10) returning id`,
    );
    const id = product!.id;
    // Several holds, so the two sweeps have several chances to collide.
    for (const [i, token] of customers.entries()) {
      const hold = await post(
        i % 2 ? b : a,
        '/api/payments/razorpay/order',
        {
          orderItems: [{ product: id, qty: 2 }],
          shippingAddress: ADDRESS,
        },
        token,
      );
      expect(hold.status).toBe(201);
    }
    await eventually(async () => expect((await detail(b, id)).product.countInStock).toBe(2), 2_000);

    await sql.query(`update payment_holds set expires_at = now() - interval '1 minute' where status = 'pending'`);
    const stockNow = async () =>
      (await sql.query<{ n: number }>('select count_in_stock as n from products where id = $1', [id])).rows[0]!.n;
    await eventually(async () => {
      const { rows } = await sql.query<{ n: string }>(
        `select count(*) as n from payment_holds where status = 'pending'`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    }, 5_000);
    expect(await stockNow()).toBe(10);
    // Both instances sweep every 100 ms: after several more sweeps nothing has been given back twice.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await stockNow()).toBe(10);
    // And both serve the stock given back.
    await eventually(async () => {
      expect((await detail(a, id)).product.countInStock).toBe(10);
      expect((await detail(b, id)).product.countInStock).toBe(10);
    }, 1_000);
  });

  it('sends each e-mail once through a slow SMTP server, though both instances poll the outbox', async () => {
    const { rows } = await sql.query<{ id: string }>(
      `insert into outbox_messages (idempotency_key, kind, channel, recipient, subject, text)
       select 'two-slow-' || n, 'order_placed', 'email', 'slow@example.in', 'Slow ' || n, 'A slow one'
       from generate_series(1, 4) as n returning id`,
    );
    const ids = rows.map((row) => `<${row.id}@rudraksha-ratna.outbox>`);
    await eventually(async () => {
      const { rows: pending } = await sql.query<{ n: string }>(
        `select count(*) as n from outbox_messages where idempotency_key like 'two-slow-%' and status <> 'sent'`,
      );
      expect(Number(pending[0]!.n)).toBe(0);
    }, 60_000);
    const accepted = smtp.accepted.map(messageIdOf).filter((id) => ids.includes(id!));
    expect(accepted.sort()).toEqual([...ids].sort());
  });
});
