import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { notePageChange } from '../lib/user-action.ts';

/**
 * A new page starts at the top; Back and Forward keep the browser's own scroll restoration, and so does
 * a change of the address that stays on the page (state `keepScroll`: the product page's variant).
 * Renders nothing.
 */
export function ScrollToTop(): null {
  const { pathname, search, state } = useLocation();
  const navigationType = useNavigationType();
  const keepScroll = isKeepScroll(state);
  useLayoutEffect(() => {
    if (keepScroll) return;
    notePageChange();
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, navigationType, keepScroll]);
  return null;
}

function isKeepScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}
