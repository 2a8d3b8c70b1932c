/**
 * What `npm run load` and `npm run bench:orders` share: the shop made ready for a minute of orders (stock
 * for it, customers who need not wait on each other) and the checkout traffic itself: a signed-in
 * customer quotes a one-line Cash on Delivery cart, places it, and an admin marks it delivered (so no
 * customer hits the open-order cap), over and over on each connection.
 */
import type autocannon from 'autocannon';

const ADMIN = { phone: '9999900001', password: 'ratna-admin-2026' };
const SHIPPING = { address: '12 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };
/** A one-line COD cart of `productId` quoted for SHIPPING's address, as the checkout's payment step asks. */
const codQuoteOf = (productId: string) => ({
  orderItems: [{ product: productId, qty: 1 }],
  paymentMethod: 'Cash on Delivery',
  state: SHIPPING.state,
  postalCode: SHIPPING.postalCode,
});

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

/**
 * Enough stock for a minute of orders, and `customerCount` customers so that none waits on another. The
 * products are those a one-line Cash on Delivery order can take as they are, so that the figures count
 * orders, not refusals: none sold in variants (their stock is the variants') and none the quote refuses
 * COD for at the orders' address (above the COD limit with GST and shipping).
 */
export async function prepareShop(base: string, customerCount: number): Promise<Shop> {
  const admin = await api<{ token: string }>(base, 'POST', '/api/users/loginviapassword', ADMIN);
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
  const listed: string[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const list = await api<{ products: Array<{ _id: string }>; pages: number }>(
      base,
      'GET',
      `/api/products?pageNumber=${page}`,
    );
    listed.push(...list.products.map((p) => p._id));
    pages = list.pages;
  }
  const productIds: string[] = [];
  for (const id of listed) {
    const product = await api<Record<string, unknown> & { variants: unknown[] }>(base, 'GET', `/api/products/${id}`);
    if (product.variants.length > 0) continue;
    await api(base, 'PUT', `/api/products/${id}`, { ...product, countInStock: 100_000 }, admin.token);
    const quote = await api<{ cod?: { allowed: boolean } }>(
      base,
      'POST',
      '/api/orders/quote',
      codQuoteOf(id),
      tokens[0],
    );
    if (quote.cod?.allowed) productIds.push(id);
  }
  if (productIds.length === 0) throw new Error('No product takes a one-line Cash on Delivery order');
  console.log(
    `${productIds.length} of ${listed.length} products take a one-line COD order as they are (no variants, COD offered at the address)`,
  );
  return { adminToken: admin.token, productIds, tokens };
}

/** The first refusal's body per kind of request and status: what a run's 4xx and 5xx were. */
export class FirstRefusals {
  private readonly bodies = new Map<string, string>();
  hear(kind: string, status: number, body: string): void {
    if (status >= 400 && !this.bodies.has(`${kind} ${status}`))
      this.bodies.set(`${kind} ${status}`, body.slice(0, 300));
  }
  print(): void {
    for (const [kindAndStatus, body] of this.bodies) console.log(`  first ${kindAndStatus}: ${body}`);
  }
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
          body: JSON.stringify(codQuoteOf(context.productId)),
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
