import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allProducts, expect, test } from '../fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('home, product and cart have no serious accessibility violations', async ({ page, request }) => {
  // Three full axe analyses: about 35 s on a 2-core CI machine with the other worker running.
  test.slow();
  const product = (await allProducts(request)).find((p) => p.countInStock > 0 && p.numReviews > 0)!;

  await page.goto('/');
  await expect(page.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
