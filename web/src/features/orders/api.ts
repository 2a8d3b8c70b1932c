import type { Order, OrderPage } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export function useOrder(id: string) {
  return useQuery({ queryKey: ['order', id], queryFn: () => apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}`) });
}

export function useMyOrders() {
  return useQuery({ queryKey: ['orders', 'mine'], queryFn: () => apiFetch<Order[]>('/api/orders/myorders') });
}

export function useAllOrders(page: number) {
  return useQuery({
    queryKey: ['orders', 'all', page],
    queryFn: () => apiFetch<OrderPage>(`/api/orders${page > 1 ? `?pageNumber=${page}` : ''}`),
  });
}

export type AdminOrderAction = 'deliver' | 'pay' | 'cancel';

/** An admin action on an order; SPEC §4: the order reloads after it succeeds. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminOrderAction) =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/${action}`, { method: 'PUT' }),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', id], order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      // Stock changes when an order is cancelled.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
