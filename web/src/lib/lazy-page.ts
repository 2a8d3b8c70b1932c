import { createElement, type ComponentType, type FunctionComponent } from 'react';

/** A page whose code loads on first visit, and whose visit can start loading it earlier (`load`). */
export interface LazyPage<Props> extends FunctionComponent<Props> {
  /** Starts loading the page's code (once); resolves when it has come. */
  load: () => Promise<unknown>;
}

/**
 * React's `lazy`, with a `load()` to start loading before the page renders: a server-rendered page's code
 * loaded before main.tsx hydrates renders at once (no Suspense), so it hydrates in the same pass as the
 * rest of the page, as it did when it came with the app's entry. React's `lazy` (preact/compat's) would
 * suspend once on its first render even with its code already here (it learns of it in a `then`).
 * Rendered before its code has come, the page suspends as React's `lazy` does, and a failed load is
 * thrown to the nearest error boundary.
 */
export function lazyPage<Props extends object>(importPage: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let page: ComponentType<Props> | null = null;
  let failure: { reason: unknown } | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () =>
    (loading ??= importPage().then(
      (component) => {
        page = component;
      },
      (reason: unknown) => {
        failure = { reason };
      },
    ));
  const Page = (props: Props) => {
    if (page) return createElement(page, props);
    const started = load();
    if (failure) throw failure.reason;
    throw started;
  };
  return Object.assign(Page, { load });
}
