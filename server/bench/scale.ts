/**
 * npm run bench:scale: the shop at size. Fills a PostgreSQL database (scale-data.ts: 100,000 products
 * with about 300,000 variants, 1,000,000 orders, 2,000,000 lines, 200,000 reviews at SCALE=1), starts the compiled server on it, signs
 * in as the customer with the most orders and as the admin, and measures each route of ROUTES at 10
 * connections: req/s, p99, whether p99 is within 20 ms, and the CPU a request took in the shop and in PostgreSQL.
 *
 * SCALE (default 1) sizes the data (SCALE=0.01 for a quick run); `--fresh` regenerates it even when the
 * database already holds data of that size; `--generate-only` stops once the data is there. SCALE_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/rr_scale), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 * CATALOG_CACHE=false measures the catalog routes without the response cache (each request reads the database).
 * BENCH_ROUTES=search,admin measures only the routes whose name contains one of the words.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { prepareScaleDatabase, SCALE_ADMIN_PHONE, SCALE_PASSWORD } from './scale-data.ts';
import { postgresCpuFromNow, startServer } from './server-process.ts';

const scale = Number(process.env.SCALE ?? 1);
const fresh = process.argv.includes('--fresh');
const url = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rr_scale';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const P99_LIMIT_MS = 20;
const root = path.resolve(import.meta.dirname, '../..');

type Viewer = 'anyone' | 'customer' | 'admin';
interface Samples {
  productId: string;
  /** Issue 25: a product sold in the most variants (26), and one in a few (3 to 6). */
  manyVariantsId: string;
  fewVariantsId: string;
  orderPrefix: string;
  customerPhone: string;
  customerName: string;
}

/** The measured routes: one line each. `optional` routes that answer 404 are reported as missing. */
const ROUTES: Array<{ name: string; as: Viewer; path: (s: Samples) => string; optional?: boolean }> = [
  { name: 'product list', as: 'anyone', path: () => '/api/products' },
  { name: 'search a word', as: 'anyone', path: () => '/api/products?keyword=sapphire' },
  { name: 'search misspelt', as: 'anyone', path: () => '/api/products?keyword=saphire' },
  { name: 'search trade name', as: 'anyone', path: () => '/api/products?keyword=neelam' },
  { name: 'search common word', as: 'anyone', path: () => '/api/products?keyword=rudraksha' },
  { name: 'search two words', as: 'anyone', path: () => '/api/products?keyword=panchmukhi%20mala' },
  { name: 'category', as: 'anyone', path: () => '/api/products?category=rudraksha' },
  { name: 'category page 50', as: 'anyone', path: () => '/api/products?category=gems&pageNumber=50' },
  { name: 'product detail', as: 'anyone', path: (s) => `/api/products/${s.productId}` },
  { name: 'detail 26 variants', as: 'anyone', path: (s) => `/api/products/${s.manyVariantsId}` },
  { name: 'detail 4 variants', as: 'anyone', path: (s) => `/api/products/${s.fewVariantsId}` },
  { name: 'best sellers', as: 'anyone', path: () => '/api/products/bestsellers' },
  { name: 'My Orders', as: 'customer', path: () => '/api/orders/myorders?limit=20' },
  { name: 'admin orders', as: 'admin', path: () => '/api/orders?pageNumber=1&limit=20' },
  { name: 'admin to ship', as: 'admin', path: () => '/api/orders?status=to_ship&limit=20' },
  { name: 'admin delivered p5', as: 'admin', path: () => '/api/orders?status=delivered&pageNumber=5&limit=20' },
  { name: 'admin order number', as: 'admin', path: (s) => `/api/orders?q=${s.orderPrefix}&limit=20` },
  { name: 'admin phone', as: 'admin', path: (s) => `/api/orders?q=${s.customerPhone}&limit=20` },
  { name: 'admin phone part', as: 'admin', path: (s) => `/api/orders?q=${s.customerPhone.slice(-6)}&limit=20` },
  { name: 'admin name', as: 'admin', path: (s) => `/api/orders?q=${encodeURIComponent(s.customerName)}&limit=20` },
  { name: 'admin dashboard', as: 'admin', path: () => '/api/admin/dashboard', optional: true },
];

