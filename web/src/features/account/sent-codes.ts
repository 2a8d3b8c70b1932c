import { OTP_VALID_MINUTES } from '@rr/core';

/**
 * When this browser last had a code sent, and to which phone, so that coming back to /verifyotp
 * (a reload, the back button, the login page's link again) while that code is still valid does not
 * send another: codes are asked for by the customer's action, not by a page load (issue 23). Kept in
 * localStorage, so other tabs see it too; a phone number is already kept there with the session.
 */
const KEY = 'otpSent';

export function rememberSentCode(phone: string, at = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ phone, at }));
  } catch {
    // Storage refused (private mode, full): the next visit sends a code, as before.
  }
}

/** When the code still valid for `phone` was sent from this browser, or null. */
export function validSentCode(phone: string, now = Date.now()): number | null {
  try {
    const record: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof record !== 'object' || record === null) return null;
    const { phone: sentTo, at } = record as { phone?: unknown; at?: unknown };
    if (sentTo !== phone || typeof at !== 'number' || at > now) return null;
    return now - at < OTP_VALID_MINUTES * 60_000 ? at : null;
  } catch {
    return null;
  }
}

/** The code was used or stopped working: the next visit may send one. */
export function forgetSentCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
