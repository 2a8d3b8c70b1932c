import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'rudraksha-ratna';

export interface TokenSigner {
  sign(userId: string): Promise<string>;
  /** The user id of a valid token, or null for a missing, bad or expired one. */
  verify(token: string): Promise<string | null>;
}

export function createTokenSigner(secret: string, expiresIn: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: TOKEN_ISSUER, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
