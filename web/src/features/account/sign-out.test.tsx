import { MESSAGES, errorCodes } from '@rr/core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { jsonReply } from '../../testing/render.tsx';
import { sessionStore, signIn, takeSignOutNotice } from './session-store.ts';
import { useSignOutOnTokenFailure } from './sign-out.ts';

function Watcher() {
  useSignOutOnTokenFailure();
  return null;
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  signIn({
    _id: 'u1',
    name: 'Asha',
    email: 'asha@example.in',
    phone: '9876543210',
    isAdmin: false,
    role: null,
    token: 't',
  });
  render(<Watcher />);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  sessionStore.set(null);
  takeSignOutNotice();
});

describe('signing out on a failed token', () => {
  it('ends the session when a reply carries the TOKEN_FAILED code, with its message for the login page', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: MESSAGES.tokenFailed, code: errorCodes.tokenFailed }, 401));
    const error = await apiFetch('/api/users/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(errorCodes.tokenFailed);
    expect(sessionStore.get()).toBeNull();
    expect(takeSignOutNotice()).toBe(MESSAGES.tokenFailed);
  });

  it('goes by the code, never the English sentence', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: MESSAGES.tokenFailed }, 401));
    await apiFetch('/api/users/profile').catch(() => undefined);
    expect(sessionStore.get()).not.toBeNull();

    fetchMock.mockResolvedValue(jsonReply({ message: 'Reworded for people', code: errorCodes.tokenFailed }, 401));
    await apiFetch('/api/users/profile').catch(() => undefined);
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the session on other refusals', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: 'Not authorized as an admin', code: errorCodes.notAdmin }, 403));
    const error = await apiFetch('/api/users').catch((e: unknown) => e);

    expect((error as ApiError).code).toBe(errorCodes.notAdmin);
    expect(sessionStore.get()).not.toBeNull();
  });
});
