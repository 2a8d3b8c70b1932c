import type { Category, Product, ProductList, ProductSummary } from '@rr/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export interface ProductQuery {
  keyword?: string;
  category?: Category;
  pageNumber?: number;
  limit?: number;
}

function listUrl(query: ProductQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.category) params.set('category', query.category);
  if (query.pageNumber && query.pageNumber > 1) params.set('pageNumber', String(query.pageNumber));
  if (query.limit) params.set('limit', String(query.limit));
  const qs = params.toString();
  return `/api/products${qs ? `?${qs}` : ''}`;
}

export function useProducts(query: ProductQuery) {
  return useQuery({
    queryKey: ['products', query],
    queryFn: () => apiFetch<ProductList>(listUrl(query)),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: ['product', id],
    queryFn: () => apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`),
  });
}

export function useBestSellers() {
  return useQuery({
    queryKey: ['products', 'bestsellers'],
    queryFn: () => apiFetch<ProductSummary[]>('/api/products/bestsellers'),
    staleTime: 5 * 60_000,
  });
}
