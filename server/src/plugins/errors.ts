import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { HttpError } from '../http-error.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The shop cannot reach its database right now. Please try again in a few seconds.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Control characters other than tab and line breaks (NUL above all: PostgreSQL refuses it in text) and
 * UTF-16 surrogates without their pair (they cannot be stored as UTF-8, so would silently become U+FFFD).
 */
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
    if (problem) throw new HttpError(400, problem);
  });
}

/**
 * Errors Fastify answers before any route or hook runs (the `frameworkErrors` server option): an
 * address that is not valid percent-encoded UTF-8, or a path segment longer than the router takes.
 * Fastify's own reply would be `{ error, code, message, statusCode }` echoing the address.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ message: 'The address is not valid: it has an invalid percent-encoded character' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ message: 'The address is too long' });
  } else {
    void reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 500).send({
      message: error.statusCode && error.statusCode < 500 ? error.message : GENERIC_FAILURE,
    });
  }
}

/** Every error leaves as JSON `{ message }`; a 5xx never shows a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  registerInputGuard(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const text = issue?.message ?? 'Invalid request';
      const message = field && !text.startsWith(field.split('.')[0] ?? '') ? `${field}: ${text}` : text;
      return reply.code(400).send({ message });
    }
    if (error instanceof HttpError) {
      // Our own refusals: the message is written for the client, whatever the status.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    // The database is away (restart, failover, lost connections, timeouts): worth a retry shortly.
    if (isDatabaseUnavailable(error)) {
      // The driver's own error, not drizzle's wrapper, whose message carries the SQL and its parameters.
      let cause: Error = error;
      while (cause.cause instanceof Error) cause = cause.cause;
      request.log.warn(`database unavailable: ${cause.message}`);
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: GENERIC_FAILURE });
  });
}
