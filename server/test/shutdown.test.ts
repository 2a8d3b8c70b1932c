/**
 * Issue 23: SIGTERM with checkouts under way. The server runs as a child process, as in production
 * (server.ts with its signal handlers); each checkout is proven to be in the server's hands (it has
 * answered `100 Continue` to its headers) before the signal, and its body is sent after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS } from './factories.ts';

const root = path.resolve(import.meta.dirname, '../..');
// One of the ports this work may use (3205-3209).
const PORT = 3206;
const CHECKOUTS = 30;

let server: ChildProcess;
let output = '';

function call(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return fetch(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, json: (await res.json()) as Record<string, unknown> }));
}

interface Answer {
  status: number;
  connection: string | undefined;
}

/**
 * A checkout whose headers the server has taken (it said `100 Continue`): `send` then sends its body,
 * and `answer` is the server's reply.
 */
function checkoutUnderWay(agent: http.Agent, token: string, body: string) {
  return new Promise<{ send: () => void; answer: Promise<Answer> }>((resolve, reject) => {
    let answered!: (answer: Answer) => void;
    let failed!: (error: Error) => void;
    const answer = new Promise<Answer>((ok, no) => ((answered = ok), (failed = no)));
    const request = http.request({
      agent,
      host: '127.0.0.1',
      port: PORT,
      method: 'POST',
      path: '/api/orders',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    request.on('continue', () => resolve({ send: () => request.end(body), answer }));
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => answered({ status: res.statusCode!, connection: res.headers.connection }));
    });
    request.on('error', (error) => {
      failed(error);
      reject(error);
    });
    request.flushHeaders();
  });
}

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: 'memory://',
      DATA_DIR: `/tmp/rr-shutdown-${randomBytes(4).toString('hex')}`,
      DEMO_DATA: 'true',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; ; i++) {
    const res = await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    if (i > 300) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 90_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

describe('SIGTERM', () => {
  it('lets checkouts under way finish, closes keep-alive connections, and exits within 10 s', async () => {
    // Six customers, five Cash on Delivery orders each (the most one may have open).
    const tokens: string[] = [];
    for (let i = 0; i < CHECKOUTS / 5; i++) {
      const phone = `8${randomBytes(4).readUInt32BE() % 1_000_000_000}`.padEnd(10, '0');
      const registered = await call('POST', '/api/users', {
        name: `Shutdown Test ${i}`,
        email: `shutdown${phone}@example.in`,
        phone,
        password: 'secret-pass-1',
      });
      expect(registered.status).toBe(201);
      tokens.push(registered.json.token as string);
    }
    const listed = await call('GET', '/api/products');
    expect(listed.status).toBe(200);
    // New phones' Cash on Delivery orders await a code and may hold at most half of a product's stock
    // (decision 0030): each checkout gets a unit within that half.
    const inStock = (listed.json.products as Array<{ _id: string; countInStock: number }>).flatMap((p) =>
      Array<string>(Math.floor(p.countInStock / 2)).fill(p._id),
    );
    expect(inStock.length).toBeGreaterThanOrEqual(CHECKOUTS);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CHECKOUTS + 1 });
    // A keep-alive connection left idle: the server must not wait out its keepAliveTimeout (72 s).
    const idle = await new Promise<number>((resolve, reject) =>
      http
        .get({ agent, host: '127.0.0.1', port: PORT, path: '/livez' }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        })
        .on('error', reject),
    );
    expect(idle).toBe(200);
    const underWay = await Promise.all(
      Array.from({ length: CHECKOUTS }, (_, i) =>
        checkoutUnderWay(
          agent,
          tokens[i % tokens.length]!,
          JSON.stringify({
            orderItems: [{ product: inStock[i], qty: 1 }],
            shippingAddress: ADDRESS,
            paymentMethod: 'Cash on Delivery',
          }),
        ),
      ),
    );

    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    for (const checkout of underWay) checkout.send();
    const answers = await Promise.all(underWay.map((checkout) => checkout.answer));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(CHECKOUTS).fill(201));

    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    expect(code, output).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    agent.destroy();
  }, 120_000);
});
