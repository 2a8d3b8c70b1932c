import type {
  CartItem,
  CartQuote,
  CreatePaymentBody,
  Order,
  PaymentMethod,
  PaymentOrder,
  PincodeInfo,
  PlaceOrderBody,
  ShippingAddressInput,
} from '@rr/core';
import { COUNTRY, IDEMPOTENCY_KEY_HEADER } from '@rr/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export function lookupPincode(code: string): Promise<PincodeInfo> {
  return apiFetch<PincodeInfo>(`/api/pincode/${encodeURIComponent(code)}`);
}

/**
 * A cart line as an order or a quote names it: the product, quantity, and (issue 25) the variant and
 * the add-ons with their text.
 */
export function orderLine(item: CartItem) {
  return {
    product: item.product,
    qty: item.qty,
    ...(item.variant ? { variant: item.variant } : {}),
    ...(item.addOns?.length ? { addOns: item.addOns.map((a) => ({ _id: a._id, values: a.values })) } : {}),
  };
}

/** SPEC §7's order payload. The server prices the order itself: the amounts sent are ignored. */
export function orderPayload(
  cart: readonly CartItem[],
  address: ShippingAddressInput,
): Pick<PlaceOrderBody, 'orderItems' | 'shippingAddress'> {
  return {
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

/** Every query key of checkout: a quote per cart (lines and quantities) and payment method. */
export const checkoutKeys = {
  quote: (
    orderItems: readonly ReturnType<typeof orderLine>[],
    paymentMethod: PaymentMethod,
    state: string | undefined,
  ) => ['quote', orderItems, paymentMethod, state ?? ''] as const,
};

/**
 * What the cart costs today, priced by the server: the place-order page shows these amounts. With the
 * delivery state, the quote also splits GST as the invoice will (CGST + SGST or IGST).
 */
export function useCartQuote(cart: readonly CartItem[], paymentMethod: PaymentMethod, state?: string) {
  const orderItems = cart.map(orderLine);
  return useQuery({
    queryKey: checkoutKeys.quote(orderItems, paymentMethod, state),
    queryFn: () =>
      apiFetch<CartQuote>('/api/orders/quote', {
        method: 'POST',
        json: { orderItems, paymentMethod, ...(state ? { state } : {}) },
      }),
    enabled: cart.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
