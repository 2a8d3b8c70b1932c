/** A refusal with a status and a message for the client: `{ message }` with that status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent with the reply, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
