import { useEffect } from 'react';
import { onTokenFailure } from '../../lib/api-client.ts';
import { sessionStore, signOut } from './session-store.ts';

/** What the login page shows after a sign-out the user did not ask for. */
export interface LoginNotice {
  notice: string;
}

export function readLoginNotice(state: unknown): string | null {
  return state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;
}

/**
 * Mounted once, in the app layout: any call refused with the code `TOKEN_FAILED` ends the session with
 * the server's message, which the login page shows; signing in again returns to the page the user was on.
 */
export function useSignOutOnTokenFailure(): void {
  useEffect(() => {
    const unsubscribe = onTokenFailure((error) => {
      // Several calls can fail together; the first one signs out.
      if (sessionStore.get()) signOut(error.message);
    });
    return () => {
      unsubscribe();
    };
  }, []);
}
