import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { notePageChange } from '../lib/user-action.ts';

/**
 * A new page starts at the top; Back and Forward keep the browser's own scroll restoration.
 * Renders nothing.
 */
export function ScrollToTop(): null {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    notePageChange();
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
  return null;
}
