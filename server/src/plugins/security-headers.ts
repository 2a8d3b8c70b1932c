import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once: with our options (no per-request nonce or function) they
 * are the same for every answer, so helmet runs once against a recording response and every answer
 * gets the recorded headers. (@fastify/helmet builds the middleware, and parses the
 * Content-Security-Policy, again on every request, which cost the cached catalog answers about as much
 * as the rest of their handling; running helmet's twelve middlewares per request was the next cost.)
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  // Helmet's middlewares are synchronous; one that were not would leave headers unrecorded.
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return Object.freeze(headers);
}

/**
 * What a JSON answer carries of the security headers (issue 31): only nosniff, so that a browser never
 * takes its bytes for a script, a style or a page. The rest are about pages: what they may load and run
 * (CSP), who may frame them, where their links send the referrer, HSTS (which every page of the shop
 * carries, so the browser has it); on a catalog answer they were most of its header bytes, written on
 * every request. A bodiless 304 needs none either: the browser keeps the headers of the answer it holds.
 */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
});

/** application/json and the +json types (problem+json, the OpenAPI document). */
export function isJsonType(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * Sets the security headers on every answer Fastify sends (answers from memory carry
 * JSON_SECURITY_HEADERS too): `headers` on pages, files and anything else, JSON_SECURITY_HEADERS on
 * JSON and on 304s. A header the route set itself (a certificate's own CSP) is left as the route set it.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  const page = Object.entries(headers);
  const json = Object.entries(JSON_SECURITY_HEADERS);
  // A callback hook, not an async one: every answer passes without a promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const lean = reply.statusCode === 304 || isJsonType(reply.getHeader('content-type'));
    for (const [name, value] of lean ? json : page) {
      if (reply.getHeader(name) === undefined) reply.header(name, value);
    }
    done(null, payload);
  });
}
