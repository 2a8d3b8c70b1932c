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

/** Sets the security headers on every answer Fastify sends (answers from memory carry them too). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
