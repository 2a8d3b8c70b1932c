import { AUTH_MESSAGES, STAFF_ROLE_LABELS, errorCodes, may, type Permission, type StaffRole } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { SignedInRow } from './signed-in-users.ts';

/** How a session was earned: the password (registering or signing in), or a code, which proves the phone. */
export type SignInMethod = 'password' | 'code';

/**
 * How and when a session signed in. Every token of the session carries it, also one re-issued by a
 * profile update, so a fresh sign-in stays fresh for its 15 minutes and a password session stays one.
 */
export interface SignInSession {
  method: SignInMethod;
  /** Null for a token signed before sessions kept their time: never counts as a fresh sign-in. */
  signedInAt: Date | null;
}

// What the auth plugin needs of tokens; accounts signs them (modules/accounts/tokens.ts).
export interface TokenClaims {
  userId: string;
  /** The user's token version when it was issued (see users.tokenVersion). */
  version: number;
  session: SignInSession;
}

export interface TokenSigner {
  sign(userId: string, version: number, session: SignInSession): Promise<string>;
  /** The claims of a valid token, or null for a missing, bad, expired or never-expiring one. */
  verify(token: string): Promise<TokenClaims | null>;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Any staff role (SPEC's admin flag). */
  isAdmin: boolean;
  /** Issue 29: the staff role, null for a customer; what the user may do is core's `may(role, ...)`. */
  role: StaffRole | null;
  /** How and when the session of this request's token signed in. */
  session: SignInSession;
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
    /**
     * Issue 29: an onRequest hook: as authenticate, and the user's role grants the permission (403
     * otherwise: NOT_ADMIN for a customer, ROLE_FORBIDS for a staff member whose role does not cover it).
     */
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

/** The 403 for a user whose role does not cover a call: a customer is told they are no admin. */
export function roleForbids(role: StaffRole | null): DomainError {
  if (!role) return new DomainError('forbidden', errorCodes.notAdmin, AUTH_MESSAGES.notAdmin);
  return new DomainError(
    'forbidden',
    errorCodes.roleForbids,
    `Your role (${STAFF_ROLE_LABELS[role]}) does not allow this. The shop's owner can change your role.`,
  );
}

/** Refuses (403) a user whose role does not grant the permission. */
export function assertMay(user: AuthUser, permission: Permission): void {
  if (!may(user.role, permission)) throw roleForbids(user.role);
}

/** The request's bearer token, or '' when it has none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

export function registerAuth(app: FastifyInstance, tokens: TokenSigner): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Set first, so the refusals below are not kept either.
    reply.header('cache-control', PERSONAL_CACHE_CONTROL);
    const token = bearerToken(request);
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
      isAdmin: row.role !== null,
      role: row.role,
      session: claims.session,
    };
  }

  async function readSignedInRow(id: string): Promise<SignedInRow | undefined> {
    const [row] = await app.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        role: users.role,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  function requirePermission(permission: Permission) {
    return async function permitted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await authenticate(request, reply);
      assertMay(signedInUser(request), permission);
    };
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requirePermission', requirePermission);
}
