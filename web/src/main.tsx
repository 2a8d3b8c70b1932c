import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app.tsx';
import { hydrateWith, readSsrState, setHydrationSeed } from './lib/ssr-state.ts';
import './styles/global.css';

// Preact's own checks in development (a hydration that does not match the server's HTML among them);
// left out of the production build.
if (import.meta.env.DEV) await import('preact/debug');

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const ssr = readSsrState();
const app = <App queryClient={queryClient} />;

if (ssr) {
  // The storefront's pages come rendered with their data (entry-server.tsx): take over that HTML.
  hydrate(queryClient, ssr.queries);
  // A failure the server rendered (a product not found) stays as it is, as on the server.
  for (const query of ssr.queries.queries) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  setHydrationSeed(ssr.seed);
  // Hydration in a task of its own, after the one that ran the app's modules: two shorter tasks instead
  // of one long one. Preact hydrates in one pass (React's transition yielded every few milliseconds).
  setTimeout(() => hydrateWith(() => hydrateRoot(container, app)), 0);
} else {
  createRoot(container).render(app);
}
