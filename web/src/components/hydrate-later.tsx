import { Suspense, type ReactElement } from 'react';
import { isHydrating } from '../lib/ssr-state.ts';

/**
 * Takes over its part of a server-rendered page in a task of its own, after the page's hydration pass,
 * instead of within it: Preact hydrates in one synchronous pass, and on a phone a whole page made one
 * long task that blocked taps for a fifth of a second (Lighthouse's Total Blocking Time, issue 13).
 * Meanwhile the part is the server's HTML, visible and unchanged (its links work as plain links).
 *
 * How: while main.tsx hydrates, the part suspends on a promise that a timer resolves; Preact keeps the
 * suspended part's DOM as it is (no fallback while hydrating) and hydrates it when the promise
 * resolves, each such part in the timer's own task. Rendered at any other time (the server, a page the
 * browser renders itself) the part renders at once. For parts that render ONE element (Preact keeps
 * one DOM node for a suspended part) and read no browser-only store (they hydrate after the pass, so
 * they would read the store's own value instead of the server's).
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}

function Later({ children }: { children: ReactElement }) {
  if (isHydrating()) throw new Promise<void>((resolve) => setTimeout(resolve, 0));
  return children;
}
