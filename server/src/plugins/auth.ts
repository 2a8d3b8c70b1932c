import { AUTH_MESSAGES, errorCodes } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { SignedInRow } from './signed-in-users.ts';

// What the auth plugin needs of tokens; accounts signs them (modules/accounts/tokens.ts).
export interface TokenClaims {
  userId: string;
  /** The user's token version when it was issued (see users.tokenVersion). */
  version: number;
  /** When the token was issued by a one-time-code sign-in (it may then set a new password for a while). */
  signedInByCodeAt: Date | null;
}

/** How a token was earned: a code proves the phone at that moment. */
export type SignInMethod = 'password' | 'code';

export interface TokenSigner {
  sign(userId: string, version: number, method: SignInMethod): Promise<string>;
  /** The claims of a valid token, or null for a missing, bad, expired or never-expiring one. */
  verify(token: string): Promise<TokenClaims | null>;
}

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
    /**
     * onRequest (before the body is read or validated): a valid bearer token of an existing user (401
     * otherwise). The answer is that person's, so no cache on the way or in the browser keeps it.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest: as authenticate, and the user is an admin (403 otherwise). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * What every answer of an authenticated route carries (issue 23): it is one person's, or an admin's,
 * and a shared computer's browser cache or a proxy must not keep it. A route may still say otherwise.
 */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** The signed-in user of a request that passed `authenticate`. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new DomainError('unauthorized', errorCodes.noToken, AUTH_MESSAGES.noToken);
  return request.user;
}

export function registerAuth(app: FastifyInstance, tokens: TokenSigner): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Set first, so the refusals below are not kept either.
    reply.header('cache-control', PERSONAL_CACHE_CONTROL);
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new DomainError('unauthorized', errorCodes.noToken, AUTH_MESSAGES.noToken);
    const claims = await tokens.verify(token);
    // The user as the database has it now, so a deleted user, a removed admin right or a changed password
    // (which raises the token version) takes effect at once: read, or kept until its row changes.
    const row = claims ? await app.signedInUsers.get(claims.userId, () => readSignedInRow(claims.userId)) : undefined;
    if (!row || !claims || row.tokenVersion !== claims.version)
      throw new DomainError('unauthorized', errorCodes.tokenFailed, AUTH_MESSAGES.tokenFailed);
    request.user = {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      isAdmin: row.isAdmin,
      signedInByCodeAt: claims.signedInByCodeAt,
    };
  }

  async function readSignedInRow(id: string): Promise<SignedInRow | undefined> {
    const [row] = await app.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        isAdmin: users.isAdmin,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticate(request, reply);
    if (!request.user?.isAdmin) throw new DomainError('forbidden', errorCodes.notAdmin, AUTH_MESSAGES.notAdmin);
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', requireAdmin);
}