/** A product with a typical number of reviews, an order-number prefix, and the busiest customer. */
async function samples(): Promise<Samples> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const product = await client.query(
      `select id from products where num_reviews > 0 order by num_reviews desc, id offset (select count(*) / 2 from products where num_reviews > 0) limit 1`,
    );
    const variants = (n: number) =>
      client.query<{ id: string }>(
        `select product_id as id from product_variants group by product_id having count(*) = $1
         order by product_id offset 10 limit 1`,
        [n],
      );
    const [many, few] = [(await variants(26)).rows[0]!.id, (await variants(4)).rows[0]!.id];
    const order = await client.query(`select id from orders order by created_at desc offset 100 limit 1`);
    const customer = await client.query(
      `select u.phone, u.name from users u join orders o on o.user_id = u.id where u.role is null
       group by u.id order by count(*) desc limit 1`,
    );
    return {
      productId: product.rows[0].id,
      manyVariantsId: many,
      fewVariantsId: few,
      orderPrefix: String(order.rows[0].id).slice(0, 8),
      customerPhone: customer.rows[0].phone,
      customerName: String(customer.rows[0].name).split(' ')[1]!,
    };
  } finally {
    await client.end();
  }
}

async function signIn(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/api/users/loginviapassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${phone} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const generated = await prepareScaleDatabase(url, scale, fresh);
if (process.argv.includes('--generate-only')) process.exit(0);
const sample = await samples();
const server = await startServer({ DATABASE_URL: url, DEMO_DATA: 'false', RATE_LIMITS: 'false' }, 60_000, 'compiled');
try {
  const tokens: Record<Viewer, string | null> = {
    anyone: null,
    customer: await signIn(server.base, sample.customerPhone),
    admin: await signIn(server.base, SCALE_ADMIN_PHONE),
  };
  const results: Array<{
    name: string;
    path: string;
    requestsPerSecond: number;
    p99Ms: number;
    errors: number;
    /** CPU microseconds a request, of the shop's process and of PostgreSQL's (null off Linux). */
    shopCpuUs: number | null;
    postgresCpuUs: number | null;
  }> = [];
  const only = process.env.BENCH_ROUTES?.split(',').map((word) => word.trim().toLowerCase());
  for (const route of ROUTES.filter((r) => !only || only.some((word) => r.name.toLowerCase().includes(word)))) {
    const routePath = route.path(sample);
    const token = tokens[route.as];
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const probe = await fetch(server.base + routePath, { headers });
    if (!probe.ok) {
      if (route.optional && probe.status === 404) {
        console.log(`${route.name}: ${routePath} is not on this branch (404), skipped`);
        continue;
      }
      throw new Error(`${route.name}: ${routePath} answered ${probe.status} ${await probe.text()}`);
    }
    await autocannon({ url: server.base + routePath, headers, connections, duration: 2 });
    const [shopBefore, postgresUsed] = [server.cpuSeconds(), postgresCpuFromNow()];
    const r = await autocannon({ url: server.base + routePath, headers, connections, duration: seconds });
    const [shopAfter, postgresSeconds] = [server.cpuSeconds(), postgresUsed()];
    const perRequestUs = (cpuSeconds: number | null) =>
      cpuSeconds === null || r.requests.total === 0 ? null : Math.round((cpuSeconds * 1e6) / r.requests.total);
    results.push({
      name: route.name,
      path: routePath,
      requestsPerSecond: Math.round(r.requests.average),
      p99Ms: r.latency.p99,
      errors: r.errors + r.non2xx,
      shopCpuUs: perRequestUs(shopBefore === null || shopAfter === null ? null : shopAfter - shopBefore),
      postgresCpuUs: perRequestUs(postgresSeconds),
    });
    const last = results.at(-1)!;
    console.log(
      `  ${last.name.padEnd(20)} ${String(last.requestsPerSecond).padStart(6)} req/s  p99 ${last.p99Ms} ms  ` +
        `CPU a request: shop ${last.shopCpuUs} µs, PostgreSQL ${last.postgresCpuUs} µs`,
    );
  }

  const { size } = generated;
  console.log(
    `\n${size.products} products (${size.productsWithVariants} in variants), ${size.orders} orders, ${size.reviews} reviews, ${size.customers} customers; ` +
      `${seconds} s a route at ${connections} connections, compiled server, PostgreSQL, catalog cache ` +
      (process.env.CATALOG_CACHE === 'false' ? 'off' : 'on') +
      (generated.generatedInSeconds === null ? '' : `; generated in ${generated.generatedInSeconds.toFixed(1)} s`),
  );
  console.log(`\nroute                  req/s   p99 ms   p99 <= ${P99_LIMIT_MS} ms   errors   shop µs   PG µs   path`);
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(20),
        String(r.requestsPerSecond).padStart(7),
        String(r.p99Ms).padStart(8),
        (r.p99Ms <= P99_LIMIT_MS ? 'yes' : 'NO').padStart(13),
        String(r.errors).padStart(8),
        String(r.shopCpuUs ?? '-').padStart(9),
        String(r.postgresCpuUs ?? '-').padStart(7),
        `  ${r.path}`,
      ].join(' '),
    );
  }
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'scale.json'),
    JSON.stringify({ at: new Date().toISOString(), scale, size, generated, seconds, connections, results }, null, 2),
  );
} finally {
  await server.stop();
}
