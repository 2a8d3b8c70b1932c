import type { ErrorCode, ErrorReply } from '@rr/core';

/**
 * The one code this module acts on, checked against core's list by its type: importing `errorCodes`
 * would put every code's name (1.3 KiB gzipped) into every page's first JavaScript.
 */
const TOKEN_FAILED = 'TOKEN_FAILED' satisfies ErrorCode;

/** A failed call, carrying the server's message (SPEC §8) and its code when it sent them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds from a Retry-After header (a 429 says when to try again). */
    readonly retryAfter: number | null = null,
    /** The stable code beside the message (`errorCodes` in core): what the client branches on. */
    readonly code: string | null = null,
    /** Issue 30: the figures the message says (core's errorReply `details`), for other languages to say. */
    readonly details: ErrorReply['details'] | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether `error` is the server's refusal with one of `codes`. The client branches on the code, never on
 * the HTTP status: one status covers many refusals (429: a code sent a moment ago, the day's codes used
 * up, too many requests), and the codes are the contract (core's `errorCodes`). Codes are passed as
 * literals, checked against that list by their type, so its names stay out of the page's JavaScript.
 */
export function refusedWith(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== null && (codes as string[]).includes(error.code);
}

type Listener = (error: ApiError) => void;
const tokenFailureListeners = new Set<Listener>();

/** Called when any call is refused with the code `TOKEN_FAILED` (the session must end). */
export function onTokenFailure(listener: Listener): () => void {
  tokenFailureListeners.add(listener);
  return () => tokenFailureListeners.delete(listener);
}

let bearerToken: string | null = null;
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

/** One text field of an error reply (`{ message, code }`), or null when it is missing or not text. */
function replyText(body: unknown, field: keyof ErrorReply): string | null {
  if (!body || typeof body !== 'object' || !(field in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/** The reply's `details`: an object of figures, or null. */
function replyDetails(body: unknown): ErrorReply['details'] | null {
  const details = body && typeof body === 'object' && 'details' in body ? body.details : null;
  return details && typeof details === 'object' ? (details as ErrorReply['details']) : null;
}

type ApiInit = RequestInit & { json?: unknown };

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, init)).body;
}

/** As `apiFetch`, with the response headers (GET /api/orders carries its paging totals there). */
export async function apiFetchWithHeaders<T>(path: string, init: ApiInit = {}): Promise<{ body: T; headers: Headers }> {
  const response = await send(path, init, 'application/json');
  const body: unknown = response.headers.get('content-type')?.includes('application/json')
    ? await response.json().catch(() => null)
    : null;
  return { body: body as T, headers: response.headers };
}

/** A file the API answers (an invoice's PDF, a CSV report), fetched with the session like any call. */
export async function apiFetchFile(path: string): Promise<Blob> {
  return (await send(path, {}, '*/*')).blob();
}

/** Sends a call with the session's token; a refusal becomes an ApiError (and TOKEN_FAILED ends the session). */
async function send(path: string, init: ApiInit, accept: string): Promise<Response> {
  const { json, headers, ...rest } = init;
  const allHeaders = new Headers(headers);
  allHeaders.set('accept', accept);
  if (json !== undefined) allHeaders.set('content-type', 'application/json');
  if (bearerToken) allHeaders.set('authorization', `Bearer ${bearerToken}`);

  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers: allHeaders,
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : 'Network error', 0);
  }
  if (response.ok) return response;
  const body: unknown = response.headers.get('content-type')?.includes('application/json')
    ? await response.json().catch(() => null)
    : null;
  const message = replyText(body, 'message') ?? (response.statusText || `Request failed (${response.status})`);
  const retryAfter = Number(response.headers.get('retry-after'));
  const error = new ApiError(
    message,
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    replyText(body, 'code'),
    replyDetails(body),
  );
  // The code, never the English sentence: SPEC may reword the message for people.
  if (error.code === TOKEN_FAILED) tokenFailureListeners.forEach((listener) => listener(error));
  throw error;
}
