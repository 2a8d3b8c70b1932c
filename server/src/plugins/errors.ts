import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { HttpError } from '../http-error.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The shop cannot reach its database right now. Please try again in a few seconds.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Every error leaves as JSON `{ message }`; a 5xx never shows a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
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
