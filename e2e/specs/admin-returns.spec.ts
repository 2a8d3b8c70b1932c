import { formatRupees, type Order, type OrderReturn, type StoreCreditAnswer, type UserInfo } from '@rr/core';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, latestCode, login, startSignedIn, test } from '../fixtures.ts';

// Issue 28, the owner's side: a customer opens a return of a delivered order (through the API, with a
// photo they uploaded); the owner approves it on /admin/returns (the sandbox courier books the pickup),
// marks it received and refunds it as store credit; the order then lists the refund with its credit note.

const auth = (user: UserInfo) => ({ authorization: `Bearer ${user.token}` });
const PNG_8X8 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO42aSNFTEMLQkARIJhgQTR3jsAAAAASUVORK5CYII=';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Two units of `productId`, Cash on Delivery, shipped and delivered with the cash collected. */
async function deliveredOrder(
  request: APIRequestContext,
  customer: UserInfo,
  admin: UserInfo,
  productId: string,
): Promise<Order> {
  const placed = await request.post('/api/orders', {
    headers: auth(customer),
    data: {
      orderItems: [{ product: productId, qty: 2 }],
      shippingAddress: {
        address: '12 Example Lane, Godowlia',
        city: 'Varanasi',
        postalCode: '221001',
        state: 'Uttar Pradesh',
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(placed.status()).toBe(201);
  let order = (await placed.json()) as Order;
  if (order.confirmBy) {
    const code = await latestCode(request, customer.phone);
    const confirmed = await request.post(`/api/orders/${order._id}/confirm`, {
      headers: auth(customer),
      data: { code },
    });
    expect(confirmed.status()).toBe(200);
  }
  const shipped = await request.put(`/api/orders/${order._id}/ship`, {
    headers: auth(admin),
    data: { courier: 'Delhivery', trackingNumber: `RT${Date.now()}` },
  });
  expect(shipped.status()).toBe(200);
  const delivered = await request.put(`/api/orders/${order._id}/deliver`, {
    headers: auth(admin),
    data: { cashCollected: true },
  });
  expect(delivered.status()).toBe(200);
  order = (await delivered.json()) as Order;
  expect(order).toMatchObject({ isDelivered: true, isPaid: true, invoiceNumber: expect.any(String) });
  return order;
}

/** The answer to the owner's next change of a return: each is made once its PUT has answered, and leaving the
 * page sooner could cancel it. */
function returnSaved(page: Page, returnId: string) {
  return page.waitForResponse((r) => r.url().includes(`/api/returns/${returnId}`) && r.request().method() === 'PUT');
}

/** A picture the customer uploads (the review-photo upload, open to signed-in customers). */
async function uploadPhoto(request: APIRequestContext, user: UserInfo): Promise<string> {
  const res = await request.post('/api/upload/review-photo', {
    headers: auth(user),
    multipart: { image: { name: 'crack.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8X8, 'base64') } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { image: string }).image;
}

test('the owner approves a return, marks it received and refunds it as store credit, with a credit note', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  // The whole life of a return, with two axe checks and screenshots at two widths: over a minute on CI.
  test.slow();
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const product = await makeProduct({ label: 'returned bead', price: 450, stock: 10 });
  const customer = await makeCustomer('Returner');
  const order = await deliveredOrder(request, customer, admin, product._id);
  const photo = await uploadPhoto(request, customer);
  const opened = await request.post(`/api/orders/${order._id}/returns`, {
    headers: auth(customer),
    data: { lines: [{ product: product._id, qty: 1 }], reason: 'One bead arrived cracked.', photos: [photo] },
  });
  expect(opened.status()).toBe(201);
  const ret = (await opened.json()) as OrderReturn;

  await page.setViewportSize({ width: 1280, height: 900 });
  await startSignedIn(page, admin);
  await page.goto('/admin/returns?status=requested');
  const card = page.getByTestId('return-card').filter({ hasText: `#${ret.orderNumber}` });
  await expect(card).toContainText('One bead arrived cracked.');
  await expect(card).toContainText(customer.name);
  await expect(card.getByRole('img', { name: /Photo 1 of 1/ })).toHaveAttribute('src', photo);
  await expect(card.getByRole('link', { name: `#${ret.orderNumber}` })).toHaveAttribute('href', `/order/${order._id}`);
  await page.screenshot({ path: test.info().outputPath('returns-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card.getByLabel('Why is the return rejected?')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('returns-reject-360.png'), fullPage: true });
  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Approved: the sandbox courier books the reverse pickup.
  const approved = returnSaved(page, ret._id);
  await card.getByRole('button', { name: 'Approve and book pickup' }).click();
  expect((await approved).status()).toBe(200);
  await page.goto('/admin/returns?status=approved');
  await expect(card).toContainText('Approved: pickup booked');
  await expect(card).toContainText('Pickup:');
  const received = returnSaved(page, ret._id);
  await card.getByRole('button', { name: 'Mark received' }).click();
  expect((await received).status()).toBe(200);

  await page.goto('/admin/returns?status=received');
  await expect(card).toContainText('Received back');
  const refundButton = card.getByRole('button', { name: /^Refund ₹/ });
  await expect(refundButton).toBeVisible();
  const amountText = (await refundButton.textContent())!.replace('Refund ', '');
  await refundButton.click();
  const form = card.getByRole('form', { name: 'Refund the return' });
  // Cash on Delivery: store credit (the default) or a transfer, never the gateway.
  await expect(form.getByRole('radio', { name: 'Store credit' })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Razorpay/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('return-refund-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: test.info().outputPath('return-refund-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Refund about ${amountText}: store credit?`);
    void dialog.accept();
  });
  const refunded = returnSaved(page, ret._id);
  await form.getByRole('button', { name: `Refund ${amountText}` }).click();
  expect((await refunded).status()).toBe(200);
  await page.goto('/admin/returns?status=refunded');
  await expect(card).toContainText('Refunded');
  await expect(card.getByRole('button')).toHaveCount(0);

  // The order lists the refund: its amount, the way back, and its credit note.
  await page.goto(`/order/${order._id}`);
  const refund = page.getByTestId('order-refund');
  await expect(refund).toContainText(amountText);
  await expect(refund).toContainText('Store credit');
  // Its parts add up to it, in rupees (goods with their GST, and the shipping share).
  const [answered] = ((await (await request.get(`/api/orders/${order._id}`, { headers: auth(admin) })).json()) as Order)
    .refunds;
  expect(answered!.itemsAmount + answered!.shippingAmount).toBeCloseTo(answered!.amount, 2);
  expect(answered!.taxPrice).toBeLessThan(answered!.amount);
  const download = page.waitForEvent('download');
  await refund.getByRole('button', { name: /^Credit note .* \(PDF\)$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // The customer has it to spend, and the owner sees it on their page.
  const credit = (await (
    await request.get('/api/users/store-credit', { headers: auth(customer) })
  ).json()) as StoreCreditAnswer;
  expect(formatRupees(credit.balance)).toBe(amountText);
  await page.goto(`/admin/user/${customer._id}/edit`);
  await expect(page.getByTestId('store-credit-balance')).toHaveText(amountText);
  await expect(page.getByRole('list', { name: 'Store credit ledger' })).toContainText(amountText);
  await page.screenshot({ path: test.info().outputPath('store-credit-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The other unit is left to refund from the order page: the form, at 1280 and on a phone.
  await page.goto(`/order/${order._id}`);
  await page.getByRole('button', { name: 'Refund items' }).click();
  await expect(page.getByText('1 of 2 left to refund')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('refund-items-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('form', { name: 'Refund items' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('refund-items-360.png') });
  await page.goto('/admin/returns');
  await expect(card).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('returns-360.png'), fullPage: true });
});
