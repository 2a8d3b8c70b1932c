import { expect, test } from '../fixtures.ts';

// Issue 14 on a 360 px phone: a suggestion from the header search, then a category filtered in the drawer.
test('suggests neelam in the header, and filters a category by price and mukhi in a drawer', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('neelam');
  const suggestion = page.getByRole('option', { name: /Blue Sapphire \(Neelam\)/ });
  await suggestion.tap();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Blue Sapphire (Neelam)');

  await page.goto('/category/rudraksha');
  const cards = page.locator('main article, .page article');
  await expect(cards.first()).toBeVisible();
  const filters = page.getByRole('button', { name: /^Filters/ });
  // The panel hides behind its button on a phone.
  await expect(page.getByRole('checkbox', { name: /In stock only/ })).toBeHidden();
  await filters.tap();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  const fiveMukhi = drawer.getByRole('checkbox', { name: /^5 Mukhi/ });
  await expect(fiveMukhi.locator('xpath=..')).toContainText('5 Mukhi(2)');
  await page.screenshot({ path: test.info().outputPath('filter-drawer-phone.png') });

  await fiveMukhi.check();
  await expect(page).toHaveURL('/category/rudraksha?mukhi=5');
  await drawer.getByRole('textbox', { name: 'Minimum price' }).fill('200');
  await drawer.getByRole('button', { name: 'Apply price' }).tap();
  await expect(page).toHaveURL('/category/rudraksha?minPrice=200&mukhi=5');
  await expect(fiveMukhi).toBeChecked();
  await drawer.getByRole('button', { name: 'Show 1 product' }).tap();
  await expect(drawer).toBeHidden();
  await expect(filters).toHaveText('Filters (2)');
  await expect(filters).toBeFocused();

  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText('Nepal 5 Mukhi Rudraksha');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The address is the state: opened afresh, the page is filtered the same way.
  await page.goto('/category/rudraksha?minPrice=200&mukhi=5');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
});

// Issue 25: a size filter finds a bead by one of its variants' sizes; the card says "from" its lowest price.
test('filters rudraksha by a size one of its variants comes in', async ({ page }) => {
  await page.goto('/category/rudraksha');
  await page.getByRole('button', { name: /^Filters/ }).tap();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  const sizes = drawer.getByRole('group', { name: 'Size (mm)' });
  await sizes.getByRole('checkbox', { name: /^22 mm/ }).check();
  await expect(page).toHaveURL('/category/rudraksha?size=22');
  await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).tap();
  const card = page.locator('main article, .page article').filter({ hasText: /^Nepal 5 Mukhi Rudraksha/ });
  await expect(card).toContainText(/from\s*₹249\.00/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
