import { STARTUP_LOADER_MS } from '@rr/core';
import { useEffect } from 'react';

const SHOWN_KEY = 'rr.startupLoaderShown';
const SHOWING_CLASS = 'rr-startup';

/**
 * SPEC §2 / PRODUCT.md: a full-screen loader until the page has loaded and 2 s have passed, on the
 * first page load of a browser session only; the page renders underneath meanwhile.
 *
 * The loader is plain markup in index.html (outside the app, so the server-rendered page hydrates
 * without it), shown before the first paint by public/early.js on a session's first load.
 * This takes it away: at once on later loads, after the load and the 2 s on the first.
 */
export function StartupLoader() {
  useEffect(() => {
    const root = document.documentElement;
    const loader = document.getElementById('startup-loader');
    if (!root.classList.contains(SHOWING_CLASS)) {
      loader?.remove();
      return;
    }
    let loaded = document.readyState === 'complete';
    let waited = false;
    const hideWhenReady = () => {
      if (!(loaded && waited)) return;
      try {
        sessionStorage.setItem(SHOWN_KEY, '1');
      } catch {
        // Storage refused: the page goes on without it.
      }
      root.classList.remove(SHOWING_CLASS);
      loader?.remove();
    };
    const onLoad = () => {
      loaded = true;
      hideWhenReady();
    };
    const timer = window.setTimeout(() => {
      waited = true;
      hideWhenReady();
    }, STARTUP_LOADER_MS);
    window.addEventListener('load', onLoad);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', onLoad);
    };
  }, []);
  return null;
}
