import { expect, test } from '../fixtures.ts';

test('the home page on a 360 px phone: fixed navbar, menu, no sideways scrolling', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('section[aria-labelledby="explore-heading"] article')).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const header = page.getByRole('banner');
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);

  // One card a row.
  const cards = page.locator('section[aria-labelledby="explore-heading"] article');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.x).toBe(second!.x);

  // The links sit behind the menu button.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Gems' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Gems' }).click();
  await expect(page).toHaveURL('/category/gems');
  await expect(nav.getByRole('link', { name: 'Gems' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
