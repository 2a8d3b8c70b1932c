import { UUID_PATTERN } from '@rr/core';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenSigner } from '../../plugins/auth.ts';

export const TOKEN_ISSUER = 'rudraksha-ratna';

/** Users are keyed by UUID: any other subject is a forged or foreign token, refused before a query sees it. */

export function createTokenSigner(secret: string, expiresIn: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, version, method) =>
      new SignJWT({ ver: version, ...(method === 'code' ? { amr: ['otp'] } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      try {
        // A token without an expiry would be valid for ever: every token we sign has one.
        const { payload } = await jwtVerify(token, key, {
          issuer: TOKEN_ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || !UUID_PATTERN.test(payload.sub) || typeof payload.ver !== 'number')
          return null;
        const byCode = Array.isArray(payload.amr) && payload.amr.includes('otp') && typeof payload.iat === 'number';
        return {
          userId: payload.sub,
          version: payload.ver,
          signedInByCodeAt: byCode ? new Date(payload.iat! * 1000) : null,
        };
      } catch {
        return null;
      }
    },
  };
}
