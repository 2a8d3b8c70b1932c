import { afterEach, describe, expect, it } from 'vitest';
import { clearCheckout } from './index.ts';
import { PAYMENT_METHOD_KEY, SHIPPING_ADDRESS_KEY } from './storage-keys.ts';

// A .tsx test for the DOM's localStorage (jsdom). Issue 31's CI: a sign-out left the address in storage
// until the checkout store's chunk had loaded.
describe('clearCheckout (sign-out, SPEC §4)', () => {
  afterEach(() => localStorage.clear());

  const address = { address: '12 Ghat Road', city: 'Varanasi', postalCode: '221001', state: 'Uttar Pradesh' };

  it('takes the address and the payment method out of storage at once, before the store loads', async () => {
    localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify(address));
    localStorage.setItem(PAYMENT_METHOD_KEY, JSON.stringify('Cash on Delivery'));
    const cleared = clearCheckout();
    expect(localStorage.getItem(SHIPPING_ADDRESS_KEY)).toBeNull();
    expect(localStorage.getItem(PAYMENT_METHOD_KEY)).toBeNull();
    await cleared;
    const { shippingAddressStore, paymentMethodStore } = await import('./checkout-store.ts');
    expect(shippingAddressStore.get()).toBeNull();
    expect(paymentMethodStore.get()).toBeNull();
  });

  it('empties a store that was loaded and holds them', async () => {
    const { shippingAddressStore, paymentMethodStore } = await import('./checkout-store.ts');
    shippingAddressStore.set(address);
    paymentMethodStore.set('Cash on Delivery');
    expect(localStorage.getItem(SHIPPING_ADDRESS_KEY)).not.toBeNull();
    await clearCheckout();
    expect(shippingAddressStore.get()).toBeNull();
    expect(paymentMethodStore.get()).toBeNull();
    expect(localStorage.getItem(SHIPPING_ADDRESS_KEY)).toBeNull();
    expect(localStorage.getItem(PAYMENT_METHOD_KEY)).toBeNull();
  });
});
