import type { Page } from '@playwright/test';
import { expect, latestCode, startSignedIn, test } from '../fixtures.ts';

// Issue 28: addresses saved on the account, offered by the checkout on another device.

const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

async function addAddress(page: Page, fields: { label: string; address: string; pincode: string; state: string }) {
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Label (optional)').fill(fields.label);
  await form.getByLabel('Address', { exact: true }).fill(fields.address);
  await form.getByLabel('Postal Code').fill(fields.pincode);
  await expect(form.getByLabel('State')).toHaveValue(fields.state);
  return form;
}

test('on a phone: two addresses saved on the account, the second made the default, preselected at checkout on another device and shipped to', async ({
  page,
  browser,
  request,
  makeCustomer,
  makeProduct,
}) => {
  test.slow();
  const customer = await makeCustomer('Addresses');
  const product = await makeProduct({ label: 'Address bead', price: 600 });
  await startSignedIn(page, customer);

  await page.goto('/profile');
  await page.getByRole('link', { name: 'My Addresses' }).first().click();
  await expect(page.getByRole('heading', { name: 'My Addresses', level: 1 })).toBeVisible();

  // The recipient is the account holder unless changed.
  const home = await addAddress(page, {
    label: 'Home',
    address: '12 Example Lane, Godowlia',
    pincode: '221001',
    state: 'Uttar Pradesh',
  });
  await expect(home.getByLabel("Recipient's Name")).toHaveValue(customer.name);
  await home.getByRole('button', { name: 'Save address' }).click();
  const list = page.getByRole('list', { name: 'Saved addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const office = await addAddress(page, {
    label: 'Office',
    address: '4 Park Street',
    pincode: '700016',
    state: 'West Bengal',
  });
  await office.getByText('GSTIN for a business invoice (optional)').click();
  await office.getByLabel('GSTIN').fill('19aapfu0939f1zt');
  await office.getByLabel('Business name').fill('Ratna Traders');
  await office.getByRole('button', { name: 'Save address' }).click();
  // A wrong check character is refused under the field before anything is sent.
  await expect(office.getByText('GSTIN has a wrong check character (a typing mistake?)')).toBeVisible();
  await office.getByLabel('GSTIN').fill('19AAPFU0939F1ZS');
  await office.getByRole('button', { name: 'Save address' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Home');
  await expect(list.getByRole('listitem').first()).toContainText('Default');

  await page.getByRole('button', { name: 'Make Office the default' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Office');
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await expect(list.getByRole('listitem').first()).toContainText('GSTIN 19AAPFU0939F1ZS · Ratna Traders');
  await noWiderThanPhone(page);
  await page.screenshot({ path: test.info().outputPath('addresses-360.png'), fullPage: true });

  // Another device: nothing in its browser but the sign-in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const other = await phone.newPage();
  try {
    await other.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
    await startSignedIn(other, customer);
    await other.goto(`/cart/${product._id}?qty=1`);
    await expect(other).toHaveURL('/cart');
    await other.goto('/shipping');
    const choices = other.getByRole('group', { name: 'Deliver to' });
    await expect(choices.getByRole('radio', { name: /Office/ })).toBeChecked();
    await expect(choices.getByRole('radio', { name: /Home/ })).not.toBeChecked();
    await expect(other.getByLabel('Address', { exact: true })).toHaveCount(0);
    await noWiderThanPhone(other);
    await other.screenshot({ path: test.info().outputPath('checkout-saved-360.png'), fullPage: true });
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other).toHaveURL('/placeorder');
    await expect(other.getByText('4 Park Street')).toBeVisible();
    other.once('dialog', (d) => void d.accept());
    await other.getByRole('button', { name: 'Place Order' }).click();
    await expect(other).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await other.getByLabel('Confirmation code').fill(await latestCode(request, customer.phone));
    await other.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(other.getByText('Thank you! Your order has been placed.')).toBeVisible();

    // The order went to the default address, billed to the business.
    const orderId = other.url().split('/').pop()!;
    const order = await request.get(`/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect((await order.json()).shippingAddress).toMatchObject({
      name: customer.name,
      address: '4 Park Street',
      postalCode: '700016',
      state: 'West Bengal',
      gstin: '19AAPFU0939F1ZS',
      businessName: 'Ratna Traders',
    });
  } finally {
    await phone.close();
  }
});
