import { randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Order, Product, ProductList, ProductSummary, UserInfo } from '@rr/core';

/** What a test asks of a product of its own; the rest has plain defaults. */
export interface ProductSpec {
  /** Follows TEST_PRODUCT_PREFIX, so catalog walks (allProducts) leave the product alone. */
  label?: string;
  price?: number;
  mrp?: number | null;
  stock?: number;
  category?: 'rudraksha' | 'gems' | 'mala';
  description?: string;
  /** Issue 30: the Hindi name and description. */
  nameHi?: string;
  descriptionHi?: string;
  /** Issue 25: the product's variants and add-ons, as PUT /api/products/{id} takes them. */
  variants?: unknown[];
  addOns?: unknown[];
}

interface Fixtures {
  skipStartupLoader: boolean;
  /** The demo admin, signed in through the API. */
  admin: UserInfo;
  /** Makes a published product of the test's own through the API; it is deleted when the test ends. */
  makeProduct: (spec?: ProductSpec) => Promise<Product>;
  /** Registers a customer of the test's own through the API; the account is deleted when the test ends. */
  makeCustomer: (label: string, password?: string) => Promise<UserInfo>;
}

/**
 * Every page starts as a returning visitor of this browser session, so the 2-second start-up
 * loader (first load of a session only) does not slow each test; the loader has its own test.
 * Tests that change stock, reviews or accounts make their own products and customers (fixtures
 * below), so no two tests running at once share them.
 */
export const test = base.extend<Fixtures>({
  skipStartupLoader: [true, { option: true }],
  page: async ({ page, skipStartupLoader }, use) => {
    if (skipStartupLoader) await page.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
    await use(page);
  },
  admin: async ({ request }, use) => {
    await use(await login(request, ADMIN.phone, ADMIN.password));
  },
  makeProduct: async ({ request, admin }, use) => {
    const made: string[] = [];
    await use(async (spec = {}) => {
      const headers = { authorization: `Bearer ${admin.token}` };
      const created = await request.post('/api/products', { headers, data: {} });
      expect(created.status()).toBe(201);
      const draft = (await created.json()) as Product;
      made.push(draft._id);
      const res = await request.put(`/api/products/${draft._id}`, {
        headers,
        data: {
          name: `${TEST_PRODUCT_PREFIX}${spec.label ?? 'bead'} ${randomInt(1e5, 1e6)}`,
          price: spec.price ?? 450,
          mrp: spec.mrp ?? null,
          image: draft.image,
          brand: 'Ratna Test Works',
          category: spec.category ?? 'rudraksha',
          description: spec.description ?? 'A bead made for one test.',
          countInStock: spec.stock ?? 10,
          ...(spec.nameHi ? { nameHi: spec.nameHi } : {}),
          ...(spec.descriptionHi ? { descriptionHi: spec.descriptionHi } : {}),
          ...(spec.variants ? { variants: spec.variants } : {}),
          ...(spec.addOns ? { addOns: spec.addOns } : {}),
        },
      });
      expect(res.status()).toBe(200);
      return (await res.json()) as Product;
    });
    for (const id of made) {
      const res = await request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      // A test may have deleted it itself.
      expect([200, 404], `delete product ${id}`).toContain(res.status());
    }
  },
  makeCustomer: async ({ request }, use) => {
    const made: UserInfo[] = [];
    await use(async (label, password) => {
      const customer = await register(request, label, password);
      made.push(customer);
      return customer;
    });
    if (!made.length) return;
    const admin = await login(request, ADMIN.phone, ADMIN.password);
    for (const { _id } of made) {
      const res = await request.delete(`/api/users/${_id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect([200, 404], `delete customer ${_id}`).toContain(res.status());
    }
  },
});

export { expect };

/**
 * Products that tests create (a fresh draft is 'New product'; tests name theirs 'Test ...'). They come
 * and go, and change stock and reviews, while other tests run: nothing else may pick them.
 */
export const TEST_PRODUCT_PREFIX = 'Test ';
export const isTestProduct = (p: { name: string }) =>
  p.name === 'New product' || p.name.startsWith(TEST_PRODUCT_PREFIX);

/** The whole demo catalog as the API serves it (without products that tests create). */
export async function allProducts(request: APIRequestContext): Promise<ProductSummary[]> {
  const products: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/products?limit=48&pageNumber=${page}`);
    const body = (await res.json()) as ProductList;
    // A product created meanwhile shifts the pages: one seen twice is kept once.
    const seen = new Set(products.map((p) => p._id));
    products.push(...body.products.filter((p) => !isTestProduct(p) && !seen.has(p._id)));
    if (page >= body.pages) return products;
  }
}

/** The test server's JWT_SECRET (playwright.config.ts), to forge an expired session for a real user. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789';
export const CUSTOMER = { phone: '9999900002', password: 'ratna-customer-2026', name: 'Priya Sharma' };
export const ADMIN = { phone: '9999900001', password: 'ratna-admin-2026', name: 'Aarav Admin' };

/** A fresh Indian mobile number, so tests running in parallel (or again) never share an account. */
export function newPhone(): string {
  return `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

export function newCustomer(label: string) {
  const phone = newPhone();
  return { name: `${label} ${phone.slice(-4)}`, email: `${label.toLowerCase()}-${phone}@example.in`, phone };
}

export async function register(
  request: APIRequestContext,
  label: string,
  password = 'first-password-1',
): Promise<UserInfo> {
  const res = await request.post('/api/users', { data: { ...newCustomer(label), password } });
  expect(res.status()).toBe(201);
  return (await res.json()) as UserInfo;
}

export async function login(request: APIRequestContext, phone: string, password: string): Promise<UserInfo> {
  const res = await request.post('/api/users/loginviapassword', { data: { phone, password } });
  // The refusal's body names its code (a 503 is SIGN_IN_BUSY, OVERLOADED or DATABASE_UNAVAILABLE).
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as UserInfo;
}

/** Starts the browser signed in, as a reload after an earlier sign-in would. */
export async function startSignedIn(page: Page, info: UserInfo): Promise<void> {
  await page.goto('/faqs');
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), info);
}

/** A Cash on Delivery order of `customer`'s for one unit of `productId`, placed through the API. */
export async function placeCodOrder(request: APIRequestContext, customer: UserInfo, productId: string): Promise<Order> {
  const res = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: {
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress: {
        address: '12 Example Lane, Godowlia',
        city: 'Varanasi',
        postalCode: '221001',
        state: 'Uttar Pradesh',
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as Order;
  if (!order.confirmBy) return order;
  // A new customer's phone is unproven: the order waits for the code the sandbox SMS sent.
  const confirmed = await request.post(`/api/orders/${order._id}/confirm`, {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { code: await latestCode(request, customer.phone) },
  });
  expect(confirmed.status()).toBe(200);
  return (await confirmed.json()) as Order;
}

/** The latest one-time code the sandbox SMS sent to `phone` (the dev outbox, README "Demo sign-ins"). */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
  const { messages } = (await res.json()) as { messages: Array<{ kind: string; code: string }> };
  const code = messages.find((m) => m.kind === 'otp')?.code;
  expect(code, `a code sent to ${phone}`).toBeTruthy();
  return code!;
}

/** The text of a PDF's pages, line by line, as a viewer reads it. */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    const rows = new Map<number, string[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), item.str.trim()]);
    }
    lines.push(...[...rows.entries()].sort(([a], [b]) => b - a).map(([, row]) => row.join(' ')));
  }
  return lines;
}
