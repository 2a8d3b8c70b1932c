import type { Coupon, CouponInput, CouponUpdate, MessageReply, Sale, SaleInput, SaleUpdate } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, refusedWith } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../catalog/index.ts';

/** The owner's offers (issue 26): coupon codes and scheduled sales, each under /api/admin/<kind>. */
export type OfferKind = 'coupons' | 'sales';
interface OfferTypes {
  coupons: { item: Coupon; input: CouponInput; update: CouponUpdate };
  sales: { item: Sale; input: SaleInput; update: SaleUpdate };
}
export type OfferOf<K extends OfferKind> = OfferTypes[K]['item'];

export const offerKeys = {
  list: (kind: OfferKind) => ['admin', kind] as const,
};

const offerPath = (kind: OfferKind, id?: string) => `/api/admin/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`;

export function useOffers<K extends OfferKind>(kind: K) {
  return useQuery({ queryKey: offerKeys.list(kind), queryFn: () => apiFetch<Array<OfferOf<K>>>(offerPath(kind)) });
}

/** After a change: the list, and for a sale the shop's prices (cards and product pages carry the sale). */
function useRefresh(kind: OfferKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offerKeys.list(kind) }),
      kind === 'sales' && queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
      kind === 'sales' && queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
    ]);
}

/**
 * Creates (no id) or updates an offer. A code another coupon has (409) is the code field's error, as
 * the form shows a "field: problem" refusal.
 */
export function useSaveOffer<K extends OfferKind>(kind: K, id?: string) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: async (body: OfferTypes[K]['input'] | OfferTypes[K]['update']) => {
      try {
        return await apiFetch<OfferOf<K>>(offerPath(kind, id), { method: id ? 'PUT' : 'POST', json: body });
      } catch (error) {
        if (refusedWith(error, 'COUPON_CODE_TAKEN') && !error.message.startsWith('code: '))
          throw new Error(`code: ${error.message}`);
        throw error;
      }
    },
    onSuccess: refresh,
  });
}

/** Pauses (false) or resumes (true) an offer from the list. */
export function useSetOfferActive(kind: OfferKind) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiFetch<unknown>(offerPath(kind, id), { method: 'PUT', json: { isActive } }),
    onSuccess: refresh,
  });
}

export function useDeleteOffer(kind: OfferKind) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageReply>(offerPath(kind, id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
