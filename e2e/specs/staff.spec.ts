import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

// Issue 29: the owner makes a registered customer the packer; the packer ships an order but cannot open
// the product editor; the owner finds both in the audit log, and its chain checks out.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const userMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

test('the owner adds a packer, who ships an order but cannot edit products; the audit log has both', async ({
  page,
  browser,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  test.slow();
  const packer = await makeCustomer('Packer', 'packer-password-1');
  const buyer = await makeCustomer('Buyer');
  const product = await makeProduct({ label: 'packed bead', price: 499 });
  const order = await placeCodOrder(request, buyer, product._id);

  // The owner gives the account the Orders and packing role on the user edit page.
  await startSignedIn(page, admin);
  await page.goto(`/admin/user/${packer._id}/edit`);
  const role = page.getByLabel('Role');
  await expect(role).toHaveValue('');
  await role.selectOption('orders');
  await expect(page.getByText('Packing list, shipping, deliveries, returns received.')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/userlist');
  const row = page.getByRole('row').filter({ hasText: packer.email });
  await expect(row).toContainText('Orders and packing');
  // The Team filter keeps the staff only: the packer stays, the buyer goes.
  await page.getByRole('radio', { name: /Team/ }).check();
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(0);

  // The packer signs in with the password and lands on the orders, not on a dashboard they cannot read.
  const packerPage = await browser.newPage();
  await packerPage.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await packerPage.goto('/login');
  await packerPage.getByLabel('Phone Number').fill(packer.phone);
  await packerPage.getByLabel('Password').fill('packer-password-1');
  await packerPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(packerPage).toHaveURL('/admin/orderlist');

  // The menu has the orders and returns, and no products, dashboard, users or audit log.
  await userMenu(packerPage, packer.name).click();
  const menu = packerPage.locator('#user-menu');
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orderlist');
  for (const name of ['Products', 'Dashboard', 'Users', 'Audit log', 'Coupons', 'Shipping'])
    await expect(menu.getByRole('link', { name })).toHaveCount(0);
  await userMenu(packerPage, packer.name).click();

  // The order page: ship and deliver, but no cancelling and no cash.
  await packerPage.goto(`/order/${order._id}`);
  await expect(packerPage.getByRole('button', { name: 'Mark As Delivered' })).toBeVisible();
  await expect(packerPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(packerPage.getByRole('button', { name: 'Mark As Paid' })).toHaveCount(0);
  await packerPage.getByText('Ship by hand').click();
  await packerPage.getByLabel('Courier').fill('India Post');
  await packerPage.getByLabel('Tracking number (AWB)').fill('EE223344556IN');
  await packerPage.getByRole('button', { name: 'Mark As Shipped' }).click();
  await expect(packerPage.getByText(/On its way, shipped on /)).toBeVisible();
  // The order's own history names the packer.
  const history = packerPage.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Order shipped');
  await expect(history).toContainText(`by ${packer.name} (Orders and packing)`);

  // The product editor is not the packer's: a clear refusal, not a redirect.
  await packerPage.goto(`/admin/product/${product._id}/edit`);
  await expect(packerPage.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(packerPage.getByText('Your role (Orders and packing) does not open this page.')).toBeVisible();
  await expect(packerPage).toHaveURL(`/admin/product/${product._id}/edit`);
  await expect(packerPage.getByLabel('Price')).toHaveCount(0);
  await packerPage.close();

  // The owner's audit log: the packer's entries (who = the packer), then the role change (that user's record).
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Who').selectOption({ label: `${packer.name} (Orders and packing)` });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${packer._id}`));
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toContainText('Order shipped');
  const shipped = entries.filter({ hasText: 'Order shipped' });
  await expect(shipped).toContainText(packer.name);
  await expect(shipped).toContainText('Orders and packing');
  await expect(shipped).toContainText('tracking number (AWB)');
  await expect(shipped.getByRole('link', { name: `#${order._id.slice(0, 8).toUpperCase()}` })).toHaveAttribute(
    'href',
    `/order/${order._id}`,
  );
  // Every entry shown is the packer's.
  await expect(entries.filter({ hasNotText: packer.name })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('What').selectOption('user');
  await page.getByLabel('Record id').fill(packer._id);
  await page.getByRole('button', { name: 'Apply' }).click();
  const roleChange = entries.filter({ hasText: 'Role changed' });
  await expect(roleChange).toHaveCount(1);
  await expect(roleChange).toContainText(ADMIN.name);
  await expect(roleChange).toContainText('Owner');
  await expect(roleChange).toContainText('role: — → Orders and packing');

  // The chain checks out.
  await page.getByRole('button', { name: 'Check the log' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Intact|Broken/ })).toHaveText(
    /^Intact: [\d,]+ entr(y|ies), newest #\d+ \(hash [0-9a-f]{12}…\)$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
