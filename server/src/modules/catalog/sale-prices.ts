/**
 * Issue 26: a product's or a card's price in the sale covering it. The catalog reads its rows, then the
 * running sales (in that order, so an answer never shows a sale that ended while its rows were read),
 * and puts `sale` on each item: the best running sale by its id or category (bestSaleFor: the largest
 * percent; sales never stack), with its price and "from" price at that sale, before GST like every price.
 */
import {
  bestSaleFor,
  salePricePaise,
  toPaise,
  toRupees,
  type Product,
  type ProductList,
  type ProductSale,
  type ProductSummary,
  type RunningSale,
} from '@rr/core';

/** A catalog item as its rows give it, before the running sales are known. */
export type WithoutSale<T> = Omit<T, 'sale'>;
export type ListWithoutSales = Omit<ProductList, 'products'> & { products: Array<WithoutSale<ProductSummary>> };

interface Priced {
  _id: string;
  category: string;
  price: number;
  priceFrom: number | null;
}

export function saleOf(item: Priced, sales: readonly RunningSale[]): ProductSale | null {
  if (sales.length === 0) return null;
  const best = bestSaleFor(sales, { id: item._id, category: item.category });
  if (!best) return null;
  const atSale = (rupees: number) => toRupees(salePricePaise(toPaise(rupees), best.percentOff));
  return {
    _id: best._id,
    name: best.name,
    ...(best.nameHi && { nameHi: best.nameHi }),
    percentOff: best.percentOff,
    price: atSale(item.price),
    priceFrom: item.priceFrom == null ? null : atSale(item.priceFrom),
    endsAt: best.endsAt,
  };
}

export const summaryWithSale = (item: WithoutSale<ProductSummary>, sales: readonly RunningSale[]): ProductSummary => ({
  ...item,
  sale: saleOf(item, sales),
});

export const summariesWithSales = (items: Array<WithoutSale<ProductSummary>>, sales: readonly RunningSale[]) =>
  items.map((item) => summaryWithSale(item, sales));

export const listWithSales = (list: ListWithoutSales, sales: readonly RunningSale[]): ProductList => ({
  ...list,
  products: summariesWithSales(list.products, sales),
});

export const productWithSale = (item: WithoutSale<Product>, sales: readonly RunningSale[]): Product => ({
  ...item,
  sale: saleOf(item, sales),
});
