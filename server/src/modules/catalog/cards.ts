import type { ProductSummary } from '@rr/core';
import type { FastifyInstance } from 'fastify';
import { shownSales } from '../offers/index.ts';
import { summariesWithSales } from './sale-prices.ts';
import { publishedCards } from './service.ts';

/**
 * Issue 28: the published products among `ids` as the listing's cards, with the sales running now, in
 * the order of `ids`: for lists of a customer's own (the wishlist), read fresh rather than cached.
 */
export async function productCards(app: FastifyInstance, ids: readonly string[]): Promise<ProductSummary[]> {
  const cards = await publishedCards(app.db, ids);
  return summariesWithSales(cards, (await shownSales(app).now()).running);
}
