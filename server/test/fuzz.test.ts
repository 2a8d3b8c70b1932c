/**
 * Property-based fuzzing of every operation in the server's own OpenAPI document: hostile and
 * schema-shaped requests as a visitor, a customer, an admin and with forged tokens. For every answer:
 * no 5xx, no stack or SQL in the body, errors as JSON `{ message }`, the documented authorisation, and a
 * refused request (4xx) changes nothing in the database or the upload folder.
 *
 * The seed is printed; FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> changes its length.
 */
import { AUTH_MESSAGES } from '@rr/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TOKEN_ISSUER } from '../src/modules/accounts/tokens.ts';
import { DEMO_ADMIN, DEMO_CUSTOMER, bearer, createTestApp, signIn, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_909);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5200);
const RATE_LIMITED_RUNS = Math.ceil(RUNS / 20);

// ---------------------------------------------------------------------------------------------------
// The OpenAPI document, as much of it as the fuzzer reads.

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  nullable?: boolean;
  anyOf?: JsonSchema[];
}
interface OpenApiOperation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  tags?: string[];
  consumes?: string[];
}
interface Operation {
  method: string;
  /** As documented: /api/products/{id} */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | null;
  multipart: boolean;
  secured: boolean;
  adminOnly: boolean;
}

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      // A token is needed unless the document also allows none (`{}`: optional, as for a stock alert).
      const secured =
        (op.security?.length ?? 0) > 0 && !op.security!.some((s) => Object.keys(s as object).length === 0);
      return {
        method: method.toUpperCase(),
        path: route,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: route === '/api/upload',
        secured,
        adminOnly: secured && (op.tags ?? []).includes('admin'),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Values.

const BIG = 'x'.repeat(100_000);
/** Above the 2 MB body limit. */
const OVERSIZED = 'y'.repeat(2 * 1024 * 1024 + 10);

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  'x\uDFFF',
  'ok\uD83D',
  '\u0001\u0007\u001b[31m\u007f',
  '\u0085\u009f',
  '\u202eevil',
  '😀🙏',
  "' OR '1'='1",
  "'; drop table users; --",
  '1) union select password_hash from users --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%',
  '\\',
  '\r\n\r\nX-Injected: 1',
  BIG,
];
const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  -1e9,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  1e-300,
  Number.MAX_SAFE_INTEGER,
  123.456,
];
const deepArray = (depth: number): unknown => (depth === 0 ? 1 : [deepArray(depth - 1)]);
const deepObject = (depth: number): unknown => (depth === 0 ? 'x\u0000' : { a: deepObject(depth - 1) });

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], ['a'], { $gt: '' }, { toString: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(deepArray(40), deepObject(40), deepArray(2000)) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: true }) },
);

/** Raw bodies that are not what JSON.stringify would make. */
const rawBodies = [
  '',
  '{',
  '{"a":',
  'null',
  '"text"',
  '[1,2',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  '{"__proto__":{"isAdmin":true},"name":"x","email":"x@example.in","isAdmin":true}',
  '{"a":1,"a":2}',
  '\u0000',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '1e999999',
  OVERSIZED,
];
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  'application/vnd.api+json',
  ';;;',
  'application/json; boundary=x; charset=utf-8; x=' + 'a'.repeat(2000),
];

interface Known {
  productIds: string[];
  userIds: { all: string[]; changeable: string[] };
  orderIds: string[];
  holdIds: string[];
}

/** Values a real client would send for a field of this name, so valid-shaped bodies reach the rules. */
function knownValues(field: string, known: Known): fc.Arbitrary<unknown> | null {
  switch (field) {
    case 'product':
      return fc.constantFrom(...known.productIds);
    case 'phone':
      return fc.constantFrom(DEMO_CUSTOMER.phone, DEMO_ADMIN.phone, '+91 98765 43210', '09876543219', '9123456780');
    case 'password':
      return fc.constantFrom(DEMO_CUSTOMER.password, DEMO_ADMIN.password, 'a-new-password-1');
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('customer@example.in', 'new@example.in'));
    case 'postalCode':
      return fc.constantFrom('411001', '110001', '500001', '999999', '100000');
    case 'image':
      return fc.constantFrom('/images/products/rudraksha-1-mukhi.svg', '/uploads/a.png', '/x');
    case 'razorpay_order_id':
      return fc.constantFrom(...known.holdIds, 'order_unknown');
    case 'qty':
      return fc.integer({ min: 1, max: 3 });
    default:
      return null;
  }
}

