import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  takeSignOutNotice,
  useSignOutOnTokenFailure,
  useUserInfo,
  withRedirect,
  type LoginNotice,
} from '../features/account/index.ts';
import { clearCart } from '../features/cart/index.ts';
import { clearCheckout } from '../features/checkout/index.ts';

/**
 * Mounted once, in the app layout. SPEC §4 logout: whenever the session ends (Logout, a failed token,
 * or a logout in another tab) it clears the cart items, shipping address, payment method and every
 * loaded detail and list, then goes to /login. Doing it here, in one place, means a guarded page that
 * loses its user never races this with a redirect of its own; and here, in app/, because it touches
 * three features that do not know each other.
 */
export function useSessionEnd(): void {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const previous = useRef(user);
  useSignOutOnTokenFailure();

  useEffect(() => {
    const ended = previous.current !== null && user === null;
    previous.current = user;
    if (!ended) return;
    clearCart();
    void clearCheckout();
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
}
