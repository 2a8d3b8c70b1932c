/**
 * Sign-in tokens: a token verified once is remembered until it expires (no HMAC per request), and
 * remembering never lets through what verification refuses: another secret, a changed payload, a
 * changed signature, an expired token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from '../src/modules/accounts/tokens.ts';

const USER = '6f1c2b9e-0d4a-4c57-9a51-3c2f8e7d6b10';
const PASSWORD_SESSION = { method: 'password', signedInAt: new Date() } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('token verification', () => {
  it('gives the same claims on every verification of a valid token', async () => {
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-tests', '30d');
    const signedInAt = new Date('2026-11-23T10:00:00Z');
    const token = await signer.sign(USER, 3, { method: 'code', signedInAt });
    const first = await signer.verify(token);
    expect(first).toEqual({ userId: USER, version: 3, session: { method: 'code', signedInAt } });
    expect(await signer.verify(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-tests', '1h');
    const token = await signer.sign(USER, 1, PASSWORD_SESSION);
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-23T10:59:58Z'));
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-23T11:00:01Z'));
    expect(await signer.verify(token)).toBeNull();
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses tokens of another secret, and a remembered token changed in any part', async () => {
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-tests', '30d');
    const other = createTokenSigner('another-secret-long-enough-for-tests', '30d');
    const token = await signer.sign(USER, 1, PASSWORD_SESSION);
    expect(await signer.verify(token)).not.toBeNull();
    expect(await signer.verify(await other.sign(USER, 1, PASSWORD_SESSION))).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ver: 2 }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${raised}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await signer.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('says a password session from a code one, and keeps when it signed in to the second', async () => {
    const signer = createTokenSigner('a-secret-long-enough-for-hs256-tests', '30d');
    const signedInAt = new Date('2026-11-23T10:00:00.750Z');
    const claims = await signer.verify(await signer.sign(USER, 1, { method: 'password', signedInAt }));
    expect(claims?.session).toEqual({ method: 'password', signedInAt: new Date('2026-11-23T10:00:00Z') });
    // A token of a session that kept no time (signed before sessions did) is never a fresh sign-in.
    const untimed = await signer.verify(await signer.sign(USER, 1, { method: 'code', signedInAt: null }));
    expect(untimed?.session).toEqual({ method: 'code', signedInAt: null });
  });
});
