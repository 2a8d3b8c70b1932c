import { AUTH_MESSAGES } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http-error.ts';
import type { TokenSigner } from '../modules/accounts/tokens.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  /** Set when this request's token came from a one-time-code sign-in. */
  signedInByCodeAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest (before the body is read or validated): a valid bearer token of an existing user (401 otherwise). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest: as authenticate, and the user is an admin (403 otherwise). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, AUTH_MESSAGES.noToken);
  return request.user;
}

export function registerAuth(app: FastifyInstance, tokens: TokenSigner): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, AUTH_MESSAGES.noToken);
    const claims = await tokens.verify(token);
    // The user is read on every call, so a deleted user, a removed admin right or a changed password
    // (which raises the token version) takes effect at once.
    const [row] = claims ? await app.db.select().from(users).where(eq(users.id, claims.userId)) : [];
    if (!row || !claims || row.tokenVersion !== claims.version) throw new HttpError(401, AUTH_MESSAGES.tokenFailed);
    request.user = {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      isAdmin: row.isAdmin,
      signedInByCodeAt: claims.signedInByCodeAt,
    };
  }

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    await authenticate(request);
    if (!request.user?.isAdmin) throw new HttpError(403, AUTH_MESSAGES.notAdmin);
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', requireAdmin);
}
