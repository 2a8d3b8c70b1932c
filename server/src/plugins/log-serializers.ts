/**
 * How errors are written to the log. A failed query carries its parameters (password hashes, names,
 * phones, addresses) in its message, stack and `params`, and the database's `detail` repeats values
 * ("Key (phone)=(98...) already exists"): the log keeps the SQL text and the error codes, never values.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  cause?: LoggedError;
}

const STACK_FRAMES = /\n\s+at [\s\S]*$/;

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { query, code, cause } = err as Error & { query?: unknown; code?: unknown };
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the database's own message names no values.
  const message = err.message.replace(/\nparams: [\s\S]*$/, '');
  const frames = err.stack?.match(STACK_FRAMES)?.[0];
  return {
    type: err.name,
    message,
    stack: `${err.name}: ${message}${frames ?? ''}`,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
