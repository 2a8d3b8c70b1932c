import { UUID_PATTERN } from '@rr/core';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenSigner } from '../../plugins/auth.ts';

export const TOKEN_ISSUER = 'rudraksha-ratna';

/** Users are keyed by UUID: any other subject is a forged or foreign token, refused before a query sees it. */

/** Tokens remembered as verified (a signed-in shopper's or admin's, one each): bounded, oldest out first. */
const VERIFIED_TOKENS_KEPT = 10_000;

type Claims = NonNullable<Awaited<ReturnType<TokenSigner['verify']>>>;

export function createTokenSigner(secret: string, expiresIn: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // A token whose signature checked out once checks out again until it expires: every signed-in request
  // would otherwise pay an HMAC through WebCrypto (~0.2 ms of CPU). Keyed by the whole token, so only its
  // holder can hit an entry; refused tokens are not kept. Revocation is not affected: the caller reads
  // the user (and its token version) on every request.
  const verified = new Map<string, { claims: Claims; expiresAtMs: number }>();
  const verify = async (token: string): Promise<Claims | null> => {
    try {
      // A token without an expiry would be valid for ever: every token we sign has one.
      const { payload } = await jwtVerify(token, key, {
        issuer: TOKEN_ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || !UUID_PATTERN.test(payload.sub) || typeof payload.ver !== 'number')
        return null;
      const claims: Claims = {
        userId: payload.sub,
        version: payload.ver,
        session: {
          method: Array.isArray(payload.amr) && payload.amr.includes('otp') ? 'code' : 'password',
          signedInAt: typeof payload.auth_time === 'number' ? new Date(payload.auth_time * 1000) : null,
        },
      };
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
      return claims;
    } catch {
      return null;
    }
  };
  return {
    // `amr` and `auth_time` as OpenID Connect names them: how and when the session signed in.
    sign: (userId, version, { method, signedInAt }) =>
      new SignJWT({
        ver: version,
        amr: [method === 'code' ? 'otp' : 'pwd'],
        ...(signedInAt ? { auth_time: Math.floor(signedInAt.getTime() / 1000) } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      const kept = verified.get(token);
      if (kept && Date.now() < kept.expiresAtMs) return kept.claims;
      if (kept) verified.delete(token);
      return verify(token);
    },
  };
}
