import type { DashboardReply, ImportPreview, ImportResult, LowStockSetting, StockHistory } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** The owner's desk query keys. */
export const deskKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  stockHistory: (productId: string) => ['admin', 'stock-history', productId] as const,
};

export function useDashboard() {
  return useQuery({ queryKey: deskKeys.dashboard, queryFn: () => apiFetch<DashboardReply>('/api/admin/dashboard') });
}

export function useSetLowStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LowStockSetting) =>
      apiFetch<LowStockSetting>('/api/admin/settings/low-stock', { method: 'PUT', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKeys.dashboard }),
  });
}

export function useStockHistory(productId: string) {
  return useQuery({
    queryKey: deskKeys.stockHistory(productId),
    queryFn: () => apiFetch<StockHistory>(`/api/admin/products/${encodeURIComponent(productId)}/stock-history`),
  });
}

const csvInit = (file: Blob) => ({ method: 'POST', body: file, headers: { 'content-type': 'text/csv' } });

/** What a catalog CSV would change; nothing is written. */
export function previewCatalogImport(file: Blob): Promise<ImportPreview> {
  return apiFetch<ImportPreview>('/api/admin/catalog/import/preview', csvInit(file));
}

/** Applies the file the admin previewed, if the catalog still plans the same. */
export function applyCatalogImport(file: Blob, plan: string): Promise<ImportResult> {
  return apiFetch<ImportResult>(`/api/admin/catalog/import?plan=${encodeURIComponent(plan)}`, csvInit(file));
}
