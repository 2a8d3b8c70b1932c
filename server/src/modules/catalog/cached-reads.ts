import {
  errorCodes,
  product,
  productFacets,
  productList,
  productSuggestions,
  productSummary,
  type Product,
  type ProductFacets,
  type ProductSuggestions,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
  type RunningSale,
} from '@rr/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isStatementTimeout, type Database } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { cacheKey, type CachedRoute, type LoadScope } from '../../plugins/response-cache.ts';
import { salesForAnswer } from '../offers/index.ts';
import { productFacets as facetsOf, suggest } from './listing.ts';
import { listWithSales, productWithSale, summariesWithSales } from './sale-prices.ts';
import { shareSearchMemo } from './search-memo.ts';
import { bestSellers, getProduct, listProducts, topRated } from './service.ts';

const summaries = z.array(productSummary);
const always = () => true;

/** The public list query (drafts are for admins, never cached). */
export type PublicListQuery = Omit<ProductListQuery, 'drafts'>;

/**
 * Where catalog answers are read: the app (its database, the time a search may take on it (issue 23),
 * and the running sales its answers show).
 */
export type CatalogSource = FastifyInstance;

/**
 * A search reads the database within its statement budget (PostgreSQL), so unique keywords cannot keep
 * connections busy that checkouts need; a search cut short answers 503 SEARCH_TIMED_OUT. Issue 31: on
 * connections of their own that start with that budget (`app.searchDb`), not in a transaction that sets
 * it: three round trips fewer (begin, set local statement_timeout, commit), half of an uncached search's.
 */
async function searching<T>(source: CatalogSource, work: (db: Database) => Promise<T>): Promise<T> {
  shareSearchMemo(source.searchDb, source.db);
  try {
    return await work(source.searchDb);
  } catch (err) {
    if (!isStatementTimeout(err)) throw err;
    throw new DomainError('unavailable', errorCodes.searchTimedOut, SEARCH_TIMED_OUT, {
      retryAfterSeconds: SEARCH_RETRY_AFTER_SECONDS,
    });
  }
}

const SEARCH_TIMED_OUT = 'This search took too long. Please try again in a moment, or with other words.';
const SEARCH_RETRY_AFTER_SECONDS = 5;

/**
 * Reads an answer's rows, then the running sales, so the answer holds until the next sale boundary
 * (sale-prices.ts; the response cache drops it then). It shows the products `shown` names (decision 0051:
 * a change to one of them drops it), and is a list when `lists` (any product's listing change drops it).
 */
const withSales =
  <Rows, T>(
    source: CatalogSource,
    rows: (sales?: RunningSale[]) => Promise<Rows>,
    priced: (rows: Rows, sales: RunningSale[]) => T,
    shown: (value: T) => { ids: Iterable<string>; lists: boolean },
    { salesFirst = false } = {},
  ) =>
  async (scope: LoadScope): Promise<T> => {
    // A sale's listing (issue 30) reads which products to list from the running sales, so it reads them
    // first; the prices come from that same list.
    const first = salesFirst ? await salesForAnswer(source, scope) : undefined;
    const read = await rows(first);
    const value = priced(read, first ?? (await salesForAnswer(source, scope)));
    const { ids, lists } = shown(value);
    scope.shows(ids);
    if (lists) scope.lists();
    return value;
  };

const listed = (products: Array<{ _id: string }>) => ({ ids: products.map((p) => p._id), lists: true });

/**
 * How long the best sellers' order may lag behind the units sold (decision 0051): every order moves the
 * counts, and a strip re-read on every order would be read as often as orders come. The stock and prices
 * it shows are never late: a change to one of its products drops it at once, like any answer.
 */
export const BEST_SELLERS_CLOCK_MS = 10_000;

/** A filter panel or a suggestion list: it follows the listing facts of every product. */
const readsLists =
  <T>(read: () => Promise<T>, shows: (value: T) => Iterable<string>) =>
  async (scope: LoadScope): Promise<T> => {
    const value = await read();
    scope.shows(shows(value));
    scope.lists();
    return value;
  };

/**
 * What each public catalog answer is cached under, how it is read and checked, and who may keep it.
 * Searches (a keyword) are `costly`: a client may make the database run only so many a minute. Answers
 * with products carry the running sales' prices, and hold until the next sale starts or ends.
 */
