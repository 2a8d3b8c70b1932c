import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Product } from '@rr/core';
import { expect, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

// Issue 15: the owner's desk. An admin lands on the dashboard, reads it on a desktop and on a 360 px
// phone, exports the orders and raises five prices with a catalog import.

/** Screenshots to look at after a run (test-results is the run's own output folder). */
/** Serious or critical accessibility problems axe finds on the page. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const shot = (name: string) => `test-results/owner-desk/${name}.png`;

test('an admin lands on the dashboard and reads it on a desktop and on a phone', async ({
  page,
  browser,
  admin,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'desk low bead', price: 120, stock: 2 });
  await placeCodOrder(request, await makeCustomer('Desk'), product._id);

  await startSignedIn(page, admin);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^Revenue$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue and orders per day/ })).toBeVisible();
  const low = page.getByRole('region', { name: /Low stock/ });
  await expect(low.getByRole('link', { name: product.name })).toHaveAttribute(
    'href',
    `/admin/product/${product._id}/edit`,
  );
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days' }).click();
  await expect(page.getByText('the 30 days before').first()).toBeVisible();
  await page.getByRole('group', { name: 'Days shown' }).getByRole('button', { name: '90 days' }).click();
  await page.screenshot({ path: shot('dashboard-desktop'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(phonePage, admin);
  await phonePage.goto('/admin');
  await expect(phonePage.getByRole('img', { name: /Revenue and orders per day/ })).toBeVisible();
  const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phonePage.screenshot({ path: shot('dashboard-phone'), fullPage: true });
  expect(await seriousViolations(phonePage)).toEqual([]);
  await phone.close();

  // The stock history of the low product shows the order that took a unit.
  await low.getByRole('link', { name: product.name }).click();
  const history = page.getByRole('region', { name: 'Stock history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Order placed');
  // Issue 32: who, and whether a customer or the staff.
  await expect(history.getByRole('row').nth(1)).toContainText('(customer)');
});

test('an admin exports the orders of today as CSV', async ({ page, admin, request, makeCustomer, makeProduct }) => {
  const product = await makeProduct({ label: 'desk export bead', price: 99 });
  const order = await placeCodOrder(request, await makeCustomer('Export'), product._id);
  await startSignedIn(page, admin);
  await page.goto('/admin');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^Order id,Date \(IST\),Customer,Phone,State,City,Pincode,/);
  expect(text).toContain(order._id);
});

test('an admin raises five prices with a catalog import, after a preview', async ({
  page,
  admin,
  request,
  makeProduct,
}) => {
  const products: Product[] = [];
  for (let i = 0; i < 5; i++) products.push(await makeProduct({ label: `desk import ${i}`, price: 200 + i }));
  const csv = ['id,price', ...products.map((p) => `${p._id},${(p.price + 25).toFixed(2)}`)].join('\r\n');

  await startSignedIn(page, admin);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Catalog import & export' }).click();
  await expect(page.getByRole('heading', { name: 'Catalog import & export' })).toBeVisible();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('0 new, 5 changed, 0 unchanged, 0 with errors.')).toBeVisible();
  await expect(
    page.getByRole('cell', {
      name: `price: ${products[0]!.price.toFixed(2)} → ${(products[0]!.price + 25).toFixed(2)}`,
    }),
  ).toBeVisible();
  await page.screenshot({ path: shot('import-preview'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Apply 5 changes' }).click();
  await expect(page.getByText('Saved: 0 added, 5 changed, 0 unchanged.')).toBeVisible();

  for (const p of products) {
    const now = (await (await request.get(`/api/products/${p._id}`)).json()) as Product;
    expect(now.price).toBe(p.price + 25);
  }
});

// Issue 23: an import no longer brings back sold units. A row whose stock was changed in the file after
// an order moved it is left whole and said why; the others apply.
test('an import leaves a row whose stock moved since the download, and says why', async ({
  page,
  admin,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const sold = await makeProduct({ label: 'desk conflict bead', price: 300, stock: 6 });
  const kept = await makeProduct({ label: 'desk kept bead', price: 310, stock: 6 });
  const headers = { authorization: `Bearer ${admin.token}` };
  const exported = await (await request.get('/api/admin/catalog/export', { headers })).text();
  const versionOf = (id: string) =>
    exported
      .split('\r\n')
      .find((line) => line.startsWith(id))!
      .split(',')
      .at(-1)!;
  await placeCodOrder(request, await makeCustomer('Conflict'), sold._id);
  const csv = [
    'id,price,stock,stock_version',
    `${sold._id},320.00,10,${versionOf(sold._id)}`,
    `${kept._id},330.00,6,${versionOf(kept._id)}`,
  ].join('\r\n');

  await startSignedIn(page, admin);
  await page.goto('/admin/import');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('0 new, 1 changed, 0 unchanged, 1 left as they are, 0 with errors.')).toBeVisible();
  await expect(
    page.getByText(/Orders or edits changed the stock of 1 product after this file was downloaded/),
  ).toBeVisible();
  await expect(page.getByText(/stock: the stock moved from 6 to 5 after the export/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shot('import-conflict-1280'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: shot('import-conflict-360'), fullPage: true });

  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(
    page.getByText('Saved: 0 added, 1 changed, 0 unchanged, 1 left as they were (stock moved since the download).'),
  ).toBeVisible();
  const now = async (id: string) => (await (await request.get(`/api/products/${id}`)).json()) as Product;
  expect(await now(sold._id)).toMatchObject({ price: 300, countInStock: 5 });
  expect(await now(kept._id)).toMatchObject({ price: 330, countInStock: 6 });
});
