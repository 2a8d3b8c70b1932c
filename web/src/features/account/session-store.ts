import { userInfo, type UserInfo } from '@rr/core';
import { setBearerToken } from '../../lib/api-client.ts';
import { createPersistedStore, useStore } from '../../lib/persisted-store.ts';

/** SPEC §3: the signed-in user's info (with the bearer token) lives in localStorage under `userInfo`. */
export const sessionStore = createPersistedStore<UserInfo | null>('userInfo', null, (raw) => {
  const parsed = userInfo.safeParse(raw);
  return parsed.success ? parsed.data : null;
});

// Every call apiFetch makes carries the token of whoever is signed in now, in this tab or another.
const syncBearerToken = () => setBearerToken(sessionStore.get()?.token ?? null);
syncBearerToken();
sessionStore.subscribe(syncBearerToken);

export function useUserInfo(): UserInfo | null {
  return useStore(sessionStore);
}

/** Stores what sign-in, registration, OTP verification or a profile update returned. */
export function signIn(info: UserInfo): void {
  sessionStore.set(info);
}

let signOutNotice: string | null = null;

/**
 * Ends the session; the app layout then clears what the user left behind and goes to /login
 * (see `useSessionEnd`). `notice`, for a sign-out the user did not ask for, is shown there.
 */
export function signOut(notice?: string): void {
  signOutNotice = notice ?? null;
  sessionStore.set(null);
}

/** The reason given to the last `signOut`, once. */
export function takeSignOutNotice(): string | null {
  const notice = signOutNotice;
  signOutNotice = null;
  return notice;
}
