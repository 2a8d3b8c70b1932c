import { languageOfPath } from '@rr/core';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app.tsx';
import { loadPagesAt } from './app/routes.tsx';
import { startingTexts, type Texts } from './i18n/index.tsx';
import { takeOverTaps } from './lib/early-form.ts';
import { hydrateWith, readSsrState, setHydrationSeed } from './lib/ssr-state.ts';
import './styles/global.css';

// Preact's own checks in development (a hydration that does not match the server's HTML among them);
// left out of the production build.
if (import.meta.env.DEV) await import('preact/debug');

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const ssr = readSsrState();
// The page's language is in its address (issue 30).
const { language, path } = languageOfPath(location.pathname);

/** Renders (or, with the server's HTML, hydrates) the app with its texts. */
function start(texts: Texts) {
  const app = <App queryClient={queryClient} language={language} texts={texts} />;

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
    setTimeout(() => {
      try {
        hydrateWith(() => hydrateRoot(container, app));
      } finally {
        takeOverTaps();
      }
    }, 0);
  } else {
    takeOverTaps();
    createRoot(container).render(app);
  }
}

// A Hindi page's texts load before it renders; English ones come with the app. So does the code of a page
// that loads on first visit (the product and listing pages), so that it hydrates at once. Not awaited at
// the top level: a top-level await in the entry makes the bundler split the home page's script into
// twice as many files (measured: 104.5 KiB gzipped instead of 93.8).
void Promise.all([startingTexts(language), loadPagesAt(path)]).then(([texts]) => start(texts));
