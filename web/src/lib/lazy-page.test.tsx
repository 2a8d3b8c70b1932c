import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module import that the test settles when it wants. */
function deferredImport() {
  let settle!: { resolve: (page: typeof Greeting) => void; reject: (reason: Error) => void };
  const promise = new Promise<typeof Greeting>((resolve, reject) => (settle = { resolve, reject }));
  return { importPage: vi.fn(() => promise), ...settle };
}

class Boundary extends Component<{ children: ReactNode }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { failed: error.message };
  }
  override render() {
    return this.state.failed ? <p role="alert">{this.state.failed}</p> : this.props.children;
  }
}

const inSuspense = (page: ReactNode) => <Suspense fallback={<p>Loading</p>}>{page}</Suspense>;

describe('lazyPage', () => {
  it('renders at once, with no Suspense fallback, when its code was loaded before', async () => {
    const { importPage, resolve } = deferredImport();
    const Page = lazyPage(importPage);
    const loaded = Page.load();
    resolve(Greeting);
    await loaded;

    // Rendered synchronously: what main.tsx needs to hydrate the page in the same pass as the rest.
    render(inSuspense(<Page name="Asha" />));
    expect(screen.getByText('Hello Asha')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends until its code comes when rendered first, and imports it once', async () => {
    const { importPage, resolve } = deferredImport();
    const Page = lazyPage(importPage);
    render(inSuspense(<Page name="Ravi" />));
    expect(screen.getByText('Loading')).toBeTruthy();

    void Page.load();
    await act(async () => resolve(Greeting));
    expect(await screen.findByText('Hello Ravi')).toBeTruthy();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the nearest error boundary', async () => {
    const { importPage, reject } = deferredImport();
    const Page = lazyPage(importPage);
    render(<Boundary>{inSuspense(<Page name="Meera" />)}</Boundary>);

    await act(async () => reject(new Error('The page could not be loaded')));
    expect((await screen.findByRole('alert')).textContent).toBe('The page could not be loaded');
  });
});
