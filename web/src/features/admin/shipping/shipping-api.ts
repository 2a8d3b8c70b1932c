import type { ShippingSettings, ShippingSettingsUpdate } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Issue 27: the owner's shipping settings, GET and PUT /api/admin/shipping. */
export const shippingKeys = { settings: ['admin', 'shipping'] as const };

const PATH = '/api/admin/shipping';

export function useShippingSettings() {
  return useQuery({ queryKey: shippingKeys.settings, queryFn: () => apiFetch<ShippingSettings>(PATH) });
}

/** Sends the settings (PUT changes only the fields sent); the answer is the settings as now saved. */
export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsUpdate) => apiFetch<ShippingSettings>(PATH, { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(shippingKeys.settings, saved),
  });
}
