import { useT } from '../../../i18n/index.tsx';
import { HOME_GRID_LIMIT } from '@rr/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { PastLastPage } from '../../../components/past-last-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useRandomSeed } from '../../../lib/ssr-state.ts';
import { FaqList } from '../../content/index.ts';
import { useBestSellers, useProducts } from '../api.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { Collections } from '../components/collections.tsx';
import { FilteredListing, useListingFilters } from '../components/listing-filters.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { SaleBanner } from '../components/sale-banner.tsx';
import { hrefWithFilters } from '../listing-filter-params.ts';
import { parsePageNumber } from '../page-number.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import styles from './home-page.module.css';

/** A seeded shuffle: the server and the hydrating browser order the page alike. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const homeHref = (n: number) => (n === 1 ? '/' : `/page/${n}`);

export function HomePage() {
  const page = parsePageNumber(useParams().pageNumber);
  if (page === null) return <NotFoundPage />;
  return <Home page={page} />;
}

function Home({ page }: { page: number }) {
  const t = useT();
  usePageTitle(page === 1 ? t('home.title') : t('home.titlePage', { page }), t('home.description'));
  // Issue 14: filters and sort from the address; a chosen sort keeps its order.
  const filters = useListingFilters();
  const grid = useProducts({ pageNumber: page, limit: HOME_GRID_LIMIT, ...filters });
  // SPEC §7: with a limit the client shows the page in a random order.
  const seed = useRandomSeed();
  const gridProducts = useMemo(
    () => (filters.sort ? (grid.data?.products ?? []) : shuffled(grid.data?.products ?? [], seed)),
    [grid.data, filters.sort, seed],
  );
  const pageHref = (n: number) => hrefWithFilters(homeHref(n), filters);

  return (
    <div className="container page">
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      {page === 1 && (
        <>
          <div className={styles.top}>
            <BannerCarousel />
            <SaleBanner />
          </div>
          <HydrateLater>
            <section className={styles.section} aria-labelledby="collections-heading">
              <h2 id="collections-heading">{t('home.collections')}</h2>
              <Collections headingLevel="h3" />
            </section>
          </HydrateLater>
          <BestSellers />
        </>
      )}
      <HydrateLater>
        <section className={styles.section} aria-labelledby="explore-heading">
          <h2 id="explore-heading">{t('home.explore')}</h2>
          <FilteredListing firstPageHref="/">
            {grid.isPending ? (
              <Spinner />
            ) : grid.isError ? (
              <Message variant="danger">{t('catalog.failedToFetch')}</Message>
            ) : gridProducts.length === 0 && page > 1 ? (
              <PastLastPage page={page} pages={grid.data.pages} hrefFor={pageHref} />
            ) : gridProducts.length === 0 ? (
              <Message>{t('catalog.noProducts')}</Message>
            ) : (
              <>
                <ProductGrid products={gridProducts} />
                <Paginate page={grid.data.page} pages={grid.data.pages} hrefFor={pageHref} />
              </>
            )}
          </FilteredListing>
        </section>
      </HydrateLater>
      {page === 1 && (
        <HydrateLater>
          <div className={styles.section}>
            <FaqList />
          </div>
        </HydrateLater>
      )}
    </div>
  );
}

function BestSellers() {
  const best = useBestSellers();
  const t = useT();
  if (best.isError || (best.data && best.data.length === 0)) return null;
  return (
    <HydrateLater>
      <section className={styles.section} aria-labelledby="best-heading">
        <h2 id="best-heading">{t('home.bestSelling')}</h2>
        {best.isPending ? (
          <Spinner />
        ) : (
          <div className={styles.strip}>
            <ProductGrid products={best.data} />
          </div>
        )}
      </section>
    </HydrateLater>
  );
}
