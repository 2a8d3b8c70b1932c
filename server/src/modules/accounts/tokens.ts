import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'rudraksha-ratna';

export interface TokenClaims {
  userId: string;
  /** The user's token version when it was issued (see users.tokenVersion). */
  version: number;
}

export interface TokenSigner {
  sign(userId: string, version: number): Promise<string>;
  /** The claims of a valid token, or null for a missing, bad or expired one. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string, expiresIn: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, version) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: TOKEN_ISSUER, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' && typeof payload.ver === 'number'
          ? { userId: payload.sub, version: payload.ver }
          : null;
      } catch {
        return null;
      }
    },
  };
}
