import type { CartItem, CreatePaymentBody, Order, PaymentOrder, PlaceOrderBody, ShippingAddressInput } from '@rr/core';
import { COUNTRY, IDEMPOTENCY_KEY_HEADER } from '@rr/core';
import { apiFetch } from '../../lib/api-client.ts';
import { orderLine } from '../cart/index.ts';

// The cart's quote (and how an order names a line) belong to the cart: its page prices the code too.
export { orderLine, useCartQuote } from '../cart/index.ts';

/**
 * SPEC §7's order payload, with the cart's code (issue 26) when it has one. The server prices the order
 * itself: the amounts sent are ignored.
 */
export function orderPayload(
  cart: readonly CartItem[],
  address: ShippingAddressInput,
  couponCode: string | null = null,
): Pick<PlaceOrderBody, 'orderItems' | 'shippingAddress'> & { couponCode?: string } {
  return {
    ...(couponCode ? { couponCode } : {}),
    orderItems: cart.map((item) => ({
      ...orderLine(item),
      name: item.name,
      image: item.image,
      price: item.price,
    })),
    shippingAddress: { ...address, country: COUNTRY } as ShippingAddressInput,
  };
}

/** `idempotencyKey`: the checkout attempt's key, so a retry after a lost answer never orders twice. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<Order> {
  return apiFetch<Order>('/api/orders', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function startOnlinePayment(body: CreatePaymentBody, idempotencyKey: string): Promise<PaymentOrder> {
  return apiFetch<PaymentOrder>('/api/payments/razorpay/order', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The checkout was closed or failed: hand the held stock back now rather than at expiry. */
export function releaseOnlinePayment(orderId: string): Promise<unknown> {
  return apiFetch(`/api/payments/razorpay/order/${encodeURIComponent(orderId)}/release`, { method: 'POST', json: {} });
}
