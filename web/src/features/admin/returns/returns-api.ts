import {
  OPEN_RETURN_STATUSES,
  type Order,
  type OrderReturn,
  type ReturnActionInput,
  type ReturnStatus,
} from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Issue 28: the owner's returns (GET /api/returns, PUT /api/returns/{id}). */
export const returnsKeys = {
  all: ['admin', 'returns'] as const,
  list: (status: ReturnStatus | null) => ['admin', 'returns', status ?? 'all'] as const,
};

/** Returns, open ones first; one state's only when `status` is given. */
export function useReturns(status: ReturnStatus | null) {
  return useQuery({
    queryKey: returnsKeys.list(status),
    queryFn: () => apiFetch<OrderReturn[]>(status ? `/api/returns?status=${status}` : '/api/returns'),
  });
}

/** How many returns wait for the owner (the admin menu's count); asked for only when `enabled`. */
export function useOpenReturnCount(enabled: boolean) {
  return useQuery({
    queryKey: returnsKeys.list(null),
    queryFn: () => apiFetch<OrderReturn[]>('/api/returns'),
    enabled,
    staleTime: 60_000,
    select: (returns) => returns.filter((r) => OPEN_RETURN_STATUSES.includes(r.status)).length,
  });
}

/**
 * The order a return is of: its payment method says how a refund may go back, and its figures give the
 * amount. The orders feature keeps one order under ['order', id]; the same key shares what it fetched.
 */
export function useReturnOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['order', orderId],
    queryFn: () => apiFetch<Order>(`/api/orders/${encodeURIComponent(orderId)}`),
    enabled,
  });
}

/** Moves a return; the lists and its order (a refund, a replacement) are fetched again. */
export function useReturnAction(ret: OrderReturn) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnActionInput) =>
      apiFetch<OrderReturn>(`/api/returns/${encodeURIComponent(ret._id)}`, { method: 'PUT', json: body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: returnsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['order', ret.order] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
