import { PINCODE_PATTERN, type PincodeAnswer } from '@rr/core';
import { apiFetch } from './api-client.ts';
import { createPersistedStore, useStore } from './persisted-store.ts';

/**
 * Issue 27: the last pincode the customer asked delivery for (the product page's check, or the
 * checkout's shipping form), so the product page can answer it again without typing.
 */
export const deliveryPincodeStore = createPersistedStore<string>('deliveryPincode', '', (raw) =>
  typeof raw === 'string' && /^[1-9]\d{5}$/.test(raw) ? raw : null,
);

export const useDeliveryPincode = () => useStore(deliveryPincodeStore);

/** Remembers a pincode when it has a pincode's shape; anything else is left alone. */
export function rememberDeliveryPincode(code: string): void {
  const trimmed = code.trim();
  if (/^[1-9]\d{5}$/.test(trimmed)) deliveryPincodeStore.set(trimmed);
}

/** The pincode's place and (issue 27) COD there and the delivery dates: the server's answer. */
export function lookupPincode(code: string): Promise<PincodeAnswer> {
  return apiFetch<PincodeAnswer>(`/api/pincode/${encodeURIComponent(code)}`);
}

/**
 * The query of a pincode's answer, asked only for a pincode's shape and kept ten minutes: the shipping
 * step's estimate and the placed order's thanks read the same one (so the thanks needs no new request).
 */
export const pincodeQuery = (code: string) => ({
  queryKey: ['pincode', code] as const,
  queryFn: () => lookupPincode(code),
  enabled: PINCODE_PATTERN.test(code),
  retry: false,
  staleTime: 10 * 60 * 1000,
});
