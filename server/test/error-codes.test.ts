import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCodes } from '@rr/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type ErrorKind } from '../src/domain-error.ts';
import { STATUS_OF_KIND, registerErrorHandler } from '../src/plugins/errors.ts';
import { createTestApp, signIn, DEMO_CUSTOMER, type TestApp } from './helpers.ts';

const CODES = new Set<string>(Object.values(errorCodes));

/** Where statuses are chosen: the error plugin (domain error kinds and Fastify's own refusals). */
const ERROR_PLUGIN = 'plugins/errors.ts';

/**
 * The other places that set a status which is not a plain success, each with why. A route answering
 * 404 or 409 itself instead of throwing a DomainError is not one of them: it fails the test.
 */
const ALLOWED: Array<{ file: string; status: string; why: string }> = [
  {
    file: 'app.ts',
    status: '503',
    why: 'the health check: its 503 is its report ({ status, database }) to a load balancer, not a refusal',
  },
  {
    file: 'plugins/web-app.ts',
    status: 'page?.status ?? refusedWith ?? 200',
    why: "a storefront page: the rendered page's own status (its 404 page), or STATUS_OF_KIND of the DomainError that refused it",
  },
  {
    file: 'plugins/metrics.ts',
    status: '404',
    why: "METRICS_PORT's own node:http server (no Fastify, no error plugin): any other path, or a wrong token",
  },
  {
    file: 'plugins/metrics.ts',
    status: '503',
    why: "METRICS_PORT's own node:http server: the figures could not be gathered (Prometheus marks the scrape failed)",
  },
  {
    file: 'plugins/response-cache.ts',
    status: 'wire.statusCode',
    why: 'a cached answer: 200 or 304 (the type of wireAnswer says so), set by reply.code, writeHead and logged',
  },
];

const same = (a: { file: string; status: string }, b: { file: string; status: string }) =>
  a.file === b.file && a.status === b.status;

/** A success status, or a choice between successes (`created ? 201 : 200`, `200 | 304`). */
function isSuccess(status: string): boolean {
  const literal = '[123]\\d\\d';
  return new RegExp(`^(?:[\\w.?!]+\\s*\\?\\s*)?${literal}(?:\\s*[:|]\\s*${literal})*$`).test(status);
}

/** The text of the expression starting at `from`, up to the first top-level `,` `;` `}` or closing `)`. */
function expressionAt(source: string, from: number): string {
  let depth = 0;
  let end = from;
  for (; end < source.length; end++) {
    const char = source[end]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) break;
      depth--;
    } else if ((char === ',' || char === ';') && depth === 0) break;
  }
  return source.slice(from, end).replace(/\s+/g, ' ').trim();
}

/**
 * Every status a source file sets: `.code(x)`, `.status(x)`, `writeHead(x, ...)`, `statusCode = x` and
 * `statusCode: x` (an error object carrying its status, or an answer's), comments left out.
 */
function statusChoices(file: string, text: string): Array<{ file: string; status: string }> {
  // Block comments start their line here; a '/*' inside a string ('https://*.razorpay.com') is code.
  const source = text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
  const setter = /(?:\.(?:code|status)\s*\(|\bwriteHead\s*\(|\bstatusCode\s*(?::|=(?!=)))\s*/g;
  return [...source.matchAll(setter)].map((m) => ({ file, status: expressionAt(source, m.index + m[0].length) }));
}

async function statusChoicesIn(root: string): Promise<Array<{ file: string; status: string }>> {
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = await Promise.all(
    files.map(async (f) => statusChoices(f.split(path.sep).join('/'), await readFile(path.join(root, f), 'utf8'))),
  );
  return found.flat();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'true' } });
});
afterAll(() => t.close());

