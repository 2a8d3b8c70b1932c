import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app.tsx';
import { readSsrState, setHydrationSeed } from './lib/ssr-state.ts';
import './styles/global.css';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const ssr = readSsrState();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

if (ssr) {
  // The storefront's pages come rendered with their data (entry-server.tsx): take over that HTML.
  hydrate(queryClient, ssr.queries);
  // A failure the server rendered (a product not found) stays as it is, as on the server.
  for (const query of ssr.queries.queries) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  setHydrationSeed(ssr.seed);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread in one long task: the page's pictures paint and taps are taken while it runs.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
