import { FORBIDDEN_TEXT, errorCodes, type ErrorCode, type ErrorReply } from '@rr/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { DomainError, type ErrorKind } from '../domain-error.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The shop cannot reach its database right now. Please try again in a few seconds.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one place a kind of refusal becomes an HTTP status. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid_data: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/**
 * Fastify's own refusals (the body is not JSON, too large, of a type no route takes...): their status
 * stays, and they carry the code of what went wrong.
 */
function codeOfFastifyError(error: FastifyError): ErrorCode {
  if (error.statusCode === 404) return errorCodes.routeNotFound;
  return errorCodes.malformedRequest;
}

function send(reply: FastifyReply, status: number, body: ErrorReply): FastifyReply {
  return reply.code(status).send(body);
}

/** A refusal of ours: its message and code, and the figures the message says when it has any (issue 30). */
const domainReply = (message: string, code: ErrorCode, details: ErrorReply['details']): ErrorReply =>
  details ? { message, code, details } : { message, code };

const MAX_DEPTH = 32;

/**
 * Why `value` is refused (naming the field: `shippingAddress.city`, `orderItems.0.product`), or null:
 * a string or key with forbidden text, or nesting deeper than any schema of ours.
 */
function hostileInputProblem(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string')
    return FORBIDDEN_TEXT.test(value) ? `${path} contains a character that is not allowed` : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return `${path} is nested too deeply`;
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_TEXT.test(key)) return `${path} has a field name with a character that is not allowed`;
    const problem = hostileInputProblem(item, path === 'body' ? key : `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Refuses text no field of ours accepts (and absurd nesting) before schemas, handlers or queries see it,
 * with a 400 naming the field: one check for every route, including ids in the path and fields a schema
 * would drop. Path parameters and query fields are named as they are (`id`, `keyword`).
 */
function registerInputGuard(app: FastifyInstance): void {
  const fields = (source: unknown): string | null => {
    if (source === null || typeof source !== 'object') return null;
    for (const [key, value] of Object.entries(source)) {
      const problem =
        hostileInputProblem(value, key, 1) ??
        (FORBIDDEN_TEXT.test(key) ? 'A field name contains a character that is not allowed' : null);
      if (problem) return problem;
    }
    return null;
  };
  app.addHook('preValidation', async (request) => {
    const problem = fields(request.params) ?? fields(request.query) ?? hostileInputProblem(request.body, 'body');
    if (problem) throw new DomainError('invalid_data', errorCodes.validationFailed, problem);
  });
}

/**
 * Errors Fastify answers before any route or hook runs (the `frameworkErrors` server option): an
 * address that is not valid percent-encoded UTF-8, or a path segment longer than the router takes.
 * Fastify's own reply would be `{ error, code, message, statusCode }` echoing the address.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void send(reply, 400, {
      message: 'The address is not valid: it has an invalid percent-encoded character',
      code: errorCodes.badAddress,
    });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void send(reply, 414, { message: 'The address is too long', code: errorCodes.badAddress });
  } else if (error.statusCode && error.statusCode < 500) {
    void send(reply, error.statusCode, { message: error.message, code: codeOfFastifyError(error) });
  } else {
    void send(reply, 500, { message: GENERIC_FAILURE, code: errorCodes.internal });
  }
}

/** Every error leaves as JSON `{ message, code }`; a 5xx never shows a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  registerInputGuard(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const text = issue?.message ?? 'Invalid request';
      const message = field && !text.startsWith(field.split('.')[0] ?? '') ? `${field}: ${text}` : text;
      return send(reply, 400, { message, code: errorCodes.validationFailed });
    }
    if (error instanceof DomainError) {
      // Our own refusals: the message is written for the client, whatever the status.
      const status = STATUS_OF_KIND[error.kind];
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const { retryAfterSeconds, details } = error.options;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return send(reply, status, domainReply(error.message, error.code, details));
    }
    // The database is away (restart, failover, lost connections, timeouts): worth a retry shortly.
    if (isDatabaseUnavailable(error)) {
      // The driver's own error, not drizzle's wrapper, whose message carries the SQL and its parameters.
      let cause: Error = error;
      while (cause.cause instanceof Error) cause = cause.cause;
      request.log.warn(`database unavailable: ${cause.message}`);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, { message: DATABASE_UNAVAILABLE, code: errorCodes.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: error.message, code: codeOfFastifyError(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: GENERIC_FAILURE, code: errorCodes.internal });
  });
}