describe('error codes', () => {
  it('are SCREAMING_SNAKE, one value per name, and keep the codes clients already use', () => {
    for (const code of CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    expect(CODES.size).toBe(Object.keys(errorCodes).length);
    expect(errorCodes).toMatchObject({ tokenFailed: 'TOKEN_FAILED', noToken: 'NO_TOKEN', notAdmin: 'NOT_ADMIN' });
  });

  it('map every kind of refusal to its status, in the error plugin only', async () => {
    // A status chosen anywhere else fails here unless it is a success (201, 304...) or listed below.
    const found = await statusChoicesIn(path.join(import.meta.dirname, '../src'));
    const elsewhere = found.filter((c) => c.file !== ERROR_PLUGIN);
    const unexplained = elsewhere.filter((c) => !isSuccess(c.status) && !ALLOWED.some((a) => same(a, c)));
    expect(unexplained).toEqual([]);
    // Each allowance still names a place that exists: the list cannot outlive what it excuses.
    for (const allowed of ALLOWED)
      expect(
        elsewhere.some((c) => same(allowed, c)),
        allowed.status,
      ).toBe(true);
    // The scan sees the error plugin's own choice and the routes' successes (201).
    expect(found).toContainEqual({ file: ERROR_PLUGIN, status: 'status' });
    expect(found.filter((c) => c.status === '201').length).toBeGreaterThan(5);
  });

  it('are found wherever a status is set (the scan of the test above)', () => {
    const source = [
      'return reply.code(404).send(x);',
      'reply\n  .code(\n    409,\n  )',
      'reply.status(400);',
      'res.statusCode = 500;',
      'response.writeHead(403, { a: 1 });',
      'throw Object.assign(new Error(), { statusCode: 422 });',
      'return reply.code(201).send(x);',
      'reply.code(placed.created ? 201 : 200);',
      'if (error.statusCode === 404) return;',
      '// reply.code(418) in a comment',
    ].join('\n');
    const choices = statusChoices('x.ts', source);
    expect(choices.map((c) => c.status)).toEqual([
      '404',
      '409',
      '400',
      '500',
      '403',
      '422',
      '201',
      'placed.created ? 201 : 200',
    ]);
    expect(choices.filter((c) => !isSuccess(c.status)).map((c) => c.status)).toEqual([
      '404',
      '409',
      '400',
      '500',
      '403',
      '422',
    ]);
  });
  it('leave a thrown domain error as { message, code } with its kind’s status and Retry-After', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    for (const kind of Object.keys(STATUS_OF_KIND) as ErrorKind[]) {
      app.get(`/${kind}`, async () => {
        throw new DomainError(kind, errorCodes.internal, `refused as ${kind}`, { retryAfterSeconds: 7 });
      });
    }
    for (const [kind, status] of Object.entries(STATUS_OF_KIND)) {
      const res = await app.inject({ method: 'GET', url: `/${kind}` });
      expect(res.statusCode, kind).toBe(status);
      expect(res.json(), kind).toEqual({ message: `refused as ${kind}`, code: 'INTERNAL' });
      expect(res.headers['retry-after'], kind).toBe('7');
    }
    await app.close();
  });

  it('answer a failure of our own with 500 INTERNAL and no detail', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('select * from secrets');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    await app.close();
  });
});

describe('every error reply carries a code', () => {
  it.each([
    ['an unknown route', { method: 'GET', url: '/api/nothing-here' }, 404, 'ROUTE_NOT_FOUND'],
    [
      'a body that fails its schema',
      { method: 'POST', url: '/api/orders/quote', payload: {} },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a body that is not JSON',
      { method: 'POST', url: '/api/orders/quote', payload: '{', headers: { 'content-type': 'application/json' } },
      400,
      'MALFORMED_REQUEST',
    ],
    ['text no field accepts', { method: 'GET', url: '/api/products?keyword=%00' }, 400, 'VALIDATION_FAILED'],
    [
      'an unknown product',
      { method: 'GET', url: `/api/products/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
      404,
      'PRODUCT_NOT_FOUND',
    ],
    ['no token', { method: 'GET', url: '/api/orders/myorders' }, 401, 'NO_TOKEN'],
    [
      'a bad token',
      { method: 'GET', url: '/api/orders/myorders', headers: { authorization: 'Bearer x' } },
      401,
      'TOKEN_FAILED',
    ],
    ['a bad address', { method: 'GET', url: '/api/products/%E0%A4%A' }, 400, 'BAD_ADDRESS'],
  ] as const)('%s', async (_what, request, status, code) => {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String), code });
  });

  it('a customer calling an admin route: 403 NOT_ADMIN', async () => {
    const { token } = await signIn(t.app, DEMO_CUSTOMER);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Not authorized as an admin', code: 'NOT_ADMIN' });
  });

  it('a refusal from a service: PRODUCT_UNAVAILABLE, with the message SPEC clients read', async () => {
    const { token } = await signIn(t.app, DEMO_CUSTOMER);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        orderItems: [{ product: '00000000-0000-4000-8000-000000000000', qty: 1 }],
        shippingAddress: { address: '1 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
        paymentMethod: 'Cash on Delivery',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: 'A product in your cart is no longer available. Please remove it.',
      code: 'PRODUCT_UNAVAILABLE',
    });
  });

  it('from every route of the OpenAPI document, asked without a token, body or valid ids', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    let refused = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: route.replace(/\{[^}]+\}/g, 'x'),
          remoteAddress: '198.51.100.1',
          ...(method === 'get' ? {} : { payload: {} }),
        });
        if (res.statusCode < 400) continue;
        refused += 1;
        const reply = res.json<{ message: string; code: string }>();
        expect(Object.keys(reply), `${method} ${route}: ${res.body}`).toEqual(['message', 'code']);
        expect(CODES.has(reply.code), `${method} ${route}: ${res.body}`).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('a rate limit: 429 RATE_LIMITED with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        payload: { orderItems: [], paymentMethod: 'Cash on Delivery' },
        remoteAddress: '198.51.100.77',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: expect.stringMatching(/^Too many requests/), code: 'RATE_LIMITED' });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toContain(429);
  });

  it('is documented in the OpenAPI document: every error response requires a code from the list', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    }>();
    let checked = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          // The health check's 503 is its report ({ status, database }), not a refusal.
          if (Number(status) < 400 || route === '/healthz') continue;
          const schema = response.content?.['application/json']?.schema as {
            required?: string[];
            properties?: { code?: { enum?: string[] } };
          };
          expect(schema.required, `${method} ${route} ${status}`).toEqual(['message', 'code']);
          expect(new Set(schema.properties?.code?.enum), `${method} ${route} ${status}`).toEqual(CODES);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
