import { eq } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import { bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

// Decision 0026: a GET answered from the catalog cache before is answered from memory by the server's
// request handler, before Fastify, byte for byte as the route answers it. Only a real connection goes
// that way (inject calls Fastify's handler directly), so these tests talk HTTP to a listening app and
// compare with inject, which is the route's own answer.

let t: TestApp;
let base: URL;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  base = new URL(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await t?.close();
});

interface Raw {
  statusCode: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** A request over a real connection; the body as its bytes (not decompressed). */
function overHttp(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The route's own answer (Fastify's handler, never the memory path). */
async function throughRoute(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const res = await t.app.inject({ url: path, headers });
  return { statusCode: res.statusCode, headers: res.headers, body: res.rawPayload };
}

/** Headers a connection or the clock sets, whoever answers. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_CONNECTION.has(name))
      .map(([name, value]) => [name.toLowerCase(), value]),
  );

/** Whether the next requests were answered from memory: what `byAddress` handed the server's handler. */
function watchMemory() {
  const spy = vi.spyOn(t.app.responseCache, 'byAddress');
  return {
    answered: () => spy.mock.results.filter((r) => r.type === 'return' && r.value !== undefined).length,
    stop: () => spy.mockRestore(),
  };
}

/** Reads over HTTP until the route answers from the cache, so the address is known and the entry current. */
async function warm(path: string) {
  await t.app.responseCache.caughtUp();
  await eventually(async () => {
    expect((await overHttp(path)).headers['x-cache']).toBe('hit');
  });
}

describe('answers from memory', () => {
  it('are byte for byte the route’s answers: plain, brotli, gzip and 304, on every public catalog route', async () => {
    const id = await make.product(t, { price: 450 });
    const paths = [
      '/api/products',
      '/api/products?keyword=mukhi&pageNumber=1',
      `/api/products/${id}`,
      '/api/products/bestsellers',
      '/api/products/top',
      '/api/products/suggest?q=neel',
    ];
    for (const path of paths) {
      await warm(path);
      const etag = (await throughRoute(path)).headers.etag as string;
      const variants: Array<Record<string, string>> = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
        { 'if-none-match': etag },
      ];
      for (const headers of variants) {
        const memory = watchMemory();
        const fromMemory = await overHttp(path, headers);
        expect(memory.answered(), `${path} ${JSON.stringify(headers)}`).toBe(1);
        memory.stop();
        const fromRoute = await throughRoute(path, headers);
        expect(fromMemory.statusCode).toBe(fromRoute.statusCode);
        expect(comparable(fromMemory.headers)).toEqual(comparable(fromRoute.headers));
        expect(fromMemory.body.equals(fromRoute.body), `${path} ${JSON.stringify(headers)}`).toBe(true);
      }
    }
    // And what the bytes say: the product as the route describes it; a list (over 1 KiB) compressed.
    const plain = await overHttp(`/api/products/${id}`);
    expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ _id: id, price: 450 });
    const list = await overHttp('/api/products');
    const br = await overHttp('/api/products', { 'accept-encoding': 'br' });
    const gzip = await overHttp('/api/products', { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br.body).equals(list.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(list.body)).toBe(true);
    // Issue 31: JSON carries nosniff, not the page headers.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    expect(plain.headers['x-frame-options']).toBeUndefined();
  });

  it('show a change at once: a price set through the API, and one written straight to the table', async () => {
    const id = await make.product(t, { price: 300 });
    const path = `/api/products/${id}`;
    await warm(path);
    const memory = watchMemory();
    expect(JSON.parse((await overHttp(path)).body.toString()).price).toBe(300);
    expect(memory.answered()).toBe(1);

    const edit = await t.app.inject({ method: 'PUT', url: path, headers: bearer(admin), payload: { price: 320 } });
    expect(edit.statusCode).toBe(200);
    // The write waited for its notice: the very next read is the new price, from wherever it comes.
    expect(JSON.parse((await overHttp(path)).body.toString()).price).toBe(320);

    await t.db.update(products).set({ pricePaise: 333_00 }).where(eq(products.id, id));
    await eventually(async () => {
      expect(JSON.parse((await overHttp(path)).body.toString()).price).toBe(333);
    });
    memory.stop();
  });

  it('leave to the route what it answers otherwise: a draft, HEAD, an encoding it cannot send, a refused query', async () => {
    const draft = await make.product(t, { isDraft: true });
    const draftPath = `/api/products/${draft}`;
    await warm(draftPath);
    const published = await make.product(t);
    const publishedPath = `/api/products/${published}`;
    await warm(publishedPath);

    const memory = watchMemory();
    // A draft is sent only as private (no shared cache keeps it): the route answers it every time.
    const draftAnswer = await overHttp(draftPath);
    expect(draftAnswer.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(draftAnswer.body.toString()).isDraft).toBe(true);
    // HEAD, and a client that takes only deflate (the compress plugin's business), go through Fastify.
    const head = await overHttp(publishedPath, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body.length).toBe(0);
    const deflate = await overHttp(publishedPath, { 'accept-encoding': 'deflate' });
    expect(deflate.statusCode).toBe(200);
    // An address the route refuses is never remembered, however often it comes.
    for (let i = 0; i < 3; i++) expect((await overHttp('/api/products?pageNumber=0')).statusCode).toBe(400);
    expect(memory.answered()).toBe(0);
    memory.stop();
  });
});
