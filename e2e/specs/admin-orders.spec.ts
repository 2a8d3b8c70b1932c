import type { Order, UserInfo } from '@rr/core';
import { ADMIN, expect, login, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

// Issue 10: the admin records cash collected on a delivered Cash on Delivery order, and the admin order
// list pages through GET /api/orders, which answers SPEC's array with the paging totals in headers.

const auth = (user: UserInfo) => ({ authorization: `Bearer ${user.token}` });

/** A product of the test's own (demo stock is left alone), with plenty of stock and a low price. */
const OWN = { price: 50, stock: 100 };

test('an admin marks a delivered Cash on Delivery order paid when the cash is collected', async ({
  page,
  browser,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const product = await makeProduct({ ...OWN, label: 'cash collected bead' });
  const customer = await makeCustomer('Cash');
  const order = await placeCodOrder(request, customer, product._id);
  const delivered = await request.put(`/api/orders/${order._id}/deliver`, { headers: auth(admin) });
  expect(delivered.status()).toBe(200);

  // The customer sees it delivered and not paid, with no admin buttons.
  await startSignedIn(page, customer);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
  await expect(page.getByText('Not Paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark As Paid' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Order Placed' })).toBeDisabled();

  const adminPage = await browser.newPage();
  await adminPage.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(adminPage, admin);
  await adminPage.goto(`/order/${order._id}`);
  await expect(adminPage.getByText(/^Delivered on /)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  adminPage.once('dialog', (d) => {
    expect(d.message()).toBe('Mark this Cash on Delivery order as paid? Do this once the cash has been collected.');
    void d.accept();
  });
  await adminPage.getByRole('button', { name: 'Mark As Paid' }).click();
  await expect(adminPage.getByText(/^Paid on /)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Mark As Paid' })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Order Placed' })).toBeDisabled();
  await adminPage.close();

  const paid = (await (await request.get(`/api/orders/${order._id}`, { headers: auth(customer) })).json()) as Order;
  expect(paid).toMatchObject({ isDelivered: true, isPaid: true, paidAt: expect.any(String) });
});

test('the admin order list pages through all orders, 20 a page', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const product = await makeProduct({ ...OWN, label: 'order list bead' });
  // At least 21 orders in the shop, so there is a second page (a customer may have 5 open COD orders).
  const ids: string[] = [];
  let customer = await makeCustomer('Pager');
  for (let i = 0; i < 21; i++) {
    if (i > 0 && i % 5 === 0) customer = await makeCustomer('Pager');
    ids.push((await placeCodOrder(request, customer, product._id))._id);
  }

  await startSignedIn(page, admin);
  await page.goto('/admin/orderlist');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: ids[20]! })).toBeVisible();
  // 20 orders and the heading row.
  await expect(table.getByRole('row')).toHaveCount(21);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL('/admin/orderlist?page=2');
  await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  // Older orders, and not the newest.
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: ids[20]! })).toHaveCount(0);
});

// Issue 31: the admin's order search finds a customer's orders by part of their name, part of their phone
// number and the whole number however it is written, and says when nothing matches.
test('the admin finds a customer’s orders by name, part of the phone and the whole number', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const product = await makeProduct({ ...OWN, label: 'order search bead' });
  const customer = await makeCustomer('Searchable');
  const placed = [
    (await placeCodOrder(request, customer, product._id))._id,
    (await placeCodOrder(request, customer, product._id))._id,
  ];
  const phone = customer.phone;

  await startSignedIn(page, admin);
  await page.goto('/admin/orderlist');
  const table = page.getByRole('table');
  const box = page.getByLabel('Find an order');
  const searchFor = async (typed: string) => {
    await box.fill(typed);
    await box.press('Enter');
    await expect(page).toHaveURL(`/admin/orderlist?q=${encodeURIComponent(typed).replace(/%20/g, '+')}`);
  };
  const expectFound = async () => {
    for (const id of placed) await expect(table.getByRole('row').filter({ hasText: id })).toBeVisible();
    // Only this customer's two orders and the heading row.
    await expect(table.getByRole('row')).toHaveCount(3);
  };
  // Part of the name, in another case.
  await searchFor(customer.name.toLowerCase());
  await expectFound();
  // Part of the phone number, from its middle.
  await searchFor(phone.slice(2, 8));
  await expectFound();
  // The whole number as a customer says it.
  await searchFor(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await expectFound();
  await searchFor('Nobody By This Name');
  await expect(page.getByText('No orders match.')).toBeVisible();
});
