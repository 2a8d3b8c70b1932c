import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Sale } from '@rr/core';
import { expect, test } from '../fixtures.ts';

/**
 * Issue 30: a festival sale on a few products, as a Hindi-reading shopper on a phone meets it. The home
 * page's banner leads to the sale's own page of what it covers, not to a search for its English name.
 * Here with the shop-wide specs, one at a time and last, because a running sale shows its banner and
 * its prices on every page while it runs.
 */
test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

/** Errors and hydration complaints the page logs while the test runs. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) problems.push(message.text());
    // The ended sale's page answers 404 on purpose (for search engines); anything else is a problem.
    else if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test('on a phone in Hindi: the sale banner leads to the sale’s page of its products; an ended sale says so', async ({
  page,
  request,
  admin,
  makeProduct,
}) => {
  const problems = watchConsole(page);
  const bead = await makeProduct({ label: 'sale bead', price: 1000, nameHi: 'शिवरात्रि परीक्षण मनका' });
  const mala = await makeProduct({ label: 'sale mala', price: 2000, category: 'mala', nameHi: 'शिवरात्रि परीक्षण माला' });
  // A product of the shop outside the sale: not on its page.
  await makeProduct({ label: 'not in the sale', price: 1500, nameHi: 'सेल से बाहर का मनका' });
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/admin/sales', {
    headers,
    data: {
      name: 'Test Shivratri Sale',
      nameHi: 'परीक्षण शिवरात्रि सेल',
      percentOff: 10,
      categories: [],
      products: [bead._id, mala._id],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      banner: 'Shivratri prices',
      bannerHi: 'शिवरात्रि के दाम',
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sale = (await created.json()) as Sale;
  try {
    await page.goto('/hi');
    const banner = page.getByTestId('sale-banner');
    await expect(banner).toContainText('शिवरात्रि के दाम');
    await banner.click();
    await expect(page).toHaveURL(`/hi/sale/${sale._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'परीक्षण शिवरात्रि सेल: 10% छूट' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'शिवरात्रि परीक्षण मनका' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'शिवरात्रि परीक्षण माला' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'सेल से बाहर का मनका' })).toHaveCount(0);
    await expect(page.getByText('₹900.00')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The same address loaded afresh comes server-rendered and hydrates without complaint.
    const served = await page.goto(`/hi/sale/${sale._id}`);
    expect(served?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'शिवरात्रि परीक्षण माला' })).toBeVisible();
  } finally {
    const removed = await request.delete(`/api/admin/sales/${sale._id}`, { headers });
    expect(removed.status()).toBe(200);
  }

  const ended = await page.goto(`/hi/sale/${sale._id}`);
  expect(ended?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'यह सेल समाप्त हो गई है' })).toBeVisible();
  expect(problems).toEqual([]);
});
