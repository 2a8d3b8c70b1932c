import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { onTokenFailure } from '../../lib/api-client.ts';
import { clearCart } from '../cart/cart-store.ts';
import { clearCheckout } from '../checkout/checkout-store.ts';
import { withRedirect } from './redirect-target.ts';
import { sessionStore, signOut, takeSignOutNotice, useUserInfo } from './session-store.ts';

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
 * Mounted once, in the app layout. SPEC §4 logout: whenever the session ends (Logout, a failed token,
 * or a logout in another tab) it clears the cart items, shipping address, payment method and every
 * loaded detail and list, then goes to /login. Doing it here, in one place, means a guarded page that
 * loses its user never races this with a redirect of its own.
 *
 * Any call answering 'Not authorized, token failed' ends the session with that message, which the
 * login page shows; signing in again returns to the page the user was on.
 */
export function useSessionEnd(): void {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const previous = useRef(user);

  useEffect(() => {
    const ended = previous.current !== null && user === null;
    previous.current = user;
    if (!ended) return;
    clearCart();
    clearCheckout();
    queryClient.clear();
    const notice = takeSignOutNotice();
    if (notice) {
      const { pathname, search } = window.location;
      const state: LoginNotice = { notice };
      navigate(withRedirect('/login', pathname === '/login' ? null : pathname + search), { state });
    } else {
      navigate('/login');
    }
  }, [user, queryClient, navigate]);

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
