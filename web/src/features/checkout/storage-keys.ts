/**
 * Where the checkout keeps the shipping address and the payment method in localStorage (SPEC §3). Apart
 * from the store (checkout-store.ts), so that signing out can forget them without loading it.
 */
export const SHIPPING_ADDRESS_KEY = 'shippingAddress';
export const PAYMENT_METHOD_KEY = 'paymentMethod';
