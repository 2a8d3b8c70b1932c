import type { MessageReply, SavedAddress, SavedAddressInput, SavedAddressUpdate } from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** Issue 28: the signed-in customer's saved addresses, the default first (as the server lists them). */
export const addressKeys = { all: ['users', 'addresses'] as const };

const addressPath = (id: string) => `/api/users/addresses/${encodeURIComponent(id)}`;

export function useSavedAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: () => apiFetch<SavedAddress[]>('/api/users/addresses'),
    enabled,
  });
}

/** Every change moves the default or the order, so the list is read again from the server. */
function useAddressMutation<Variables, Reply>(call: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useCreateAddress() {
  return useAddressMutation((body: SavedAddressInput) =>
    apiFetch<SavedAddress>('/api/users/addresses', { method: 'POST', json: body }),
  );
}

export function useUpdateAddress() {
  return useAddressMutation(({ id, ...body }: SavedAddressUpdate & { id: string }) =>
    apiFetch<SavedAddress>(addressPath(id), { method: 'PUT', json: body }),
  );
}

export function useDeleteAddress() {
  return useAddressMutation((id: string) => apiFetch<MessageReply>(addressPath(id), { method: 'DELETE' }));
}
