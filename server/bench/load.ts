/**
 * npm run load: 60 s of mixed traffic against a freshly started production-mode server on 127.0.0.1:
 * shoppers browsing the catalog (list, search, detail, bestsellers) while signed-in customers quote and
 * place Cash on Delivery orders, which an admin marks delivered (so no customer hits the open-order cap).
 * Prints req/s, p99 latency, answers by status per request kind, and the server's RSS before and after.
 *
 * Database: an in-memory PGlite by default; with DATABASE_URL=postgres://... a throwaway database is
 * created on that server for the run and dropped afterwards. Rate limits are off (all traffic comes
 * from one address). LOAD_SECONDS (60), LOAD_CATALOG_CONNECTIONS (8), LOAD_CHECKOUT_CONNECTIONS (4),
 * LOAD_CUSTOMERS (24) tune it.
 */
import autocannon from 'autocannon';
import { startServer } from './server-process.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const catalogConnections = Number(process.env.LOAD_CATALOG_CONNECTIONS ?? 8);
const checkoutConnections = Number(process.env.LOAD_CHECKOUT_CONNECTIONS ?? 4);
const customerCount = Number(process.env.LOAD_CUSTOMERS ?? 24);
const ADMIN = { phone: '9999900001', password: 'ratna-admin-2026' };
const SHIPPING = { address: '12 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };

async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Answers by status, per kind of request. */
const answers = new Map<string, Map<number, number>>();
function count(kind: string, status: number): void {
  const byStatus = answers.get(kind) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  answers.set(kind, byStatus);
}

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const postgres = postgresUrl ? await throwawayPostgres(postgresUrl, 'rr_load') : null;
// Rate limits are off: every request of the run comes from this one address.
const server = await startServer({ DATABASE_URL: postgres?.url ?? 'memory://', RATE_LIMITS: 'false', REDIS_URL: '' });
const base = server.base;

try {
  // Enough stock for a minute of orders, and enough customers that none waits on another.
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

  const rssBefore = server.rssMb();
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const keywords = ['mukhi', 'ruby', 'mala', 'rudraksha', 'emerald', 'pearl', 'sphatik', 'neelam'];
  const catalogRequests: autocannon.Request[] = [
    { method: 'GET', path: '/api/products', onResponse: (status) => count('catalog: list', status) },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/products?keyword=${pick(keywords)}` }),
      onResponse: (status) => count('catalog: search', status),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/products/${pick(productIds)}` }),
      onResponse: (status) => count('catalog: detail', status),
    },
    { method: 'GET', path: '/api/products/bestsellers', onResponse: (status) => count('catalog: bestsellers', status) },
  ];

  let nextCustomer = 0;
  type Checkout = { token?: string; productId?: string; orderId?: string };
  const checkoutRequests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/orders/quote',
      setupRequest: (request, context: Checkout) => {
        context.token = tokens[nextCustomer++ % tokens.length];
        context.productId = pick(productIds);
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
          body: JSON.stringify({
            orderItems: [{ product: context.productId, qty: 1 }],
            paymentMethod: 'Cash on Delivery',
          }),
        };
      },
      onResponse: (status) => count('checkout: quote', status),
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
        count('checkout: place COD order', status);
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
              headers: { authorization: `Bearer ${admin.token}` },
            }
          : (null as unknown as autocannon.Request),
      onResponse: (status) => count('checkout: admin delivers', status),
    },
  ];

  console.log(
    `\n${seconds} s: ${catalogConnections} catalog + ${checkoutConnections} checkout connections, ` +
      `${postgres ? 'PostgreSQL' : 'embedded PGlite (in memory)'}, ${productIds.length} products, ${customerCount} customers\n`,
  );
  const [catalog, checkout] = await Promise.all([
    autocannon({ url: base, connections: catalogConnections, duration: seconds, requests: catalogRequests }),
    autocannon({ url: base, connections: checkoutConnections, duration: seconds, requests: checkoutRequests }),
  ]);
  const rssAfter = server.rssMb();

  console.log('traffic      req/s   p50 ms   p99 ms   max ms   requests   non-2xx   errors   timeouts');
  for (const [name, r] of [
    ['catalog', catalog],
    ['checkout', checkout],
  ] as const) {
    console.log(
      [
        name.padEnd(9),
        String(Math.round(r.requests.average)).padStart(8),
        String(r.latency.p50).padStart(8),
        String(r.latency.p99).padStart(8),
        String(r.latency.max).padStart(8),
        String(r.requests.total).padStart(10),
        String(r.non2xx).padStart(9),
        String(r.errors).padStart(8),
        String(r.timeouts).padStart(10),
      ].join(' '),
    );
  }
  console.log(`total    ${String(Math.round(catalog.requests.average + checkout.requests.average)).padStart(8)} req/s`);
  console.log('\nanswers by status');
  for (const [kind, byStatus] of [...answers].sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(`  ${kind.padEnd(28)} ${statuses.join(', ')}`);
  }
  const failures = [...answers.values()].flatMap((byStatus) => [...byStatus].filter(([status]) => status >= 400));
  console.log(
    `\nerrors by status: ${failures.length ? failures.map(([s, n]) => `${s}: ${n}`).join(', ') : 'none'}` +
      `; socket errors ${catalog.errors + checkout.errors}, timeouts ${catalog.timeouts + checkout.timeouts}`,
  );
  console.log(`server RSS: ${rssBefore ?? 'n/a'} MB before, ${rssAfter ?? 'n/a'} MB after\n`);
} finally {
  await server.stop();
  await postgres?.drop();
}
