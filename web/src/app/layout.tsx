import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../i18n/index.tsx';
import { useSessionEnd } from './session-end.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollProgress } from './scroll-progress.tsx';
import { ScrollToTop } from './scroll-to-top.ts';
import { StartupLoader } from './startup-loader.tsx';

export function Layout() {
  useSessionEnd();
  const t = useT();
  return (
    <>
      <ScrollToTop />
      <StartupLoader />
      <ScrollProgress />
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </>
  );
}
