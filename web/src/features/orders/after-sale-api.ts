import type { Order, OrderReturn, ReturnRequestInput, Returnability, ReviewPhotoReply } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/save-file.ts';
import { userKeys } from '../account/index.ts';
import { catalogKeys } from '../catalog/index.ts';
import { orderKeys } from './api.ts';

/** Issue 28's query keys of one order: whether it may be returned, and its returns. */
export const afterSaleKeys = {
  returnability: (id: string) => ['order', id, 'returnability'] as const,
  returns: (id: string) => ['order', id, 'returns'] as const,
};

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/**
 * PUT /api/orders/{id}/cancel: the customer cancels their own order before dispatch (decision 0043). The
 * order comes back cancelled, with its refund's state; stock and store credit go back.
 */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Order>(`${orderPath(id)}/cancel`, { method: 'PUT' }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
      // Stock goes back, and store credit spent on the order comes back to the profile.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      void queryClient.invalidateQueries({ queryKey: userKeys.profile });
    },
  });
}

/** GET /api/orders/{id}/returnability: whether a return may be asked for, and of which lines. */
export function useReturnability(id: string, enabled: boolean) {
  return useQuery({
    queryKey: afterSaleKeys.returnability(id),
    queryFn: () => apiFetch<Returnability>(`${orderPath(id)}/returnability`),
    enabled,
  });
}

/** GET /api/orders/{id}/returns: the order's returns, as the customer sees them. */
export function useOrderReturns(id: string, enabled: boolean) {
  return useQuery({
    queryKey: afterSaleKeys.returns(id),
    queryFn: () => apiFetch<OrderReturn[]>(`${orderPath(id)}/returns`),
    enabled,
  });
}

/** After a return is asked for or answered: its list, what is still returnable and the order reload. */
function useReturnsChanged(orderId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: afterSaleKeys.returns(orderId) }),
      queryClient.invalidateQueries({ queryKey: afterSaleKeys.returnability(orderId) }),
    ]);
}

/** POST /api/orders/{id}/returns: the customer asks to return (or replace) delivered items. */
export function useRequestReturn(orderId: string) {
  const changed = useReturnsChanged(orderId);
  return useMutation({
    mutationFn: (body: ReturnRequestInput) =>
      apiFetch<OrderReturn>(`${orderPath(orderId)}/returns`, { method: 'POST', json: body }),
    onSuccess: changed,
  });
}

/** PUT /api/returns/{id} `reply`: the customer answers the owner's question, with more photos. */
export function useReplyToReturn(orderId: string, returnId: string) {
  const changed = useReturnsChanged(orderId);
  return useMutation({
    mutationFn: (body: { note: string; photos: string[] }) =>
      apiFetch<OrderReturn>(`/api/returns/${encodeURIComponent(returnId)}`, {
        method: 'PUT',
        json: { action: 'reply', note: body.note, ...(body.photos.length ? { photos: body.photos } : {}) },
      }),
    onSuccess: changed,
  });
}

/**
 * The customer's photo upload (JPEG, PNG or WebP, in the multipart field `image`), the same as for a
 * review's photos: stored without the photo's metadata (where it was taken).
 */
export const RETURN_PHOTO_UPLOAD = '/api/upload/review-photo';

/** Uploads one photo of a return; the reply names its path on this site. */
export function useUploadReturnPhoto() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiFetch<ReviewPhotoReply>(RETURN_PHOTO_UPLOAD, { method: 'POST', body: form });
    },
  });
}

/** A refund's credit note as a PDF (a plain link cannot carry the session's token). */
export function downloadCreditNote(orderId: string, refundId: string, serial: string): Promise<void> {
  return downloadFile(
    `${orderPath(orderId)}/refunds/${encodeURIComponent(refundId)}/credit-note`,
    `${serial.replaceAll('/', '-')}.pdf`,
  );
}
