import {
  ORDER_PAGE_HEADERS,
  ORDERS_PER_PAGE,
  type AdminOrderFilter,
  type Order,
  type PartialRefundInput,
  type ShipOrderBody,
} from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchWithHeaders } from '../../lib/api-client.ts';
import { catalogKeys } from '../catalog/index.ts';

/** Every query key of orders: one order under 'order', the lists under 'orders'. */
export const orderKeys = {
  one: (id: string) => ['order', id] as const,
  lists: ['orders'] as const,
  mine: (page: number) => ['orders', 'mine', page] as const,
  page: (page: number, filter: AdminOrderListFilter) => ['orders', 'all', page, filter.status, filter.q] as const,
};

/** What the admin list is narrowed to: a state and a search (order number, phone or name). */
export interface AdminOrderListFilter {
  status: AdminOrderFilter | null;
  q: string;
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: () => apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}`),
  });
}

/** A page of orders and where it is among them (from the paging headers, decision 0010). */
export interface OrderPage {
  orders: Order[];
  page: number;
  pages: number;
}

async function fetchOrderPage(path: string, page: number, query: URLSearchParams): Promise<OrderPage> {
  query.set('pageNumber', String(page));
  query.set('limit', String(ORDERS_PER_PAGE));
  const { body, headers } = await apiFetchWithHeaders<Order[]>(`${path}?${query}`);
  return {
    orders: body,
    page: headerNumber(headers, ORDER_PAGE_HEADERS.page, page),
    pages: headerNumber(headers, ORDER_PAGE_HEADERS.pages, 1),
  };
}

/** A page of the signed-in customer's orders, newest first. */
export function useMyOrders(page: number) {
  return useQuery({
    queryKey: orderKeys.mine(page),
    queryFn: () => fetchOrderPage('/api/orders/myorders', page, new URLSearchParams()),
  });
}

/** A whole number from a paging header; `fallback` when it is missing or not one. */
function headerNumber(headers: Headers, name: string, fallback: number): number {
  const value = Number(headers.get(name));
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** GET /api/orders answers SPEC's array; the paging totals come in its headers (decision 0010). */
export function useAllOrders(page: number, filter: AdminOrderListFilter) {
  return useQuery({
    queryKey: orderKeys.page(page, filter),
    queryFn: (): Promise<OrderPage> => {
      const query = new URLSearchParams();
      if (filter.status) query.set('status', filter.status);
      if (filter.q) query.set('q', filter.q);
      return fetchOrderPage('/api/orders', page, query);
    },
  });
}

export type AdminOrderAction = 'deliver' | 'deliver-and-collect' | 'pay' | 'cancel' | 'refund';

function runAction(id: string, action: AdminOrderAction): Promise<Order> {
  const path = `/api/orders/${encodeURIComponent(id)}`;
  switch (action) {
    case 'deliver-and-collect':
      return apiFetch<Order>(`${path}/deliver`, { method: 'PUT', json: { cashCollected: true } });
    case 'refund':
      return apiFetch<Order>(`${path}/refund`, { method: 'POST' });
    default:
      return apiFetch<Order>(`${path}/${action}`, { method: 'PUT' });
  }
}

/** An admin action on an order; SPEC §4: the order reloads after it succeeds. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminOrderAction) => runAction(id, action),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
      // Stock changes when an order is cancelled.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.lists });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.products });
    },
  });
}

/**
 * PUT /api/orders/{id}/ship: the courier and tracking number typed by the admin; or (issue 27) no body,
 * and the server books the parcel with the courier aggregator, which assigns both and draws the label.
 * The order comes back shipped.
 */
export function useShipOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipOrderBody) =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/ship`, {
        method: 'PUT',
        ...(body ? { json: body } : {}),
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

/** POST /api/orders/{id}/confirm: the code sent by SMS confirms an order from an unproven phone. */
export function useConfirmOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/confirm`, { method: 'POST', json: { code } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

/** POST /api/orders/{id}/confirmation-code: a new code by SMS (once a minute). */
export function useResendConfirmationCode(id: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<{ message: string }>(`/api/orders/${encodeURIComponent(id)}/confirmation-code`, { method: 'POST' }),
  });
}

/** Issue 28: POST /api/orders/{id}/refund, a partial refund of lines and units; the order comes back. */
export function usePartialRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartialRefundInput) =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}/refund`, { method: 'POST', json: body }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}

/** PUT /api/orders/{id}/refunds/{refundId}/retry: a failed gateway refund is tried again. */
export function useRetryPartialRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) =>
      apiFetch<unknown>(`/api/orders/${encodeURIComponent(id)}/refunds/${encodeURIComponent(refundId)}/retry`, {
        method: 'PUT',
      }),
    // The answer may be the order or the refund: the order is fetched again either way.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.one(id) }),
  });
}
