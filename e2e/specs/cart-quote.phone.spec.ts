import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product, UserInfo } from '@rr/core';
import { expect, startSignedIn, test } from '../fixtures.ts';

/**
 * Issue 32 on a 360 px phone: the cart page quotes the saved cart (a line saved at ₹299 that now costs
 * ₹329 says so, once), with a variant and an extra, for a guest and a customer, in Hindi; and the
 * shipping form sent with errors goes to the first field to fix, an empty pincode saying it is required.
 */

interface Variant {
  _id: string;
  name: string;
  sku: string;
  price: number;
  countInStock: number;
  isDefault?: boolean;
}
type VariantProduct = Product & { variants: Variant[]; addOns: Array<{ _id: string; name: string }> };

/** A mala in two sizes with energisation in the wearer's name. */
function malaInSizes() {
  const sku = `T${randomInt(1e8, 1e9)}`;
  return {
    label: 'Quoted mala',
    price: 1200,
    stock: 10,
    category: 'mala' as const,
    variants: [
      { name: '54 beads', sku: `${sku}-54`, price: 900, countInStock: 5 },
      { name: '108 beads', sku: `${sku}-108`, price: 1200, countInStock: 5, isDefault: true },
    ],
    addOns: [
      {
        name: 'Energisation',
        price: 251,
        service: true,
        fields: [{ name: 'Name', maxLength: 40, required: true }],
      },
    ],
  };
}

