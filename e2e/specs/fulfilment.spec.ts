import type { Order } from '@rr/core';
import { expect, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

// Issue 12: the admin ships an order with a tracking number; the customer sees the courier's link and
// downloads the tax invoice; the sandbox outboxes hold the placed and shipped messages.

test('an admin ships an order; the customer tracks it and downloads the tax invoice', async ({
  page,
  browser,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct({ price: 750, stock: 20, label: 'ship bead' });
  const customer = await makeCustomer('Shipped');
  const order = await placeCodOrder(request, customer, product._id);

  const adminPage = await browser.newPage();
  await adminPage.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(adminPage, admin);
  await adminPage.goto('/admin/orderlist?status=to_ship');
  await expect(adminPage.getByRole('link', { name: 'To ship' })).toHaveAttribute('aria-current', 'page');
  await adminPage.getByLabel('Find an order').fill(order._id.slice(0, 8).toUpperCase());
  await adminPage.getByRole('button', { name: 'Find Order' }).click();
  await expect(adminPage.getByRole('table').getByRole('row')).toHaveCount(2);
  await adminPage.getByRole('link', { name: /^Details of order/ }).click();
  await expect(adminPage.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  // Issue 27: booking with the courier service comes first; the hand form is folded under it.
  await adminPage.getByText('Ship by hand').click();
  await adminPage.getByLabel('Courier').fill('India Post');
  await adminPage.getByLabel('Tracking number (AWB)').fill('ee 123456789 in');
  await adminPage.getByRole('button', { name: 'Mark As Shipped' }).click();
  await expect(adminPage.getByText(/On its way, shipped on /)).toBeVisible();
  await expect(adminPage.getByLabel('Tracking number (AWB)')).toHaveValue('EE123456789IN');
  // Issue 23: once with the courier the order is not cancelled; it is delivered, or comes back.
  await expect(adminPage.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(adminPage.getByText('Shipped: it can no longer be cancelled.', { exact: false })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Mark As Delivered' })).toBeVisible();
  await adminPage.close();

  await startSignedIn(page, customer);
  await page.goto('/profile');
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: order._id.slice(0, 8).toUpperCase() });
  await expect(row.getByRole('link', { name: /^Track/ })).toHaveAttribute('href', /EE123456789IN/);
  await page.goto(`/order/${order._id}`);
  const track = page.getByRole('link', { name: /Track this parcel/ });
  await expect(track).toHaveAttribute('href', /EE123456789IN/);
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(page.getByText(/^RR\/\d{2}-\d{2}\/\d{7}$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Tax invoice (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^RR-\d{2}-\d{2}-\d{7}\.pdf$/);
  const pdf = await import('node:fs/promises').then(async (fs) => fs.readFile((await file.path())!));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The messages went out through the outbox: an SMS and an e-mail for the order placed and shipped.
  await expect(async () => {
    const sms = (await (await request.get(`/api/dev/sms-outbox?phone=${customer.phone}`)).json()) as {
      messages: Array<{ kind: string; text: string }>;
    };
    // Newest first; the first SMS was the code that confirmed a new customer's order (placeCodOrder).
    expect(sms.messages.map((m) => m.kind)).toEqual(['order_shipped', 'order_placed', 'otp']);
    expect(sms.messages[0]!.text).toContain('EE123456789IN');
    const mail = (await (
      await request.get(`/api/dev/mail-outbox?to=${encodeURIComponent(customer.email)}`)
    ).json()) as {
      messages: Array<{ subject: string }>;
    };
    const number = order._id.slice(0, 8).toUpperCase();
    expect(mail.messages.map((m) => m.subject)).toEqual([
      `Order #${number} has shipped - Rudraksha Ratna`,
      `Order #${number} placed - Rudraksha Ratna`,
    ]);
  }).toPass({ timeout: 10_000 });

  const shipped = (await (
    await request.get(`/api/orders/${order._id}`, { headers: { authorization: `Bearer ${customer.token}` } })
  ).json()) as Order;
  expect(shipped).toMatchObject({ status: 'shipped', shipment: { trackingNumber: 'EE123456789IN' } });
});
