import type { StoreCreditAnswer } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Issue 28: a customer's store credit as the owner sees it (GET/POST /api/admin/users/{id}/store-credit). */
export const storeCreditKeys = { one: (userId: string) => ['admin', 'store-credit', userId] as const };

const path = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/store-credit`;

export function useStoreCredit(userId: string) {
  return useQuery({ queryKey: storeCreditKeys.one(userId), queryFn: () => apiFetch<StoreCreditAnswer>(path(userId)) });
}

/** Grants (a positive amount) or takes back (a negative one) store credit, with the reason. */
export function useGrantStoreCredit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; note: string }) =>
      apiFetch<unknown>(path(userId), { method: 'POST', json: body }),
    // The answer's shape is the ledger's or the entry's: the ledger is asked for again either way.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeCreditKeys.one(userId) }),
  });
}
