import {
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
import type { Database } from '../../db/client.ts';
import { cacheKey, type CachedRoute } from '../../plugins/response-cache.ts';
import { productFacets as facetsOf, suggest } from './listing.ts';
import { bestSellers, getProduct, listProducts, topRated } from './service.ts';

const summaries = z.array(productSummary);
const always = () => true;

/** The public list query (drafts are for admins, never cached). */
export type PublicListQuery = Omit<ProductListQuery, 'drafts'>;

/** What each public catalog answer is cached under, how it is read and checked, and who may keep it. */
export const catalogAnswers = {
  list: (db: Database, query: PublicListQuery): CachedRoute<ProductList> => ({
    key: cacheKey('products', query),
    schema: productList,
    load: () => listProducts(db, query),
    isPublic: always,
  }),
  product: (db: Database, id: string): CachedRoute<Product> => ({
    key: cacheKey('product', { id: id.toLowerCase() }),
    schema: product,
    load: () => getProduct(db, id),
    // A draft is its editor's work in progress: no shared cache keeps it.
    isPublic: (value) => !value.isDraft,
  }),
  facets: (db: Database, query: ProductListQuery): CachedRoute<ProductFacets> => {
    // Facets always count published products: the drafts flag is not part of their question.
    const { drafts: _drafts, ...published } = query;
    return {
      key: cacheKey('facets', published),
      schema: productFacets,
      load: () => facetsOf(db, published),
      isPublic: always,
    };
  },
  suggest: (db: Database, q: string | undefined): CachedRoute<ProductSuggestions> => ({
    key: cacheKey('suggest', { q }),
    schema: productSuggestions,
    load: () => suggest(db, q),
    isPublic: always,
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
    productList: (query: PublicListQuery) => read(catalogAnswers.list(app.db, query)),
    product: (id: string) => read(catalogAnswers.product(app.db, id)),
    facets: (query: ProductListQuery) => read(catalogAnswers.facets(app.db, query)),
    bestSellers: () => read(catalogAnswers.bestSellers(app.db)),
    topRated: () => read(catalogAnswers.topRated(app.db)),
  };
}
