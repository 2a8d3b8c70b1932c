import { expect, test } from '../fixtures.ts';

// Issue 14 on a wide screen: the filter panel beside the results, sort and paging keep the filters.
test('filters and sorts a search on the side panel, and paging keeps the filters', async ({ page }) => {
  await page.goto('/search/panchmukhi');
  const cards = page.locator('.page article');
  // panchmukhi is read as 5 mukhi: the bead and the mala named so.
  await expect(cards.first()).toBeVisible();
  const names = await cards.getByRole('heading').allTextContents();
  expect(names[0]).toMatch(/5 Mukhi/);

  await page.goto('/category/rudraksha');
  const panel = page.getByRole('heading', { name: 'Filters' }).locator('xpath=../..');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('filter-panel-desktop.png'), fullPage: false });

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
  await expect(page).toHaveURL('/category/rudraksha?sort=price_desc');
  // The cards are the API's answer to the browser for the same filters, in its order (dearest first, in
  // stock only): that answer itself, as other tests add and remove products meanwhile.
  const answer = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return (
      url.pathname === '/api/products' &&
      url.searchParams.get('category') === 'rudraksha' &&
      url.searchParams.get('sort') === 'price_desc' &&
      url.searchParams.get('inStock') === 'true'
    );
  });
  await panel.getByRole('checkbox', { name: /In stock only/ }).check();
  await expect(page).toHaveURL('/category/rudraksha?sort=price_desc&inStock=true');
  const listed = await (await answer).json();
  const expected = (listed.products as Array<{ name: string }>).map((p) => p.name);
  const titles = () =>
    cards
      .getByRole('heading')
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('title')));
  await expect.poll(titles).toEqual(expected);

  // The page links keep the filters.
  const pageTwo = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2' });
  await expect(pageTwo).toHaveAttribute('href', '/category/rudraksha?page=2&sort=price_desc&inStock=true');
  await pageTwo.click();
  await expect(page).toHaveURL('/category/rudraksha?page=2&sort=price_desc&inStock=true');
  await expect(panel.getByRole('checkbox', { name: /In stock only/ })).toBeChecked();
  // A changed filter starts again at page 1.
  await panel.getByRole('checkbox', { name: /In stock only/ }).click();
  await expect(page).toHaveURL('/category/rudraksha?sort=price_desc');
});
