/**
 * What `npm run load` and `npm run bench:orders` share: the shop made ready for a minute of orders (stock
 * for it, customers who need not wait on each other) and the checkout traffic itself: a signed-in
 * customer quotes a one-line Cash on Delivery cart, places it, and an admin marks it delivered (so no
 * customer hits the open-order cap), over and over on each connection.
 */
import type autocannon from 'autocannon';

const ADMIN = { phone: '9999900001', password: 'ratna-admin-2026' };
const SHIPPING = { address: '12 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };

/** A setup request; a 503 (the server shedding load on a busy machine) is tried again a few times. */
export async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    res = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== 503 || attempt >= 10) break;
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Shop {
  adminToken: string;
  productIds: string[];
  /** The customers' tokens. */
  tokens: string[];
}

/** Enough stock for a minute of orders, and `customerCount` customers so that none waits on another. */
export async function prepareShop(base: string, customerCount: number): Promise<Shop> {
  const admin = await api<{ token: string }>(base, 'POST', '/api/users/loginviapassword', ADMIN);
  const productIds: string[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const list = await api<{ products: Array<{ _id: string }>; pages: number }>(
      base,
      'GET',
      `/api/products?pageNumber=${page}`,
    );
    productIds.push(...list.products.map((p) => p._id));
    pages = list.pages;
  }
  for (const id of productIds) {
    const product = await api<Record<string, unknown>>(base, 'GET', `/api/products/${id}`);
    await api(base, 'PUT', `/api/products/${id}`, { ...product, countInStock: 100_000 }, admin.token);
  }
  const tokens: string[] = [];
  for (let i = 0; i < customerCount; i++) {
    const phone = `7${String(Date.now() % 1e5).padStart(5, '0')}${String(i).padStart(4, '0')}`;
    const customer = await api<{ token: string }>(base, 'POST', '/api/users', {
      name: `Load Customer ${i}`,
      email: `load${phone}@example.in`,
      phone,
      password: 'load-test-pass-1',
    });
    tokens.push(customer.token);
  }
  return { adminToken: admin.token, productIds, tokens };
}

export const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The checkout's requests in order; `count(kind, status, body)` hears every answer. */
export function checkoutRequests(
  shop: Shop,
  count: (kind: string, status: number, body: string) => void,
): autocannon.Request[] {
  let nextCustomer = 0;
  type Checkout = { token?: string; productId?: string; orderId?: string };
  return [
    {
      method: 'POST',
      path: '/api/orders/quote',
      setupRequest: (request, context: Checkout) => {
        context.token = shop.tokens[nextCustomer++ % shop.tokens.length];
        context.productId = pick(shop.productIds);
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
          body: JSON.stringify({
            orderItems: [{ product: context.productId, qty: 1 }],
            paymentMethod: 'Cash on Delivery',
          }),
        };
      },
      onResponse: (status, body) => count('checkout: quote', status, body),
    },
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (request, context: Checkout) => ({
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
        body: JSON.stringify({
          orderItems: [{ product: context.productId, qty: 1 }],
          shippingAddress: SHIPPING,
          paymentMethod: 'Cash on Delivery',
        }),
      }),
      onResponse: (status, body, context: Checkout) => {
        count('checkout: place COD order', status, body);
        context.orderId = status === 201 ? (JSON.parse(body) as { _id: string })._id : undefined;
      },
    },
    {
      method: 'PUT',
      // No order, no delivery: a falsy request starts this connection's sequence again.
      setupRequest: (request, context: Checkout) =>
        context.orderId
          ? {
              ...request,
              path: `/api/orders/${context.orderId}/deliver`,
              headers: { authorization: `Bearer ${shop.adminToken}` },
            }
          : (null as unknown as autocannon.Request),
      onResponse: (status, body) => count('checkout: admin delivers', status, body),
    },
  ];
}
