import type { WishlistChangeReply, WishlistReply } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useUserInfo } from '../account/index.ts';

/**
 * Issue 28: the signed-in customer's wishlist. Its keys carry the user's id, so one account never sees
 * another's hearts (signing out also clears the whole cache).
 */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  ids: (userId: string) => ['wishlist', userId, 'ids'] as const,
  list: (userId: string) => ['wishlist', userId, 'list'] as const,
};

const WISHLIST = '/api/users/wishlist';
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * The ids the customer saved (for the hearts on cards and on the product page): one small call for a
 * whole page of cards, shared by them all; none for a guest.
 */
export function useWishlistIds(): ReadonlySet<string> {
  const user = useUserInfo();
  const ids = useQuery({
    queryKey: wishlistKeys.ids(user?._id ?? ''),
    queryFn: () => apiFetch<WishlistReply>(`${WISHLIST}?ids=1`),
    enabled: user !== null,
    staleTime: 60_000,
    select: (reply) => new Set(reply.ids),
  });
  return (user && ids.data) || NO_IDS;
}

/**
 * GET /api/users/wishlist: the saved products the shop shows, newest saved first, as cards. Its ids
 * serve the hearts too, so the page's cards show theirs filled without a second call.
 */
export function useWishlist() {
  const queryClient = useQueryClient();
  const user = useUserInfo();
  return useQuery({
    queryKey: wishlistKeys.list(user?._id ?? ''),
    queryFn: async () => {
      const reply = await apiFetch<WishlistReply>(WISHLIST);
      if (user) queryClient.setQueryData<WishlistReply>(wishlistKeys.ids(user._id), { ids: reply.ids });
      return reply;
    },
    enabled: user !== null,
  });
}

/** Saves a product (POST) or takes it off (DELETE); every heart shows the ids the reply gives. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const user = useUserInfo();
  return useMutation({
    mutationFn: ({ productId, save }: { productId: string; save: boolean }) =>
      save
        ? apiFetch<WishlistChangeReply>(WISHLIST, { method: 'POST', json: { product: productId } })
        : apiFetch<WishlistChangeReply>(`${WISHLIST}/${encodeURIComponent(productId)}`, { method: 'DELETE' }),
    onSuccess: (reply) => {
      if (!user) return undefined;
      queryClient.setQueryData<WishlistReply>(wishlistKeys.ids(user._id), { ids: reply.ids });
      return queryClient.invalidateQueries({ queryKey: wishlistKeys.list(user._id) });
    },
  });
}