/** The owner changes a product as the admin page would: `change` over what it is now. */
async function ownerChanges(
  request: APIRequestContext,
  admin: UserInfo,
  id: string,
  change: (now: Record<string, unknown>) => Record<string, unknown>,
) {
  const now = (await (await request.get(`/api/products/${id}`)).json()) as Record<string, unknown>;
  const { name, image, brand, category, description, price, mrp, countInStock } = now;
  const res = await request.put(`/api/products/${id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: change({ name, image, brand, category, description, price, mrp, countInStock }),
  });
  expect(res.status(), await res.text()).toBe(200);
}

const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

const savedCart = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]') as Array<{
    name: string;
    price: number;
    countInStock: number;
    qty: number;
  }>;

test('a guest’s cart saved at ₹299 shows ₹329 and says so once; a mala with its size and extra says only 2 are left', async ({
  page,
  request,
  admin,
  makeProduct,
}) => {
  const bead = await makeProduct({ label: 'Quoted bead', price: 299, stock: 10 });
  const mala = (await makeProduct(malaInSizes())) as VariantProduct;
  const big = mala.variants.find((v) => v.name === '108 beads')!;
  const puja = mala.addOns[0]!;
  const addOns = encodeURIComponent(JSON.stringify([{ _id: puja._id, values: { Name: 'Ramesh' } }]));

  await page.goto(`/cart/${bead._id}?qty=1`);
  await expect(page).toHaveURL('/cart');
  // The saved cart shows before its quote answers: that quote must be at the old prices too.
  const quoted = page.waitForResponse(
    (r) => r.url().endsWith('/api/orders/quote') && (r.request().postData() ?? '').includes(mala._id),
  );
  await page.goto(`/cart/${mala._id}?qty=3&variant=${big._id}&addOns=${addOns}`);
  await expect(page).toHaveURL('/cart');
  await quoted;
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹4,652.00');
  await expect(page.getByTestId('cart-line-news')).toHaveCount(0);

  // Later the shop raises the bead's price, and the mala's size sells down to 2.
  await ownerChanges(request, admin, bead._id, (now) => ({ ...now, price: 329 }));
  await ownerChanges(request, admin, mala._id, (now) => ({
    ...now,
    variants: mala.variants.map(({ _id, name, sku, price, countInStock, isDefault }) => ({
      _id,
      name,
      sku,
      price,
      countInStock: _id === big._id ? 2 : countInStock,
      ...(isDefault ? { isDefault } : {}),
    })),
    addOns: mala.addOns,
  }));

  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  const beadLine = lines.getByRole('listitem').filter({ hasText: bead.name });
  const malaLine = lines.getByRole('listitem').filter({ hasText: mala.name }).first();
  await expect(beadLine.getByTestId('cart-line-news')).toHaveText('Price changed from ₹299.00 to ₹329.00.');
  await expect(beadLine.getByTestId('cart-line-total')).toHaveText('₹329.00');
  await expect(malaLine.getByTestId('cart-line-news')).toHaveText('Only 2 left: lower the quantity to check out.');
  await expect(malaLine).toContainText('108 beads');
  await expect(malaLine).toContainText('Name: Ramesh');
  // 329 + 3 × (1200 + 251)
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹4,682.00');
  await noWiderThanPhone(page);
  await page.screenshot({ path: test.info().outputPath('cart-changed-360.png'), fullPage: true });
  expect((await savedCart(page)).map((l) => [l.price, l.countInStock])).toEqual([
    [329, 10],
    [1451, 2],
  ]);

  // Lowered to what is left, the mala says nothing more; the next visit does not repeat the price.
  await malaLine.getByRole('combobox', { name: /Quantity of/ }).selectOption('2');
  await expect(malaLine.getByTestId('cart-line-news')).toHaveCount(0);
  await page.reload();
  await expect(beadLine.getByTestId('cart-line-total')).toHaveText('₹329.00');
  await expect(page.getByRole('region', { name: 'Discount code' })).toBeVisible();
  await expect(page.getByTestId('cart-line-news')).toHaveCount(0);

  // Sold out: said on the line.
  await ownerChanges(request, admin, bead._id, (now) => ({ ...now, countInStock: 0 }));
  await page.reload();
  await expect(beadLine.getByTestId('cart-line-news')).toHaveText('Out of stock now: remove it to check out.');
});

test('a signed-in customer’s cart in Hindi says the price changed; without the quote it says prices are confirmed at checkout', async ({
  page,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  const bead = await makeProduct({ label: 'Hindi quoted bead', price: 299, nameHi: 'पंचमुखी रुद्राक्ष' });
  await startSignedIn(page, await makeCustomer('Quoted'));
  // The saved cart shows before its first quote answers: that quote must be at the old price too.
  const firstQuote = page.waitForResponse('**/api/orders/quote');
  await page.goto(`/hi/cart/${bead._id}?qty=2`);
  await expect(page).toHaveURL('/hi/cart');
  await firstQuote;
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹598.00');

  // The quote cannot be had from before the price changes (the open page may ask for it again at any
  // moment, and today's price would then be saved in the cart): the cart shows as saved and says so.
  await page.route('**/api/orders/quote', (route) => route.abort());
  await ownerChanges(request, admin, bead._id, (now) => ({ ...now, price: 329 }));
  await page.reload();
  await expect(page.getByText('आज की कीमतें अभी जाँची नहीं जा सकीं। चेकआउट पर इनकी पुष्टि होगी।')).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹598.00');
  expect((await savedCart(page))[0]!.price).toBe(299);

  await page.unroute('**/api/orders/quote');
  await page.reload();
  await expect(page.getByTestId('cart-line-news')).toHaveText('कीमत ₹299.00 से बदलकर ₹329.00 हो गई है।');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹658.00');
  await expect(page.getByText('आज की कीमतें अभी जाँची नहीं जा सकीं।', { exact: false })).toHaveCount(0);
  await noWiderThanPhone(page);
  await page.screenshot({ path: test.info().outputPath('cart-changed-hindi-360.png'), fullPage: true });
});

/** Whether the element is focused and shows below the fixed header, inside the screen. */
async function focusedBelowHeader(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toBeFocused();
  const headerBottom = await page.getByRole('banner').evaluate((h) => h.getBoundingClientRect().bottom);
  const labelBox = await page.locator('label', { hasText: label }).first().boundingBox();
  const fieldBox = await field.boundingBox();
  expect(labelBox!.y).toBeGreaterThanOrEqual(headerBottom);
  expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(740);
}

test('the shipping form sent with errors goes to the first field to fix; an empty pincode is required', async ({
  page,
  makeCustomer,
}) => {
  await startSignedIn(page, await makeCustomer('Focused'));
  await page.goto('/shipping');
  const name = page.getByLabel("Recipient's Name");
  await expect(name).not.toHaveValue('');
  // Continue is at the foot of the form, below the first screen.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Postal code is required')).toBeVisible();
  await focusedBelowHeader(page, 'Address');

  await page.getByLabel('Address', { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByRole('button', { name: 'Continue' }).click();
  await focusedBelowHeader(page, 'Postal Code');
  await expect(page.getByLabel('Postal Code')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('shipping-errors-360.png') });

  // The name emptied is first again, scrolled back up to.
  await name.fill('');
  await page.getByLabel('Postal Code').fill('221001');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  await focusedBelowHeader(page, "Recipient's Name");
  await expect(page).toHaveURL('/shipping');
});

test('in Hindi the shipping form says an empty pincode is required, and goes to it', async ({ page, makeCustomer }) => {
  await startSignedIn(page, await makeCustomer('Pincode'));
  await page.goto('/hi/shipping');
  await page.getByLabel('पता', { exact: true }).fill('12 Example Lane, Godowlia');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(page.getByText('पिनकोड ज़रूरी है')).toBeVisible();
  await focusedBelowHeader(page, 'पिनकोड');
  await noWiderThanPhone(page);
});
