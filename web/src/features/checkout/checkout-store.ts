import { PAYMENT_METHODS, shippingAddressInput, type PaymentMethod, type ShippingAddressInput } from '@rr/core';
import { createPersistedStore, useStore } from '../../lib/persisted-store.ts';
import { PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from './storage-keys.ts';

/** SPEC §3: the shipping address persists in localStorage, as does the chosen payment method. */
export const shippingAddressStore = createPersistedStore<ShippingAddressInput | null>(
  SHIPPING_ADDRESS_KEY,
  null,
  (raw) => {
    const parsed = shippingAddressInput.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
);

export const paymentMethodStore = createPersistedStore<PaymentMethod | null>(PAYMENT_METHOD_KEY, null, (raw) =>
  (PAYMENT_METHODS as readonly unknown[]).includes(raw) ? (raw as PaymentMethod) : null,
);

export const useShippingAddress = () => useStore(shippingAddressStore);
export const usePaymentMethod = () => useStore(paymentMethodStore);

/** Forgets the address and the payment method (sign-out, SPEC §4). */
export function clearCheckout(): void {
  shippingAddressStore.set(null);
  paymentMethodStore.set(null);
}
