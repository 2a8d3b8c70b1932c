import type {
  Category,
  CertificateUploadReply,
  CategoryGst,
  ListingFilterText,
  ProductFacets,
  ProductSuggestions,
  CategoryUpdate,
  MessageReply,
  Product,
  ProductInput,
  ProductList,
  ProductSummary,
  ReviewInput,
  ReviewPhotoReply,
  RunningSale,
  StockAlertBody,
  StockAlertReply,
  UploadReply,
} from '@rr/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, refusedWith } from '../../lib/api-client.ts';

export interface ProductQuery extends ListingFilterText {
  keyword?: string;
  category?: Category;
  pageNumber?: number;
  limit?: number;
  /** Admins: list drafts too. */
  drafts?: 'include';
}

/**
 * Every query key of the catalog, in one place. Lists and best sellers sit under 'products' and a
 * product under 'product', so one invalidation refreshes all of either.
 */
export const catalogKeys = {
  lists: ['products'] as const,
  list: (query: ProductQuery) => ['products', query] as const,
  bestSellers: ['products', 'bestsellers'] as const,
  products: ['product'] as const,
  product: (id: string) => ['product', id] as const,
  categories: ['categories'] as const,
  facets: (query: ProductQuery) => ['products', 'facets', query] as const,
  suggestions: (q: string) => ['products', 'suggest', q] as const,
  /** GET /api/sales/current (issue 26): the home page's sale banner. */
  runningSales: ['sales', 'current'] as const,
};

/** The listing filters (issue 14), in the order the address carries them. */
export const FILTER_KEYS = [
  'sort',
  'minPrice',
  'maxPrice',
  'inStock',
  'mukhi',
  'origin',
  'size',
  'minCarats',
  'maxCarats',
  'planet',
] as const;

function listParams(query: ProductQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.category) params.set('category', query.category);
  if (query.sale) params.set('sale', query.sale);
  if (query.pageNumber && query.pageNumber > 1) params.set('pageNumber', String(query.pageNumber));
  if (query.limit) params.set('limit', String(query.limit));
  if (query.drafts) params.set('drafts', query.drafts);
  for (const key of FILTER_KEYS) if (query[key]) params.set(key, query[key]);
  return params.toString();
}

function listUrl(query: ProductQuery): string {
  const qs = listParams(query);
  return `/api/products${qs ? `?${qs}` : ''}`;
}

export function useProducts(query: ProductQuery) {
  return useQuery({
    queryKey: catalogKeys.list(query),
    queryFn: () => apiFetch<ProductList>(listUrl(query)),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/products/facets: the filter panel's counts for a listing. */
export function useFacets(query: ProductQuery) {
  return useQuery({
    queryKey: catalogKeys.facets(query),
    queryFn: () => apiFetch<ProductFacets>(`/api/products/facets?${listParams(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/products/suggest: products and categories for the text typed in the header search. */
export function useSuggestions(q: string) {
  return useQuery({
    queryKey: catalogKeys.suggestions(q),
    queryFn: () => apiFetch<ProductSuggestions>(`/api/products/suggest?q=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: catalogKeys.product(id),
    queryFn: () => apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`),
  });
}

export function useBestSellers() {
  return useQuery({
    queryKey: catalogKeys.bestSellers,
    queryFn: () => apiFetch<ProductSummary[]>('/api/products/bestsellers'),
    staleTime: 5 * 60_000,
  });
}

/** The sales running now (issue 26), the one ending first first: the home page's banner shows the first. */
export function useRunningSales() {
  return useQuery({
    queryKey: catalogKeys.runningSales,
    queryFn: () => apiFetch<RunningSale[]>('/api/sales/current'),
    staleTime: 5 * 60_000,
  });
}

// Admin writes (SPEC §7) and reviews. Every change refreshes what the shop shows: the lists (and
// best sellers) under 'products' and the product itself under 'product'.

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** POST /api/products: a draft product, opened next in its edit page. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Product>('/api/products', { method: 'POST', json: {} }),
    onSuccess: (created) => {
      queryClient.setQueryData(catalogKeys.product(created._id), created);
      return queryClient.invalidateQueries({ queryKey: catalogKeys.lists });
    },
  });
}

/** GET /api/categories: each category's HSN code and GST rate. */
export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: () => apiFetch<CategoryGst[]>('/api/categories'),
  });
}

/** PUT /api/categories/:slug (admin): prices with GST (and saving badges) change with the rate. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, ...body }: CategoryUpdate & { slug: Category }) =>
      apiFetch<CategoryGst>(`/api/categories/${encodeURIComponent(slug)}`, { method: 'PUT', json: body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
      ]),
  });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductInput) => apiFetch<Product>(productPath(id), { method: 'PUT', json: body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(catalogKeys.product(id), updated);
      return queryClient.invalidateQueries({ queryKey: catalogKeys.lists });
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageReply>(productPath(id), { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: catalogKeys.product(id) });
      return queryClient.invalidateQueries({ queryKey: catalogKeys.lists });
    },
  });
}

/** POST /api/upload: one image in the multipart field `image`; the reply names its path on this site. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      // No content-type here: the browser sets multipart/form-data with its boundary.
      return apiFetch<UploadReply>('/api/upload', { method: 'POST', body: form });
    },
  });
}

/** Issue 28: POST /api/upload/review-photo (signed in): a photo for a review, stored without its metadata. */
export function useUploadReviewPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiFetch<ReviewPhotoReply>('/api/upload/review-photo', { method: 'POST', body: form });
    },
  });
}

/**
 * POST /api/products/:id/reviews; the product reloads with the review and its new rating, and also after
 * 'Product already reviewed' (409), which means a review sent from elsewhere that this page has not shown.
 */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) =>
      apiFetch<MessageReply>(`${productPath(productId)}/reviews`, { method: 'POST', json: body }),
    onError: (error) =>
      refusedWith(error, 'ALREADY_REVIEWED')
        ? queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) })
        : undefined,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) }),
        // Cards show the rating too.
        queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
      ]),
  });
}

/** POST /api/upload/certificate (admin): a lab certificate as a PDF or an image, in the field `certificate`. */
export function useUploadCertificate() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('certificate', file);
      return apiFetch<CertificateUploadReply>('/api/upload/certificate', { method: 'POST', body: form });
    },
  });
}

/** POST /api/products/:id/stock-alert: a signed-in customer's phone, or the phone a guest gives. */
export function useStockAlert(productId: string) {
  return useMutation({
    mutationFn: (body: StockAlertBody) =>
      apiFetch<StockAlertReply>(`${productPath(productId)}/stock-alert`, { method: 'POST', json: body }),
  });
}
