import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, expect, login, startSignedIn, test } from '../fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The list's row (a card on a phone) for an offer. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('the owner creates a coupon and a sale, sees them listed with their status, edits, pauses and deletes', async ({
  page,
  request,
  makeProduct,
}) => {
  // A product of the test's own: the sale covers only it, and starts long after the suite, so no other
  // test's prices move.
  const product = await makeProduct({ label: 'Offer bead' });
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  await startSignedIn(page, admin);
  const n = randomInt(1e5, 1e6);
  const code = `E2E-${n}`;
  const saleName = `Test Sale ${n}`;

  // From the owner's desk.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Coupons', exact: true }).click();
  await expect(page).toHaveTitle('Coupons | Rudraksha Ratna');

  // A coupon: typed in small letters, kept in capitals; running from now for a year.
  await page.getByRole('link', { name: 'New coupon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Coupon' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).pressSequentially(code.toLowerCase());
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Enter the percent off')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Percent off').fill('10');
  await page.getByLabel('Minimum order (₹)').fill('500');
  await page.getByLabel('Ends').fill('2099-12-31T23:59');
  await page.getByLabel('Uses in all').fill('50');
  await page.getByRole('button', { name: 'Create coupon' }).click();

  await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();
  const coupon = rowOf(page, code);
  await expect(coupon).toContainText('10% off');
  await expect(coupon).toContainText('₹500');
  await expect(coupon).toContainText('31 Dec 2099, 11:59 pm');
  await expect(coupon).toContainText('Active');
  await expect(coupon).toContainText('0 of 50');
  expect(await seriousViolations(page)).toEqual([]);

  // The same code twice is refused by the code field.
  await page.getByRole('link', { name: 'New coupon' }).click();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Free shipping').check();
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(`Another coupon is ${code}`)).toBeVisible();
  await page.getByRole('link', { name: 'All coupons' }).click();

  // Edit: a fixed amount instead.
  await rowOf(page, code)
    .getByRole('link', { name: `Edit ${code}` })
    .click();
  await expect(page.getByLabel('Percent off')).toHaveValue('10');
  await page.getByLabel('Fixed amount').check();
  await page.getByLabel('Amount off (₹)').fill('150');
  await page.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByText(`Coupon ${code} saved.`)).toBeVisible();
  await expect(rowOf(page, code)).toContainText('₹150 off');

  // Pause it from the list.
  await rowOf(page, code)
    .getByRole('button', { name: `Pause ${code}` })
    .click();
  await expect(rowOf(page, code)).toContainText('Paused');
  await expect(rowOf(page, code).getByRole('button', { name: `Resume ${code}` })).toBeVisible();

  // A sale of the test's product, scheduled.
  await page.goto('/admin/sales');
  await expect(page).toHaveTitle('Sales | Rudraksha Ratna');
  await page.getByRole('link', { name: 'New sale' }).click();
  await page.getByLabel('Name', { exact: true }).fill(saleName);
  await page.getByLabel('Percent off').fill('20');
  await page.getByLabel('Find a product to add').fill(product.name);
  await page.getByRole('button', { name: `Add ${product.name}` }).click();
  await expect(page.getByRole('list', { name: 'Products chosen' })).toContainText(product.name);
  await page.getByLabel('Starts').fill('2099-01-01T10:00');
  await page.getByLabel('Ends').fill('2099-01-07T23:59');
  await page.getByLabel('Banner text', { exact: true }).fill('Test: 20% off one bead');
  await page.getByRole('button', { name: 'Create sale' }).click();

  await expect(page.getByText(`Sale ${saleName} created.`)).toBeVisible();
  const sale = rowOf(page, saleName);
  await expect(sale).toContainText('20% off');
  await expect(sale).toContainText('1 product');
  await expect(sale).toContainText('1 Jan 2099, 10:00 am');
  await expect(sale).toContainText('Scheduled');

  // Delete the sale, after saying no once.
  page.once('dialog', (dialog) => dialog.dismiss());
  await sale.getByRole('button', { name: `Delete ${saleName}` }).click();
  await expect(sale).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Delete the sale ${saleName}? This cannot be undone.`);
    return dialog.accept();
  });
  await sale.getByRole('button', { name: `Delete ${saleName}` }).click();
  await expect(page.getByText('Sale deleted')).toBeVisible();
  await expect(rowOf(page, saleName)).toHaveCount(0);

  // And the coupon.
  await page.goto('/admin/coupons');
  page.once('dialog', (dialog) => dialog.accept());
  await rowOf(page, code)
    .getByRole('button', { name: `Delete ${code}` })
    .click();
  await expect(rowOf(page, code)).toHaveCount(0);
});
