import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { ProductList, ProductSummary } from '@rr/core';

/**
 * Every page starts as a returning visitor of this browser session, so the 2-second start-up
 * loader (first load of a session only) does not slow each test; the loader has its own test.
 */
export const test = base.extend<{ skipStartupLoader: boolean }>({
  skipStartupLoader: [true, { option: true }],
  page: async ({ page, skipStartupLoader }, use) => {
    if (skipStartupLoader) await page.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
    await use(page);
  },
});

export { expect };

/** The whole demo catalog as the API serves it. */
export async function allProducts(request: APIRequestContext): Promise<ProductSummary[]> {
  const products: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/products?limit=48&pageNumber=${page}`);
    const body = (await res.json()) as ProductList;
    products.push(...body.products);
    if (page >= body.pages) return products;
  }
}
