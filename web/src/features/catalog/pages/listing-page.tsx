import { useErrorText } from '../../../i18n/error-text.ts';
import { useLanguage, useT } from '../../../i18n/index.tsx';
import { CATEGORIES, formatDateIST, nameIn, type Category } from '@rr/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { Message } from '../../../components/message.tsx';
import { Paginate } from '../../../components/paginate.tsx';
import { PastLastPage } from '../../../components/past-last-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useRenderStatus } from '../../../lib/render-status.ts';
import { useProducts, useRunningSales } from '../api.ts';
import { FilteredListing, useListingFilters } from '../components/listing-filters.tsx';
import { ownBanner } from '../components/sale-banner.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { hrefWithFilters } from '../listing-filter-params.ts';
import { parsePageNumber } from '../page-number.ts';
import { searchKeyword } from '../search-keyword.ts';
import styles from './listing-page.module.css';

interface Listing {
  title: string;
  heading: string;
  description?: string;
  /** A line under the heading (a sale's banner and end). */
  lead?: string;
  keyword?: string;
  category?: Category;
  /** A running sale's id (issue 30): its products. */
  sale?: string;
  page: number;
  hrefFor: (n: number) => string;
}

/** /search/:keyword(/page/:pageNumber) */
export function SearchPage() {
  const { keyword: raw = '', pageNumber } = useParams();
  const t = useT();
  const page = parsePageNumber(pageNumber);
  // A keyword typed into the address bar can be longer than the search takes: its start is searched.
  const keyword = searchKeyword(raw);
  // SPEC §5: a blank or whitespace-only keyword goes home, however it was reached (`/search/%20%20` typed in).
  if (keyword === '') return <Navigate to="/" replace />;
  if (page === null) return <NotFoundPage />;
  const base = `/search/${encodeURIComponent(raw)}`;
  return (
    <ListingView
      title={t('search.title', { keyword })}
      heading={t('search.heading', { keyword })}
      keyword={keyword}
      page={page}
      hrefFor={(n) => (n === 1 ? base : `${base}/page/${n}`)}
    />
  );
}

/** /category/:category, paged by ?page= */
export function CategoryPage() {
  const { category = '' } = useParams();
  const t = useT();
  const [searchParams] = useSearchParams();
  const page = parsePageNumber(searchParams.get('page'));
  if (!(CATEGORIES as readonly string[]).includes(category) || page === null) return <NotFoundPage />;
  const label = t(`category.${category as Category}`);
  return (
    <ListingView
      title={t('catalog.categoryTitle', { label })}
      heading={t('catalog.categoryHeading', { label })}
      description={t(`catalog.categoryDescription.${category as Category}`)}
      category={category as Category}
      page={page}
      hrefFor={(n) => (n === 1 ? `/category/${category}` : `/category/${category}?page=${n}`)}
    />
  );
}

/**
 * /sale/:id, paged by ?page= (issue 30): the products of a running sale, where its banner leads when it
 * covers more than one product or category. A sale that has ended says so (404 for search engines).
 */
export function SalePage() {
  const { id = '' } = useParams();
  const t = useT();
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const page = parsePageNumber(searchParams.get('page'));
  const running = useRunningSales();
  if (page === null) return <NotFoundPage />;
  if (running.isPending) return <Spinner />;
  const sale = running.data?.find((s) => s._id === id.toLowerCase());
  if (!sale) return <SaleEnded />;
  const name = nameIn(sale, language);
  const heading = t('home.saleOff', { name, percent: sale.percentOff });
  const banner = ownBanner(sale, language);
  const ends = t('catalog.saleEnds', { date: formatDateIST(sale.endsAt, language) });
  const base = `/sale/${encodeURIComponent(sale._id)}`;
  return (
    <ListingView
      title={t('catalog.saleTitle', { name })}
      heading={heading}
      description={`${heading}. ${banner ? `${banner}. ` : ''}${ends}`}
      lead={banner ? `${banner} · ${ends}` : ends}
      sale={sale._id}
      page={page}
      hrefFor={(n) => (n === 1 ? base : `${base}?page=${n}`)}
    />
  );
}

function SaleEnded() {
  const t = useT();
  usePageTitle(t('catalog.saleEndedTitle'));
  useRenderStatus(404);
  return (
    <div className="container page">
      <h1 className={styles.heading}>{t('catalog.saleEnded')}</h1>
      <p>{t('catalog.saleEndedText')}</p>
      <Link to="/" className="btn">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

function ListingView({ title, heading, description, lead, keyword, category, sale, page, hrefFor }: Listing) {
  usePageTitle(title, description);
  const t = useT();
  const errorText = useErrorText();
  // Issue 14: the filters in the address apply to the list and stay on its page links.
  const filters = useListingFilters();
  const result = useProducts({ keyword, category, sale, pageNumber: page, ...filters });
  const pageHref = (n: number) => hrefWithFilters(hrefFor(n), filters);
  return (
    <div className="container page">
      <h1 className={styles.heading}>{heading}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      <HydrateLater>
        <FilteredListing keyword={keyword} category={category} sale={sale} firstPageHref={hrefFor(1)}>
          {result.isPending ? (
            <Spinner />
          ) : result.isError ? (
            <Message variant="danger">{errorText(result.error)}</Message>
          ) : result.data.products.length === 0 && page > 1 ? (
            <PastLastPage page={page} pages={result.data.pages} hrefFor={pageHref} />
          ) : result.data.products.length === 0 ? (
            <Message>{t('catalog.noProducts')}</Message>
          ) : (
            <>
              <ProductGrid products={result.data.products} eagerCount={4} headingLevel="h2" />
              <Paginate page={result.data.page} pages={result.data.pages} hrefFor={pageHref} />
            </>
          )}
        </FilteredListing>
      </HydrateLater>
    </div>
  );
}