/** A value the schema accepts (mostly), with known ids and phones where a field names them. */
function fromSchema(schema: JsonSchema, known: Known, field = '', hostileShare = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema, known, field, hostileShare);
  return hostileShare > 0
    ? fc.oneof(
        { weight: Math.round((1 - hostileShare) * 10), arbitrary: valid },
        { weight: Math.round(hostileShare * 10), arbitrary: hostileValue },
      )
    : valid;
}

function validFromSchema(schema: JsonSchema, known: Known, field: string, hostileShare: number): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    const familiar = knownValues(field, known);
    if (familiar) return familiar;
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validFromSchema(s, known, field, hostileShare)));
    switch (schema.type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const shape = Object.fromEntries(
          Object.entries(properties).map(([key, s]) => [key, fromSchema(s, known, key, hostileShare)]),
        );
        return fc.record(shape, { requiredKeys: schema.required ?? [] });
      }
      case 'array':
        return fc.array(fromSchema(schema.items ?? {}, known, field, hostileShare), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'string': {
        if (schema.pattern) {
          try {
            return fc.stringMatching(new RegExp(schema.pattern));
          } catch {
            // A pattern fast-check cannot generate from: plain text of the right length below.
          }
        }
        const minLength = schema.minLength ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
        return fc.oneof(
          fc.string({ minLength, maxLength }),
          fc.constant('b'.repeat(schema.maxLength ?? 200)),
          fc.constant('c'.repeat((schema.maxLength ?? 200) + 1)),
        );
      }
      case 'integer': {
        const min = Math.max(schema.minimum ?? -1e6, -1e6);
        const max = Math.min(schema.maximum ?? 1e6, 1e6);
        return fc.integer({ min, max });
      }
      case 'number': {
        const max = Math.min(schema.maximum ?? 1e6, 1e6);
        return fc.integer({ min: 1, max: max * 100 }).map((paise) => paise / 100);
      }
      case 'boolean':
        return fc.boolean();
      default:
        return fc.oneof(fc.constant(undefined), fc.string({ maxLength: 10 }), fc.integer());
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-encodes any text, lone surrogates too (as the bytes a careless client would send). */
function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Requests.

type Role = 'visitor' | 'customer' | 'admin' | 'forged';
interface FuzzRequest {
  op: Operation;
  role: Role;
  forged: number;
  url: string;
  /** The path reaches the route: well-formed text, each segment within the router's 100 characters. */
  routable: boolean;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

/** How fast-check prints a request: short, whatever its size. */
function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined
      ? ''
      : ` ${JSON.stringify(String(r.payload).slice(0, 300))}${String(r.payload).length > 300 ? `... (${r.payload.length} chars)` : ''}`;
  return `${r.role}${r.role === 'forged' ? `#${r.forged}` : ''} ${r.op.method} ${r.url.slice(0, 300)} [${r.contentType ?? 'no content-type'}]${payload}`;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** Multipart bodies for POST /api/upload: a real image now and then, mostly broken ones. */
const multipartBodies: fc.Arbitrary<{ contentType: string | undefined; payload: Buffer | string }> = fc
  .record({
    boundary: fc.constantFrom('b0undary', '----x', 'a'.repeat(70), ''),
    field: fc.constantFrom('image', 'file', '__proto__', 'constructor', 'im\u0000age', ''),
    filename: fc.constantFrom('bead.png', '../../etc/passwd', 'a\u0000.png', '', '😀.png', 'x'.repeat(500)),
    bytes: fc.constantFrom(PNG, Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])),
    shape: fc.constantFrom(
      'valid',
      'no-closing',
      'cut',
      'no-boundary-header',
      'wrong-boundary',
      'many-parts',
      'two-files',
      'no-headers',
      'garbage',
      'too-large',
    ),
  })
  .map(({ boundary, field, filename, bytes, shape }) => {
    const b = boundary || 'b';
    const part = (name: string, file: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    const close = Buffer.from(`--${b}--\r\n`);
    const type = `multipart/form-data; boundary=${boundary}`;
    switch (shape) {
      case 'no-closing':
        return { contentType: type, payload: part(field, filename, bytes) };
      case 'cut':
        return { contentType: type, payload: part(field, filename, bytes).subarray(0, 40) };
      case 'no-boundary-header':
        return { contentType: 'multipart/form-data', payload: Buffer.concat([part(field, filename, bytes), close]) };
      case 'wrong-boundary':
        return {
          contentType: 'multipart/form-data; boundary=other',
          payload: Buffer.concat([part(field, filename, bytes), close]),
        };
      case 'many-parts':
        return {
          contentType: type,
          payload: Buffer.concat([
            ...Array.from({ length: 8 }, (_, i) =>
              Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue\r\n`),
            ),
            part(field, filename, bytes),
            close,
          ]),
        };
      case 'two-files':
        return {
          contentType: type,
          payload: Buffer.concat([part(field, filename, PNG), part('image', 'b.png', PNG), close]),
        };
      case 'no-headers':
        return { contentType: type, payload: `--${b}\r\n\r\nabc\r\n--${b}--\r\n` };
      case 'garbage':
        return { contentType: type, payload: '\u0000\u0001garbage' };
      case 'too-large':
        return {
          contentType: type,
          payload: Buffer.concat([part(field, filename, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])), close]),
        };
      default:
        return { contentType: type, payload: Buffer.concat([part(field, filename, bytes), close]) };
    }
  });

/** Operations that hash a password (about 60 ms of CPU each): drawn a third as often as the others. */
const PASSWORD_HASHING = new Set(['POST /api/users', 'POST /api/users/loginviapassword', 'PUT /api/users/profile']);

function requestArbitrary(ops: Operation[], known: Known, forgedCount: number): fc.Arbitrary<FuzzRequest> {
  return fc
    .oneof(
      ...ops.map((op) => ({
        weight: PASSWORD_HASHING.has(`${op.method} ${op.path}`) ? 1 : 3,
        arbitrary: fc.constant(op),
      })),
    )
    .chain((op) => {
      const pathValue = (name: string): fc.Arbitrary<string> => {
        const valid = validIdsFor(op, name, known);
        const hostile = fc.oneof(hostileString, fc.uuid(), fc.string({ maxLength: 20 }));
        return valid.length
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: hostile })
          : hostile;
      };
      const pathArb = fc.tuple(...op.pathParams.map(pathValue)).map((values) => ({
        url: op.pathParams.reduce((url, name, i) => url.replace(`{${name}}`, encodeComponent(values[i]!)), op.path),
        // "." and ".." are dot segments: the URL is normalised to another path, not this route.
        routable: values.every(
          (v) => !LONE_SURROGATE.test(v) && encodeComponent(v).length <= 100 && v !== '.' && v !== '..',
        ),
      }));
      const queryField = (q: { name: string; schema: JsonSchema }) =>
        fc.oneof(
          { weight: 3, arbitrary: validFromSchema(q.schema, known, q.name, 0).map((v) => [String(v)]) },
          { weight: 2, arbitrary: hostileString.map((v) => [v]) },
          { weight: 1, arbitrary: fc.array(hostileString, { minLength: 2, maxLength: 3 }) },
        );
      const queryArb = fc
        .record(Object.fromEntries(op.query.map((q) => [q.name, queryField(q)])), { requiredKeys: [] })
        .chain((fields) =>
          fc
            .option(
              fc.constantFrom<Array<[string, string]>>(
                [['__proto__[isAdmin]', 'true']],
                [['constructor[prototype][x]', '1']],
                [['keyword[$ne]', '']],
                [[BIG.slice(0, 5000), 'x']],
                [['\u0000', '\u0000']],
              ),
              { freq: 8 },
            )
            .map((extra) => [
              ...Object.entries(fields).flatMap(([name, values]) =>
                (values as string[]).map((v): [string, string] => [name, v]),
              ),
              ...(extra ?? []),
            ]),
        )
        .map((pairs) =>
          pairs.length ? `?${pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}` : '',
        );

      const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
      const jsonBody = (schema: JsonSchema) =>
        fc.oneof(
          { weight: 5, arbitrary: fromSchema(schema, known, '', 0.2).map(json) },
          { weight: 3, arbitrary: fromSchema(schema, known, '', 0).map(json) },
          { weight: 2, arbitrary: hostileValue.map(json) },
          { weight: 2, arbitrary: fc.constantFrom(...rawBodies) },
        );
      const bodyArb: fc.Arbitrary<{ contentType: string | undefined; payload: string | Buffer | undefined }> =
        op.multipart
          ? fc.oneof(
              { weight: 5, arbitrary: multipartBodies },
              {
                weight: 1,
                arbitrary: fc.record({
                  contentType: fc.constantFrom('application/json', undefined, ...contentTypes),
                  payload: fc.constantFrom('{}', '', 'image=x'),
                }),
              },
            )
          : op.body
            ? fc.record({
                contentType: fc.oneof(
                  { weight: 8, arbitrary: fc.constant('application/json') },
                  { weight: 1, arbitrary: fc.constant(undefined) },
                  { weight: 2, arbitrary: fc.constantFrom(...contentTypes) },
                ),
                payload: jsonBody(op.body),
              })
            : fc.oneof(
                { weight: 6, arbitrary: fc.constant({ contentType: undefined, payload: undefined }) },
                {
                  weight: 1,
                  arbitrary: fc.record({
                    contentType: fc.constantFrom('application/json', ...contentTypes),
                    payload: fc.oneof(hostileValue.map(json), fc.constantFrom(...rawBodies)),
                  }),
                },
              );
      return fc
        .record({
          role: fc.constantFrom<Role>('visitor', 'customer', 'admin', 'forged'),
          forged: fc.nat({ max: forgedCount - 1 }),
          path: pathArb,
          query: queryArb,
          body: bodyArb,
        })
        .map(({ role, forged, path: { url, routable }, query, body }): FuzzRequest => {
          const request: FuzzRequest = {
            op,
            role,
            forged,
            url: url + query,
            routable,
            contentType: body.contentType,
            payload: op.method === 'GET' ? undefined : body.payload,
          };
          return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
        });
    });
}

function validIdsFor(op: Operation, param: string, known: Known): string[] {
  if (param === 'code') return ['411001', '110001', '999999', '000000'];
  if (param === 'orderId') return known.holdIds;
  if (op.path.startsWith('/api/products/')) return known.productIds;
  if (op.path.startsWith('/api/users/')) return op.method === 'GET' ? known.userIds.all : known.userIds.changeable;
  if (op.path.startsWith('/api/orders/')) return known.orderIds;
  return [];
}

// ---------------------------------------------------------------------------------------------------
// The oracle.

const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\n\s+at |\bat \S+ \([^)]*:\d+:\d+\)/],
  ['source file', /\.(ts|js|mjs):\d+/],
  ['module path', /node_modules|file:\/\//],
  ['SQL select', /\bselect\s+(\*|"|\w+\s*,|\w+\s+from)[^]*\bfrom\b/i],
  ['SQL insert', /\binsert\s+into\b/i],
  ['SQL update', /\bupdate\s+"\w+"\s+set\b/i],
  ['SQL relation', /\brelation\s+"/i],
  ['SQL error', /syntax error|invalid input syntax|violates \w+ constraint|Failed query|DrizzleQueryError|PGlite/i],
];

/**
 * The business tables. A row trigger counts every committed insert, update and delete in them (a
 * refused request's rolled-back transaction counts nothing), so the digest is a few bytes to read after
 * each of thousands of requests, yet sees a change that leaves the content as it was, too. One-time
 * codes are counted by rows only: a wrong code is meant to use up one of its tries.
 */
const WATCHED_TABLES = [
  'users',
  'products',
  'reviews',
  'orders',
  'order_items',
  'payment_holds',
  'newsletter_subscribers',
  'webhook_events',
];
const WRITE_COUNTER_SQL = [
  'create table fuzz_writes (n bigint not null)',
  'insert into fuzz_writes values (0)',
  `create function fuzz_count_write() returns trigger language plpgsql as $$
    begin update fuzz_writes set n = n + 1; return null; end $$`,
  ...WATCHED_TABLES.map(
    (table) =>
      `create trigger fuzz_count_write after insert or update or delete on ${table} for each row execute function fuzz_count_write()`,
  ),
  'create trigger fuzz_count_write after insert or delete on otp_codes for each row execute function fuzz_count_write()',
];

/** Writes to the business tables so far, and the uploaded files stored. */
async function digest(t: TestApp): Promise<string> {
  const result = (await t.db.execute(sql`select n from fuzz_writes`)) as unknown as { rows: Array<{ n: unknown }> };
  const files = (await t.db.execute(sql`select count(*) as n from stored_files`)) as unknown as {
    rows: Array<{ n: unknown }>;
  };
  return `writes ${String(result.rows[0]!.n)}, uploads ${String(files.rows[0]!.n)}`;
}

interface Session {
  /** The database and data folder. */
  t: TestApp;
  /** The app under test (on t's database). */
  app: FastifyInstance;
  tokens: Record<'customer' | 'admin', { id: string; token: string }>;
  forgedTokens: Array<{ header: string; wellFormed: boolean }>;
  ops: Operation[];
  known: Known;
  sent: number;
  statuses: Map<number, number>;
  /** Requests sent per operation (METHOD /path). */
  perOperation: Map<string, number>;
  /** The digest after the last request, when it is known (null after a request that may change data). */
  digest: string | null;
}

async function startSession(t: TestApp, app: FastifyInstance): Promise<Session> {
  const admin = await signIn(app, DEMO_ADMIN);
  const customer = await signIn(app, DEMO_CUSTOMER);
  const victims = [await make.customer({ app }), await make.customer({ app }), await make.customer({ app })];
  const doc = (await app.inject({ url: '/api/docs/json' })).json();
  const products = (await app.inject({ url: '/api/products?limit=48' })).json<{ products: Array<{ _id: string }> }>()
    .products;
  const productIds = products.map((p) => p._id);
  const order = await make.codOrder({ app }, customer.token, productIds[0]!);
  const victimOrder = await make.codOrder({ app }, victims[0]!.token, productIds[1]!);
  const hold = await app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/order',
    headers: bearer(customer.token),
    payload: {
      orderItems: [{ product: productIds[2], qty: 1 }],
      shippingAddress: { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
    },
  });
  expect([order.statusCode, victimOrder.statusCode, hold.statusCode]).toEqual([201, 201, 201]);

  const secret = new TextEncoder().encode(t.config.jwt.secret);
  const jwt = async (claims: Record<string, unknown>, subject: string | null, expires: string | number | null) => {
    const token = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer(TOKEN_ISSUER).setIssuedAt();
    if (subject !== null) token.setSubject(subject);
    if (expires !== null) token.setExpirationTime(expires);
    return token.sign(secret);
  };
  const unsigned = (payload: object) =>
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  const wellFormed = [
    await jwt({ ver: 0 }, customer._id, null),
    await jwt({ ver: 0 }, admin._id, null),
    await jwt({ ver: 0 }, 'not-a-uuid', '1h'),
    await jwt({ ver: 0 }, "' or 1=1 --", '1h'),
    await jwt({ ver: 0 }, 'a\u0000b', '1h'),
    await jwt({ ver: 0 }, '00000000-0000-0000-0000-000000000000', '1h'),
    await jwt({ ver: 0 }, null, '1h'),
    await jwt({ ver: '0' }, admin._id, '1h'),
    await jwt({ ver: 1e300 }, admin._id, '1h'),
    await jwt({ ver: 0 }, admin._id, Math.floor(Date.now() / 1000) - 60),
    unsigned({ sub: admin._id, ver: 0, iss: TOKEN_ISSUER, exp: 9_999_999_999 }),
    admin.token.slice(0, -2) + (admin.token.endsWith('AA') ? 'BB' : 'AA'),
  ];
  const malformed = [
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${'a'.repeat(8000)}`,
    'Basic YWRtaW46YWRtaW4=',
    'bearer x',
  ];
  return {
    t,
    app,
    tokens: { admin: { id: admin._id, token: admin.token }, customer: { id: customer._id, token: customer.token } },
    forgedTokens: [
      ...wellFormed.map((token) => ({ header: `Bearer ${token}`, wellFormed: true })),
      ...malformed.map((header) => ({ header, wellFormed: false })),
    ],
    ops: operationsOf(doc),
    known: {
      productIds,
      userIds: {
        all: [admin._id, customer._id, ...victims.map((v) => v._id)],
        changeable: [admin._id, ...victims.map((v) => v._id)],
      },
      orderIds: [order.json<{ _id: string }>()._id, victimOrder.json<{ _id: string }>()._id],
      holdIds: [hold.json<{ orderId: string }>().orderId],
    },
    sent: 0,
    statuses: new Map(),
    perOperation: new Map(),
    digest: null,
  };
}

/** Sends one request and checks every property of its answer. */
async function sendAndCheck(s: Session, r: FuzzRequest): Promise<void> {
  const before = s.digest ?? (await digest(s.t));
  const headers: Record<string, string> = {};
  if (r.role === 'customer' || r.role === 'admin') Object.assign(headers, bearer(s.tokens[r.role].token));
  const forged = s.forgedTokens[r.forged]!;
  if (r.role === 'forged') headers.authorization = forged.header;
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  const res = await s.app.inject({ method: r.op.method as 'GET', url: r.url, headers, payload: r.payload });
  s.sent += 1;
  const key = `${r.op.method} ${r.op.path}`;
  s.perOperation.set(key, (s.perOperation.get(key) ?? 0) + 1);
  s.statuses.set(res.statusCode, (s.statuses.get(res.statusCode) ?? 0) + 1);
  const what = `${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;

  expect(res.statusCode, what).toBeLessThan(500);
  for (const [leak, pattern] of LEAKS) {
    if (res.statusCode >= 400 || leak.startsWith('stack') || leak.startsWith('source')) {
      expect(pattern.test(res.body), `${leak} in the answer to ${what}`).toBe(false);
    }
  }
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], what).toMatch(/^application\/json/);
    const reply = res.json<{ message?: unknown; details?: unknown }>();
    // A refusal's figures may come beside them (core's errorReply `details`, decision 0052): a flat object.
    expect(
      Object.keys(reply).filter((key) => key !== 'details'),
      `not { message, code }: ${what}`,
    ).toEqual(['message', 'code']);
    if ('details' in reply) {
      const details = reply.details as Record<string, unknown>;
      expect(typeof details === 'object' && details !== null && !Array.isArray(details), `details in ${what}`).toBe(
        true,
      );
      for (const value of Object.values(details))
        expect(['string', 'number'], `a detail of ${what}`).toContain(typeof value);
    }
    expect(typeof reply.message === 'string' && reply.message.length > 0, `no { message } in ${what}`).toBe(true);
  }
  // A refused request, and any GET, changes nothing.
  if (res.statusCode >= 400 || r.op.method === 'GET') {
    s.digest = await digest(s.t);
    expect(s.digest, `${res.statusCode >= 400 ? 'a refused request' : 'a GET'} changed data: ${what}`).toBe(before);
  } else {
    s.digest = null;
  }

  // The documented authorisation holds whatever else is wrong with the request (that reaches the route).
  if (!r.routable) return;
  if (r.op.secured && r.role === 'visitor' && res.statusCode !== 429) {
    expect(res.statusCode, what).toBe(401);
    expect(res.json(), what).toEqual({ message: AUTH_MESSAGES.noToken, code: 'NO_TOKEN' });
  }
  if (r.op.secured && r.role === 'forged' && res.statusCode !== 429) {
    expect(res.statusCode, what).toBe(401);
    if (forged.wellFormed)
      expect(res.json(), what).toEqual({ message: AUTH_MESSAGES.tokenFailed, code: 'TOKEN_FAILED' });
  }
  if (r.op.adminOnly && r.role === 'customer' && res.statusCode !== 429) {
    expect(res.statusCode, what).toBe(403);
    expect(res.json(), what).toEqual({ message: AUTH_MESSAGES.notAdmin, code: 'NOT_ADMIN' });
  }

  // A password change hands back the new token: keep signing in as that role.
  if (res.statusCode < 300 && (r.role === 'customer' || r.role === 'admin') && res.body.startsWith('{')) {
    const reply = res.json<{ _id?: string; token?: string }>();
    if (reply.token && reply._id === s.tokens[r.role].id) s.tokens[r.role].token = reply.token;
  }
}

/** `numRuns` generated requests, each sent `burst` times in a row (to reach the rate limits). */
async function fuzz(s: Session, numRuns: number, seed: number, burst = 1): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestArbitrary(s.ops, s.known, s.forgedTokens.length), async (r) => {
      for (let i = 0; i < burst; i++) await sendAndCheck(s, r);
    }),
    { numRuns, seed, endOnFailure: true },
  );
}

let t: TestApp;
beforeAll(async () => {
  console.info(`fuzz seed ${SEED}, ${RUNS} + 3 x ${RATE_LIMITED_RUNS} requests (FUZZ_SEED and FUZZ_RUNS override)`);
  t = await createTestApp();
  for (const statement of WRITE_COUNTER_SQL) await t.db.execute(sql.raw(statement));
});
afterAll(async () => {
  await t?.close();
});

/** What the fuzz found, pinned down one by one. */
describe('defects found by fuzzing', () => {
  const expect400 = async (options: InjectOptions, message: string | RegExp) => {
    const before = await digest(t);
    const res = await t.app.inject(options);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message', 'code']);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await digest(t)).toBe(before);
  };

  it.each([
    ['/api/products?keyword=%00', 'keyword'],
    ['/api/products?keyword=a%01b', 'keyword'],
    ['/api/products?category=%00', 'category'],
    ['/api/products/%00', 'id'],
    ['/api/dev/sms-outbox?phone=%00', 'phone'],
  ])('refuses a NUL or control character in %s with a 400 naming %s', async (url, field) => {
    await expect400({ url }, new RegExp(`^${field} contains a character that is not allowed$`));
  });

  it('refuses NUL and lone surrogates in JSON fields, naming the field, and stores nothing', async () => {
    const customer = await signIn(t.app, DEMO_CUSTOMER);
    const productId = (await t.app.inject({ url: '/api/products?limit=1' })).json<{
      products: Array<{ _id: string }>;
    }>().products[0]!._id;
    const register = (name: string) => ({
      method: 'POST' as const,
      url: '/api/users',
      payload: { name, email: 'surrogate@example.in', phone: '9876512345', password: 'long-enough-1' },
    });
    await expect400(register('a\u0000b'), /^name contains a character that is not allowed$/);
    await expect400(register('Ravi \uD800'), /^name contains a character that is not allowed$/);
    await expect400(register('\uDC00Ravi'), /^name contains a character that is not allowed$/);
    await expect400(
      {
        method: 'POST',
        url: `/api/products/${productId}/reviews`,
        headers: bearer(customer.token),
        payload: { rating: 5, comment: 'good\u0000' },
      },
      /^comment contains/,
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/orders',
        headers: bearer(customer.token),
        payload: {
          orderItems: [{ product: productId, qty: 1 }],
          shippingAddress: { address: '1 Road\u0000', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
          paymentMethod: 'Cash on Delivery',
        },
      },
      /^shippingAddress\.address contains/,
    );
    await expect400(
      { method: 'POST', url: '/api/payments/razorpay/order/a%00b/release', headers: bearer(customer.token) },
      /^orderId contains/,
    );
    await expect400(
      { method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: 'order_\u0000' } },
      /^razorpay_order_id contains/,
    );
    // A pair of surrogates is an ordinary character.
    const emoji = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent('🙏')}` });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses absurdly deep JSON with a 400', async () => {
    await expect400(
      {
        method: 'POST',
        url: '/api/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: deepObject(100) }),
      },
      /nested too deeply/,
    );
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    [
      'a cut-off part',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    ],
    ['a part without headers', 'multipart/form-data; boundary=x', '--x\r\n\r\nabc\r\n--x--\r\n'],
  ])('answers a malformed multipart upload (%s) with a 400, not a 500', async (_name, contentType, payload) => {
    const admin = await make.admin(t);
    await expect400(
      { method: 'POST', url: '/api/upload', headers: { ...bearer(admin.token), 'content-type': contentType }, payload },
      /multipart|Choose an image/,
    );
  });

  it('answers too many multipart parts with a 400 that says what to send', async () => {
    const admin = await make.admin(t);
    const parts = Array.from(
      { length: 6 },
      (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(admin.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload: `${parts.join('')}--x--\r\n`,
      },
      'Send one image in the field "image" and nothing else',
    );
  });

  it('refuses a signed token without an expiry, or whose subject is not a user id, with 401 token failed', async () => {
    const customer = await signIn(t.app, DEMO_CUSTOMER);
    const secret = new TextEncoder().encode(t.config.jwt.secret);
    const sign = (subject: string, expires: boolean) => {
      const jwt = new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setSubject(subject);
      return (expires ? jwt.setExpirationTime('1h') : jwt).sign(secret);
    };
    // The same claims with an expiry sign in: the refusals below are for what they lack.
    const valid = await t.app.inject({ url: '/api/users/profile', headers: bearer(await sign(customer._id, true)) });
    expect(valid.statusCode).toBe(200);
    for (const token of [
      await sign(customer._id, false),
      await sign('not-a-uuid', true),
      await sign("' or 1=1", true),
    ]) {
      const res = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.tokenFailed, code: 'TOKEN_FAILED' });
    }
  });

  it('authenticates before it validates: a visitor with a bad body gets 401, not 400', async () => {
    for (const [method, url] of [
      ['POST', '/api/orders'],
      ['PUT', '/api/users/profile'],
      ['PUT', '/api/products/x'],
      ['POST', '/api/products/x/reviews'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { nonsense: true } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.noToken, code: 'NO_TOKEN' });
    }
  });

  it('answers an address with invalid percent-encoding, or an overlong segment, as JSON { message }', async () => {
    const bad = await t.app.inject({ url: '/api/orders/x%ED%A0%80/pay', method: 'PUT' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'The address is not valid: it has an invalid percent-encoded character',
      code: 'BAD_ADDRESS',
    });
    const long = await t.app.inject({ url: `/api/products/${'a'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'BAD_ADDRESS' });
  });

  it('keeps a pending online payment when a new checkout is refused', async () => {
    const customer = await make.customer(t);
    const products = (await t.app.inject({ url: '/api/products?limit=48' }))
      .json<{ products: Array<{ _id: string; countInStock: number }> }>()
      .products.filter((p) => p.countInStock > 1);
    const checkout = (orderItems: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/order',
        headers: bearer(customer.token),
        payload: {
          orderItems,
          shippingAddress: { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
        },
      });
    const first = await checkout([{ product: products[0]!._id, qty: 1 }]);
    expect(first.statusCode).toBe(201);
    const stockBefore = await digest(t);
    const refused = await checkout([{ product: '00000000-0000-4000-8000-000000000000', qty: 1 }]);
    expect(refused.statusCode).toBe(400);
    expect(await digest(t)).toBe(stockBefore);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { razorpay_order_id: first.json<{ orderId: string }>().orderId },
    });
    expect(pay.statusCode).toBe(200);
  });
});

describe(`API fuzz from the OpenAPI document (seed ${SEED}; FUZZ_SEED=${SEED} replays it)`, () => {
  let limited: FastifyInstance | undefined;
  /** The first pass's session: its tokens still work after it changed the demo passwords. */
  let first: Session | undefined;
  afterAll(async () => {
    await limited?.close();
  });

  it(
    `answers ${RUNS} hostile and schema-shaped requests without a 5xx, a leak or a change on refusal`,
    { timeout: 300_000 },
    async () => {
      const s = (first = await startSession(t, t.app));
      expect(s.ops.length).toBeGreaterThanOrEqual(35);
      await fuzz(s, RUNS, SEED);
      console.info(`fuzz: ${s.sent} requests, statuses ${JSON.stringify(Object.fromEntries([...s.statuses].sort()))}`);
      expect(s.sent).toBe(RUNS);
      // Every documented operation was tried, and the run reached the rules, not only the validators.
      expect(s.ops.map((op) => `${op.method} ${op.path}`).filter((key) => !s.perOperation.get(key))).toEqual([]);
      for (const status of [200, 201, 400, 401, 403, 404])
        expect(s.statuses.get(status), `${status}`).toBeGreaterThan(0);
    },
  );

  it(
    `answers ${RATE_LIMITED_RUNS} more, 3 times each, with rate limits on: 429s as JSON { message }, nothing else wrong`,
    {
      timeout: 120_000,
    },
    async () => {
      // A second app with the limits on, on the same (already fuzzed) database.
      limited = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.config.dataDir,
          WEB_DIST_DIR: t.config.webDistDir,
          // As createTestApp: a busy machine's event-loop lag must not shed these requests (a 503 is not theirs).
          LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
        }),
        t.database,
      );
      await limited.ready();
      const previous = first ?? (await startSession(t, t.app));
      const s: Session = {
        ...previous,
        app: limited,
        sent: 0,
        statuses: new Map(),
        perOperation: new Map(),
        digest: null,
      };
      // Enough requests per operation to reach the limits however many operations the API has.
      const runs = Math.max(RATE_LIMITED_RUNS, s.ops.length * 6);
      await fuzz(s, runs, SEED + 1, 3);
      console.info(`fuzz, limits on: statuses ${JSON.stringify(Object.fromEntries([...s.statuses].sort()))}`);
      expect(s.sent).toBe(runs * 3);
      // The limits were reached (and every 429 passed the checks above: JSON { message }, nothing changed).
      expect(s.statuses.get(429)).toBeGreaterThan(0);
    },
  );
});
