import type { DehydratedState } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * What a server-rendered page hands to the browser: the query cache it rendered with (TanStack Query's
 * dehydrated state) and the seed of anything random it rendered, so hydration renders the same thing.
 * It travels in a JSON data block (not an executed script, so the CSP's script-src 'self' holds).
 */
export interface SsrState {
  queries: DehydratedState;
  seed: number;
}

export const SSR_STATE_ID = 'rr-ssr-state';

/** Read once by main.tsx; null when the page was not rendered on the server (dev mode, other pages). */
export function readSsrState(): SsrState | null {
  const block = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as SsrState;
  } catch {
    return null;
  }
}

/** JSON that is safe inside an HTML <script> element: no `<` (so no `</script>`), no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Server rendering: the seed of this request. */
export const RenderSeedContext = createContext<number | null>(null);

/** Set by main.tsx from the server's state; used by the first component that asks (the hydrating one). */
let hydrationSeed: number | null = null;
export function setHydrationSeed(seed: number | null): void {
  hydrationSeed = seed;
}

/**
 * A random seed that is the server's while hydrating a server-rendered page and fresh otherwise, so a
 * random order (the home grid, SPEC §7) renders identically on both sides.
 */
export function useRandomSeed(): number {
  const serverSeed = useContext(RenderSeedContext);
  const [seed] = useState(() => {
    if (serverSeed !== null) return serverSeed;
    const fromServer = hydrationSeed;
    hydrationSeed = null;
    return fromServer ?? Math.floor(Math.random() * 2 ** 31);
  });
  return seed;
}

/** True while main.tsx hydrates the server's HTML: Preact does it in one synchronous pass. */
let hydrating = false;

/** Whether main.tsx's hydration pass is running (see `hydrateWith`). */
export const isHydrating = (): boolean => hydrating;

export function hydrateWith(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/**
 * useSyncExternalStore with React's server snapshot, which preact/compat does not take: the server
 * snapshot on the server and in a component hydrating the server's HTML (so it hydrates to the HTML it
 * came with), then the store's own value from the next render on. A component of a lazy chunk that
 * hydrates later (after its chunk arrives) is past the pass and reads the store at once.
 */
export function useHydratedStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => setHydrated(true), []);
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : getServerSnapshot);
}
