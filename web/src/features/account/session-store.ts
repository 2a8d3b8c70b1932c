import { isStaffRole, type UserInfo } from '@rr/core';
import { setBearerToken } from '../../lib/api-client.ts';
import { createPersistedStore, isPlainObject, useStore } from '../../lib/persisted-store.ts';

/**
 * A stored session as core's `userInfo` schema reads it (its fields only), or null where the schema
 * refuses it. Checked by hand because every page reads the session as it starts, and zod would add about
 * 9 KiB (gzipped) to the home page's JavaScript; session-store.test.ts holds the two to the same answers.
 */
export function readUserInfo(raw: unknown): UserInfo | null {
  if (!isPlainObject(raw)) return null;
  const { _id, name, email, phone, isAdmin, token } = raw;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  if (typeof phone !== 'string' || typeof isAdmin !== 'boolean' || typeof token !== 'string') return null;
  // Issue 29: a staff session stored before roles existed signs in again, to learn its role.
  const role = raw.role === undefined && !isAdmin ? null : raw.role;
  if (role !== null && !isStaffRole(role)) return null;
  if (isAdmin !== (role !== null)) return null;
  return { _id, name, email, phone, isAdmin, role, token };
}

/** SPEC §3: the signed-in user's info (with the bearer token) lives in localStorage under `userInfo`. */
export const sessionStore = createPersistedStore<UserInfo | null>('userInfo', null, readUserInfo);

// Every call apiFetch makes carries the token of whoever is signed in now, in this tab or another.
const syncBearerToken = () => setBearerToken(sessionStore.get()?.token ?? null);
syncBearerToken();
sessionStore.subscribe(syncBearerToken);

export function useUserInfo(): UserInfo | null {
  return useStore(sessionStore);
}

let passwordReset = false;

/**
 * Stores what sign-in, registration, OTP verification or a profile update returned (its user info
 * only). `passwordReset`: the sign-in was a code proving the phone and it reset the password.
 */
export function signIn(info: UserInfo, options: { passwordReset?: boolean } = {}): void {
  passwordReset = options.passwordReset === true;
  const { _id, name, email, phone, isAdmin, role, token } = info;
  sessionStore.set({ _id, name, email, phone, isAdmin, role, token });
}

/** Whether the session was started by a code sign-in that reset the password (the next screen says so). */
export function signedInWithPasswordReset(): boolean {
  return passwordReset;
}

let signOutNotice: string | null = null;

/**
 * Ends the session; the app layout then clears what the user left behind and goes to /login
 * (see `useSessionEnd`). `notice`, for a sign-out the user did not ask for, is shown there.
 */
export function signOut(notice?: string): void {
  signOutNotice = notice ?? null;
  passwordReset = false;
  sessionStore.set(null);
}

/** The reason given to the last `signOut`, once. */
export function takeSignOutNotice(): string | null {
  const notice = signOutNotice;
  signOutNotice = null;
  return notice;
}
