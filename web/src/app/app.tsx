import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@rr/core';
import { BrowserRouter } from 'react-router';
import { LanguageProvider, routerBase, type Texts } from '../i18n/index.tsx';
import { retryOnce } from '../lib/query-retry.ts';
import { AppRoutes } from './routes.tsx';

/** One per browser page, and one per request when rendering on the server. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: retryOnce, refetchOnWindowFocus: false },
    },
  });
}

/** The app in the page's language (issue 30): a Hindi page's router works under /hi. */
export function App({ queryClient, language, texts }: { queryClient: QueryClient; language: Language; texts: Texts }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider language={language} texts={texts}>
        <BrowserRouter basename={routerBase(language)}>
          <AppRoutes />
        </BrowserRouter>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