export const catalogAnswers = {
  list: (source: CatalogSource, query: PublicListQuery): CachedRoute<ProductList> => ({
    key: cacheKey('products', query),
    schema: productList,
    load: withSales(
      source,
      (sales) =>
        query.keyword
          ? searching(source, (db) => listProducts(db, query, sales))
          : listProducts(source.db, query, sales),
      listWithSales,
      (list) => listed(list.products),
      { salesFirst: Boolean(query.sale) },
    ),
    isPublic: always,
    costly: Boolean(query.keyword),
  }),
  product: (source: CatalogSource, id: string): CachedRoute<Product> => ({
    key: cacheKey('product', { id: id.toLowerCase() }),
    schema: product,
    load: withSales(
      source,
      () => getProduct(source.db, id),
      productWithSale,
      (p) => ({ ids: [p._id], lists: false }),
    ),
    // A draft is its editor's work in progress: no shared cache keeps it.
    isPublic: (value) => !value.isDraft,
  }),
  facets: (source: CatalogSource, query: ProductListQuery): CachedRoute<ProductFacets> => {
    // Facets always count published products: the drafts flag is not part of their question.
    const { drafts: _drafts, ...published } = query;
    return {
      key: cacheKey('facets', published),
      schema: productFacets,
      load: async (scope) => {
        // Issue 30: a sale's listing counts the products of the sale running now (and holds until it ends).
        const sales = query.sale ? await salesForAnswer(source, scope) : undefined;
        return readsLists(
          () =>
            query.keyword
              ? searching(source, (db) => facetsOf(db, published, sales))
              : facetsOf(source.db, published, sales),
          () => [],
        )(scope);
      },
      isPublic: always,
      costly: Boolean(query.keyword),
    };
  },
  suggest: (source: CatalogSource, q: string | undefined): CachedRoute<ProductSuggestions> => ({
    key: cacheKey('suggest', { q }),
    schema: productSuggestions,
    load: readsLists(
      () => (q?.trim() ? searching(source, (db) => suggest(db, q)) : suggest(source.db, q)),
      (found) => found.products.map((p) => p._id),
    ),
    isPublic: always,
    costly: Boolean(q?.trim()),
  }),
  bestSellers: (source: CatalogSource): CachedRoute<ProductSummary[]> => ({
    key: cacheKey('bestsellers'),
    schema: summaries,
    load: (scope) => {
      scope.holdsUntil(Date.now() + BEST_SELLERS_CLOCK_MS);
      return withSales(source, () => bestSellers(source.db), summariesWithSales, listed)(scope);
    },
    isPublic: always,
  }),
  topRated: (source: CatalogSource): CachedRoute<ProductSummary[]> => ({
    key: cacheKey('top'),
    schema: summaries,
    load: withSales(source, () => topRated(source.db), summariesWithSales, listed),
    isPublic: always,
  }),
};

/**
 * The public catalog answers for in-process readers (server rendering), from the same cache as the
 * API: always current (see plugins/response-cache.ts). The values are shared: read them, never change them.
 * Each answer's `until` (the next sale boundary) and what it shows are told to `scope`, so a page made of
 * them is kept no longer than they are.
 */
export function cachedCatalog(app: FastifyInstance, scope?: LoadScope) {
  const read = async <T>(answer: CachedRoute<T>): Promise<T> => {
    const [kept] = await app.responseCache.get(answer.key, answer.schema, answer.load);
    if (scope) {
      scope.holdsUntil(kept.until);
      scope.shows(kept.shown.products);
      if (kept.shown.lists) scope.lists();
    }
    return kept.value;
  };
  return {
    productList: (query: PublicListQuery) => read(catalogAnswers.list(app, query)),
    product: (id: string) => read(catalogAnswers.product(app, id)),
    facets: (query: ProductListQuery) => read(catalogAnswers.facets(app, query)),
    bestSellers: () => read(catalogAnswers.bestSellers(app)),
    topRated: () => read(catalogAnswers.topRated(app)),
    /** Any answer of the same cache (the running sales for the home page's banner). */
    read,
  };
}
