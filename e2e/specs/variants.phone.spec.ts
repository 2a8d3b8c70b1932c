import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@rr/core';
import { expect, pdfText, startSignedIn, test } from '../fixtures.ts';

/** A product's variant as GET /api/products/{id} gives it (issue 25). */
interface Variant {
  _id: string;
  name: string;
  countInStock: number;
}

const WEARER = 'रमेश शर्मा';

/** A bead of the test's own in two sizes, with silver capping and energisation in the wearer's name. */
function beadInSizes() {
  const sku = `T${randomInt(1e8, 1e9)}`;
  return {
    label: 'Sized bead',
    price: 1200,
    stock: 10,
    variants: [
      { name: '18 mm', sku: `${sku}-18`, price: 900, countInStock: 5, facts: { sizeMm: 18 } },
      { name: '20 mm', sku: `${sku}-20`, price: 1200, countInStock: 5, facts: { sizeMm: 20 }, isDefault: true },
    ],
    addOns: [
      { name: 'Silver capping', price: 350 },
      {
        name: 'Energisation',
        price: 251,
        service: true,
        madeToOrder: true,
        fields: [
          { name: 'Name', maxLength: 40, required: true },
          { name: 'Gotra', maxLength: 30, required: false },
        ],
      },
    ],
  };
}

test('on a phone: choose a size and capping, add energisation with a name, order, see it on the order page and the invoice', async ({
  page,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  test.slow();
  const product = (await makeProduct(beadInSizes())) as Product & { variants: Variant[] };
  const small = product.variants.find((v) => v.name === '18 mm')!;
  const customer = await makeCustomer('Sized');
  await startSignedIn(page, customer);

  // The default size first; choosing another moves the price and the address.
  await page.goto(`/product/${product._id}`);
  const sizes = page.getByRole('group', { name: /^Size/ });
  await expect(sizes.getByRole('radio', { name: '20 mm' })).toBeChecked();
  await expect(page.getByTestId('product-price')).toContainText('₹1,200.00');
  await sizes.getByText('18 mm').click();
  await expect(page).toHaveURL(`/product/${product._id}?variant=${small._id}`);
  await expect(page.getByTestId('product-price')).toContainText('₹900.00');

  // Capping and energisation: the name is asked for, and the page says the line cannot be returned.
  await page.getByRole('checkbox', { name: /Silver capping/ }).check();
  await page.getByRole('checkbox', { name: /Energisation/ }).check();
  await expect(page.getByText('Made to order: not returnable')).toBeVisible();
  await expect(page.getByTestId('buy-price')).toContainText('₹1,501.00');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in Name for Energisation.');
  await expect(page).toHaveURL(/\/product\//);
  await page.getByRole('textbox', { name: 'Name' }).fill(WEARER);
  await page.getByRole('textbox', { name: 'Gotra' }).fill('Kashyap');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The picker, the extras and their fields: nothing serious for assistive technology.
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('product-choices-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add To Cart' }).click();

  // The cart line carries the choices.
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').first();
  await expect(line).toContainText('18 mm');
  await expect(line).toContainText('Silver capping');
  await expect(line).toContainText(`Name: ${WEARER}`);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹1,501.00');

  // Checkout: the server prices the size with its extras. Energisation is made to order, so the parcel is
  // never sent Cash on Delivery (issue 27): the payment step offers online payment only, saying why.
  await page.goto('/shipping');
  await page.getByLabel('Address', { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeDisabled();
  await expect(page.getByText(/Made-to-order items .* are not sent Cash on Delivery/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  const items = page.getByRole('region', { name: 'Order Items' });
  await expect(items).toContainText('1 x ₹1,501.00');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  // The quote's line is the cart's line: nothing "changed" on the way.
  await expect(page.getByText(/Prices or stock changed/)).toHaveCount(0);
  await expect(items).toContainText(`Name: ${WEARER}`);
  await expect(page.getByText('Online discount (10%)')).toBeVisible();
  await page.getByRole('button', { name: 'Pay and Place Order' }).click();
  await page
    .getByRole('dialog', { name: 'Test payment (sandbox)' })
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Paid on .* via Razorpay/)).toBeVisible();

  // The order page shows what was chosen; the size's stock (only) went down.
  const ordered = page.getByRole('region', { name: 'Order Items' });
  await expect(ordered).toContainText('18 mm');
  await expect(ordered).toContainText('Silver capping + ₹350.00');
  await expect(ordered).toContainText('Energisation + ₹251.00');
  await expect(ordered).toContainText(`Name: ${WEARER}`);
  await expect(ordered).toContainText('Gotra: Kashyap');
  await expect(ordered).toContainText('Made to order: not returnable');
  await expect(ordered).toContainText('1 x ₹1,501.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('order-choices-360.png'), fullPage: true });
  const after = (await (await request.get(`/api/products/${product._id}`)).json()) as { variants: Variant[] };
  expect(after.variants.map((v) => [v.name, v.countInStock])).toEqual([
    ['18 mm', 4],
    ['20 mm', 5],
  ]);

  // Shipped, the order has its tax invoice: the size on the product's line, each extra a line of its own
  // (the energisation at its service code), with the wearer's name.
  const orderId = page.url().split('/').pop()!;
  const shipped = await request.put(`/api/orders/${orderId}/ship`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
  });
  expect(shipped.status()).toBe(200);
  await page.reload();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Tax invoice (PDF)' }).click();
  const pdf = await readFile((await (await download).path())!);
  const text = (await pdfText(pdf)).join('\n');
  // (The description column wraps: "— 18 mm" on a line of its own.) Paid online: 10% off each line.
  expect(text).toMatch(/^1 .*Sized bead .* NOS 900\.00 -90\.00 810\.00/m);
  expect(text).toMatch(/— 18 mm/);
  expect(text).toMatch(/^2 Silver capping for .* 350\.00 -35\.00 315\.00/m);
  expect(text).toMatch(/^3 Energisation for .* OTH 251\.00 -25\.10 225\.90/m);
  expect(text).toMatch(/Gotra:\s+Kashyap/);
  // Paid online: 10% off before GST, ₹1,501.00 less ₹150.10.
  expect(text).toMatch(/Taxable value 1,350\.90/);
});
