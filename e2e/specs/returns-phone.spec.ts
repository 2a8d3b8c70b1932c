import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, OrderReturn, UserInfo } from '@rr/core';
import { expect, latestCode, pdfText, startSignedIn, test } from '../fixtures.ts';

/** A real 8x8 saffron PNG: the shop stores and shows it like any photo. */
const PNG_8X8 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO42aSNFTEMLQkARIJhgQTR3jsAAAAASUVORK5CYII=';

const auth = (user: UserInfo) => ({ authorization: `Bearer ${user.token}` });

/** A Cash on Delivery order of `qty` units, placed (and confirmed with the SMS code) through the API. */
async function placeOrder(request: APIRequestContext, customer: UserInfo, product: string, qty: number) {
  const res = await request.post('/api/orders', {
    headers: auth(customer),
    data: {
      orderItems: [{ product, qty }],
      shippingAddress: {
        address: '12 Example Lane, Godowlia',
        city: 'Varanasi',
        postalCode: '221001',
        state: 'Uttar Pradesh',
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as Order;
  if (!order.confirmBy) return order;
  const confirmed = await request.post(`/api/orders/${order._id}/confirm`, {
    headers: auth(customer),
    data: { code: await latestCode(request, customer.phone) },
  });
  expect(confirmed.status()).toBe(200);
  return (await confirmed.json()) as Order;
}

/** Serious or critical accessibility problems in the order page's returns and refunds. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The admin moves a return through the API (the admin's screens are tested on their own). */
async function moveReturn(request: APIRequestContext, admin: UserInfo, id: string, data: Record<string, unknown>) {
  const res = await request.put(`/api/returns/${id}`, { headers: auth(admin), data });
  expect(res.status(), JSON.stringify(data)).toBe(200);
  return (await res.json()) as OrderReturn;
}

test('a customer on a phone returns one of two beads with a photo, and gets store credit and a credit note', async ({
  page,
  request,
  admin,
  makeProduct,
  makeCustomer,
}, testInfo) => {
  const product = await makeProduct({ label: 'returned bead', price: 450 });
  const customer = await makeCustomer('Returns');
  const order = await placeOrder(request, customer, product._id, 2);
  // Delivered by hand with the cash collected: the order is invoiced and paid, so it can be refunded.
  const delivered = await request.put(`/api/orders/${order._id}/deliver`, {
    headers: auth(admin),
    data: { cashCollected: true },
  });
  expect(delivered.status()).toBe(200);

  await startSignedIn(page, customer);
  await page.goto(`/order/${order._id}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Return or Replace Items' }).click();

  const form = page.getByRole('form', { name: 'Return or replace items' });
  await expect(form.getByText('2 of 2 can be returned')).toBeVisible();
  // The order's one line starts at one unit; the customer could take both.
  await expect(form.getByLabel(`${product.name} to return`)).toHaveText('1');
  await expect(form.getByRole('button', { name: `One more ${product.name}` })).toBeEnabled();
  await form.getByLabel('Reason').fill('One bead arrived cracked.');
  const photo = testInfo.outputPath('crack.png');
  await writeFile(photo, Buffer.from(PNG_8X8, 'base64'));
  await form.getByLabel('Add Photos').setInputFiles(photo);
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Send Return Request' }).click();

  await expect(page.getByText('Your return request is sent.')).toBeVisible();
  const listed = page.getByTestId('return');
  await expect(listed).toContainText('Requested');
  await expect(listed).toContainText(`${product.name} × 1`);

  // The owner approves with a pickup booked by hand, gets the bead back and refunds it as store credit.
  const [ret] = (await (
    await request.get(`/api/orders/${order._id}/returns`, { headers: auth(customer) })
  ).json()) as OrderReturn[];
  expect(ret!.photos).toHaveLength(1);
  await moveReturn(request, admin, ret!._id, { action: 'approve', courier: 'Delhivery', trackingNumber: 'RTN1234567' });
  await page.reload();
  await expect(listed).toContainText('Approved: pickup booked');
  await expect(listed).toContainText('Pickup: Delhivery, AWB RTN1234567');
  await moveReturn(request, admin, ret!._id, { action: 'received' });
  await moveReturn(request, admin, ret!._id, { action: 'refund', method: 'store_credit' });

  const refunded = (await (await request.get(`/api/orders/${order._id}`, { headers: auth(customer) })).json()) as Order;
  const [refund] = refunded.refunds;
  // Half the order (one of two units): the goods' half of the total.
  expect(refund).toMatchObject({ method: 'store_credit', status: 'processed', amount: refunded.totalPrice / 2 });
  const amount = refund!.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 });

  await page.reload();
  await expect(listed).toContainText('Refunded');
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByTestId('refund')).toContainText(`₹${amount}`);
  await expect(refunds.getByTestId('refund')).toContainText('As store credit');
  await expect(refunds.getByTestId('refund')).toContainText(refund!.creditNoteNumber!);
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent('download');
  await refunds.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await readFile((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await pdfText(pdf)).join('\n')).toContain(refund!.creditNoteNumber!);

  await page.goto('/profile');
  await expect(page.getByTestId('store-credit-balance')).toHaveText(`₹${amount}`);
  await page.getByText('History (1)').click();
  await expect(page.getByRole('list', { name: 'Store credit history' })).toContainText(`+₹${amount}`);
});

test('on a phone: store credit pays part of a Cash on Delivery order, shown at checkout and on the order', async ({
  page,
  request,
  admin,
  makeProduct,
  makeCustomer,
}) => {
  const product = await makeProduct({ label: 'credit bead', price: 1000 });
  const customer = await makeCustomer('Credit');
  const granted = await request.post(`/api/admin/users/${customer._id}/store-credit`, {
    headers: auth(admin),
    data: { amount: 300, note: 'Sorry for the late parcel' },
  });
  expect(granted.status()).toBe(200);

  await startSignedIn(page, customer);
  await page.goto(`/cart/${product._id}?qty=1`);
  await expect(page).toHaveURL('/cart');
  await page.goto('/shipping');
  await page.getByLabel('Address', { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Continue without a choice is Cash on Delivery.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');

  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const total = await summary.getByTestId('order-total').textContent();
  await summary.getByLabel('Use store credit (₹300.00 available)').check();
  await expect(summary.getByTestId('store-credit-applied')).toHaveText('−₹300.00');
  await expect(summary.getByText('To pay on delivery')).toBeVisible();
  const due = await summary.getByTestId('amount-due').textContent();
  expect(rupees(due!)).toBeCloseTo(rupees(total!) - 300, 2);

  page.once('dialog', (dialog) => void dialog.accept());
  await summary.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\//);
  const orderSummary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(orderSummary.getByText('Paid with store credit')).toBeVisible();
  await expect(orderSummary.getByTestId('store-credit-applied')).toHaveText('−₹300.00');
  await expect(orderSummary.getByTestId('amount-due')).toHaveText(due!);

  const credit = await request.get('/api/users/store-credit', { headers: auth(customer) });
  expect(((await credit.json()) as { balance: number }).balance).toBe(0);
});

/** ₹1,234.50 → 1234.5 */
const rupees = (text: string) => Number(text.replace(/[₹,\s]/g, ''));
