import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Coupon, UserInfo } from '@rr/core';
import { expect, latestCode, pdfText, startSignedIn, test } from '../fixtures.ts';

async function fillShipping(page: Page) {
  await page.getByLabel('Address', { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
}

const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

/** The owner writes the code on the admin page (from another browser), and the API lists it. */
async function ownerCreatesCode(browser: Browser, request: APIRequestContext, admin: UserInfo, code: string) {
  const desk = await browser.newPage();
  await desk.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(desk, admin);
  await desk.goto('/admin/coupons/new');
  await desk.getByLabel('Code', { exact: true }).fill(code);
  await desk.getByLabel('Percent off').fill('10');
  await desk.getByRole('button', { name: 'Create coupon' }).click();
  await expect(desk.getByText(`Coupon ${code} created.`)).toBeVisible();
  await desk.close();
  const listed = await request.get('/api/admin/coupons', { headers: { authorization: `Bearer ${admin.token}` } });
  return ((await listed.json()) as Coupon[]).find((c) => c.code === code)!;
}

test('on a phone: the owner’s Diwali code, refused when mistyped, applied on the cart, carried to the order and its tax invoice', async ({
  page,
  browser,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  test.slow();
  const headers = { authorization: `Bearer ${admin.token}` };
  // A code of the test's own (others may run at once): DIWALI10 and a number.
  const code = `DIWALI10-${randomInt(1e5, 1e6)}`;
  const coupon = await ownerCreatesCode(browser, request, admin, code);
  expect(coupon).toMatchObject({ percentOff: 10, status: 'active' });
  const product = await makeProduct({ label: 'Festival bead', price: 1000 });
  const customer = await makeCustomer('Festive');
  await startSignedIn(page, customer);

  try {
    await page.goto(`/cart/${product._id}?qty=1`);
    await expect(page).toHaveURL('/cart');
    const box = page.getByRole('region', { name: 'Discount code' });

    // A mistyped code: the server's words under the box, and no code kept.
    await box.getByLabel('Have a code?').fill('DIWALI-NONE');
    await box.getByRole('button', { name: 'Apply' }).click();
    await expect(box.getByRole('alert')).toHaveText('There is no code DIWALI-NONE. Please check it.');
    expect(await page.evaluate(() => localStorage.getItem('couponCode'))).toBeNull();
    await page.screenshot({ path: test.info().outputPath('cart-code-refused-360.png'), fullPage: true });

    // Typed in small letters, the owner's code is taken: 10% of ₹1,000.
    await box.getByLabel('Have a code?').fill(code.toLowerCase());
    await box.getByRole('button', { name: 'Apply' }).click();
    await expect(box).toContainText(`Code ${code} applied`);
    await expect(page.getByTestId('cart-savings')).toHaveText('You save ₹100.00');
    await expect(box.getByRole('button', { name: `Remove code ${code}` })).toBeVisible();
    await expect(page.getByLabel('Discounts')).toContainText('−₹100.00');
    await noWiderThanPhone(page);
    await page.screenshot({ path: test.info().outputPath('cart-code-applied-360.png'), fullPage: true });

    // The place-order page prices the order with the code; the order is placed with it.
    await page.goto('/shipping');
    await fillShipping(page);
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary).toContainText('−₹100.00');
    await expect(summary.getByRole('region', { name: 'Discount code' })).toContainText(code);
    await expect(page.getByTestId('order-savings')).toHaveText('You save ₹100.00');
    await noWiderThanPhone(page);
    await page.screenshot({ path: test.info().outputPath('place-order-code-360.png'), fullPage: true });
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await page.getByLabel('Confirmation code').fill(await latestCode(request, customer.phone));
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Thank you! Your order has been placed.')).toBeVisible();
    await expect(page.getByTestId('order-coupon')).toHaveText(`Code ${code} applied: −₹100.00`);
    await noWiderThanPhone(page);
    // The cart is empty, and the code went with it.
    expect(await page.evaluate(() => localStorage.getItem('couponCode'))).toBeNull();

    // Shipped, the tax invoice takes the code's discount off before GST.
    const orderId = page.url().split('/').pop()!;
    const shipped = await request.put(`/api/orders/${orderId}/ship`, {
      headers,
      data: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
    });
    expect(shipped.status()).toBe(200);
    await page.reload();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Tax invoice (PDF)' }).click();
    const text = (await pdfText(await readFile((await (await download).path())!))).join('\n');
    expect(text).toMatch(/Gross value 1,000\.00/);
    // The label may wrap in its column: "Less: Coupon DIWALI10-… (10% -100.00\noff)".
    expect(text).toMatch(new RegExp(`Less: Coupon ${code} \\(10%\\s+(off\\)\\s+)?-100\\.00`));
    expect(text).toMatch(/Taxable value 900\.00/);

    // The owner's list counts the use.
    const listed = (await (await request.get('/api/admin/coupons', { headers })).json()) as Coupon[];
    expect(listed.find((c) => c._id === coupon._id)).toMatchObject({ uses: 1, discountGiven: 100 });
  } finally {
    await request.delete(`/api/admin/coupons/${coupon._id}`, { headers });
  }
});
