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
} from '@rr/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withStatementBudget, type Database } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { cacheKey, type CachedRoute } from '../../plugins/response-cache.ts';
import { productFacets as facetsOf, suggest } from './listing.ts';
import { shareSearchMemo } from './search-memo.ts';
import { bestSellers, getProduct, listProducts, topRated } from './service.ts';

const summaries = z.array(productSummary);
const always = () => true;

/** The public list query (drafts are for admins, never cached). */
export type PublicListQuery = Omit<ProductListQuery, 'drafts'>;

/** Where catalog answers are read: the database, and the time a search may take on it (issue 23). */
export interface CatalogSource {
  db: Database;
  config: { workLimits: { searchStatementMs: number } };
}

/**
 * A search reads the database within its statement budget (PostgreSQL), so unique keywords cannot keep
 * connections busy that checkouts need; a search cut short answers 503 SEARCH_TIMED_OUT.
 */
function searching<T>(source: CatalogSource, work: (db: Database) => Promise<T>): Promise<T> {
  return withStatementBudget(
    source.db,
    source.config.workLimits.searchStatementMs,
    (tx) => {
      shareSearchMemo(tx, source.db);
      return work(tx);
    },
    () =>
      new DomainError('unavailable', errorCodes.searchTimedOut, SEARCH_TIMED_OUT, {
        retryAfterSeconds: SEARCH_RETRY_AFTER_SECONDS,
      }),
  );
}

const SEARCH_TIMED_OUT = 'This search took too long. Please try again in a moment, or with other words.';
const SEARCH_RETRY_AFTER_SECONDS = 5;

/**
 * What each public catalog answer is cached under, how it is read and checked, and who may keep it.
 * Searches (a keyword) are `costly`: a client may make the database run only so many a minute.
 */
export const catalogAnswers = {
  list: (source: CatalogSource, query: PublicListQuery): CachedRoute<ProductList> => ({
    key: cacheKey('products', query),
    schema: productList,
    load: () => (query.keyword ? searching(source, (db) => listProducts(db, query)) : listProducts(source.db, query)),
    isPublic: always,
    costly: Boolean(query.keyword),
  }),
  product: (db: Database, id: string): CachedRoute<Product> => ({
    key: cacheKey('product', { id: id.toLowerCase() }),
    schema: product,
    load: () => getProduct(db, id),
    // A draft is its editor's work in progress: no shared cache keeps it.
    isPublic: (value) => !value.isDraft,
  }),
  facets: (source: CatalogSource, query: ProductListQuery): CachedRoute<ProductFacets> => {
    // Facets always count published products: the drafts flag is not part of their question.
    const { drafts: _drafts, ...published } = query;
    return {
      key: cacheKey('facets', published),
      schema: productFacets,
      load: () => (query.keyword ? searching(source, (db) => facetsOf(db, published)) : facetsOf(source.db, published)),
      isPublic: always,
      costly: Boolean(query.keyword),
    };
  },
  suggest: (source: CatalogSource, q: string | undefined): CachedRoute<ProductSuggestions> => ({
    key: cacheKey('suggest', { q }),
    schema: productSuggestions,
    load: () => (q?.trim() ? searching(source, (db) => suggest(db, q)) : suggest(source.db, q)),
    isPublic: always,
    costly: Boolean(q?.trim()),
  }),
  bestSellers: (db: Database): CachedRoute<ProductSummary[]> => ({
    key: cacheKey('bestsellers'),
    schema: summaries,
    load: () => bestSellers(db),
    isPublic: always,
  }),
  topRated: (db: Database): CachedRoute<ProductSummary[]> => ({
    key: cacheKey('top'),
    schema: summaries,
    load: () => topRated(db),
    isPublic: always,
  }),
};

/**
 * The public catalog answers for in-process readers (server rendering), from the same cache as the
 * API: always current (see plugins/response-cache.ts). The values are shared: read them, never change them.
 */
export function cachedCatalog(app: FastifyInstance) {
  const read = async <T>(answer: CachedRoute<T>): Promise<T> =>
    (await app.responseCache.get(answer.key, answer.schema, answer.load))[0].value;
  return {
    productList: (query: PublicListQuery) => read(catalogAnswers.list(app, query)),
    product: (id: string) => read(catalogAnswers.product(app.db, id)),
    facets: (query: ProductListQuery) => read(catalogAnswers.facets(app, query)),
    bestSellers: () => read(catalogAnswers.bestSellers(app.db)),
    topRated: () => read(catalogAnswers.topRated(app.db)),
  };
}
