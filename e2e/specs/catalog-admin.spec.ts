import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product, UserInfo } from '@rr/core';
import { ADMIN, CUSTOMER, TEST_PRODUCT_PREFIX, expect, login, startSignedIn, test } from '../fixtures.ts';

/** A real 8x8 saffron PNG, so the preview and the shop can show it. */
const PNG_8X8 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO42aSNFTEMLQkARIJhgQTR3jsAAAAASUVORK5CYII=';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function signedInAdmin(page: Page, request: APIRequestContext): Promise<UserInfo> {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  await startSignedIn(page, admin);
  return admin;
}

/** A draft straight from the API, for tests that only need some product to edit. */
async function createDraft(request: APIRequestContext, admin: UserInfo): Promise<Product> {
  const res = await request.post('/api/products', { headers: { authorization: `Bearer ${admin.token}` }, data: {} });
  expect(res.status()).toBe(201);
  return (await res.json()) as Product;
}

test('an admin creates a product, edits it with an uploaded image, sees it in the shop and deletes it', async ({
  page,
  request,
}, testInfo) => {
  await signedInAdmin(page, request);
  // Tests' products never contain 'rudraksha': other tests count the demo catalog's matches for it.
  const name = `${TEST_PRODUCT_PREFIX}Tulsi Kanthi Mala ${randomInt(1e5, 1e6)}`;

  await page.goto('/admin/productlist');
  await expect(page).toHaveTitle('Products | Rudraksha Ratna');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Products' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'NAME',
    'STATE',
    'PRICE',
    'STOCK',
    'CATEGORY',
    'BRAND',
    'Actions',
  ]);
  await expect(table.getByRole('row')).toHaveCount(13);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }),
  ).toHaveAttribute('href', '/admin/productlist/2');

  // Create: a draft, opened in its edit page.
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/admin\/product\/[0-9a-f-]{36}\/edit$/);
  const id = page.url().split('/').at(-2)!;
  await expect(page).toHaveTitle('Edit Product | Rudraksha Ratna');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/admin/productlist');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('New product');
  await expect(page.getByLabel('Price')).toHaveAttribute('type', 'number');
  await expect(page.getByLabel('Count In Stock')).toHaveAttribute('type', 'number');
  await expect(page.getByLabel('Category').locator('option')).toHaveText([
    'Select Category',
    'Gems',
    'Mala',
    'Rudraksha',
  ]);

  // The same rules as the server, before anything is sent.
  await page.getByLabel('Name', { exact: true }).fill(' ');
  await page.getByLabel('Price').fill('1499.50');
  await page.getByLabel('MRP').fill('999');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('MRP must not be below the price with GST (the MRP includes every tax)')).toBeVisible();
  await expect(page).toHaveURL(`/admin/product/${id}/edit`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('MRP').fill('1999');
  await page.getByLabel('Brand').fill('Ratna Test Works');
  await page.getByLabel('Count In Stock').fill('4');
  await page.getByLabel('Category').selectOption('mala');
  await page.getByLabel('Description', { exact: true }).fill('Hand-knotted tulsi beads.\nMade for this test.');

  // Issue 23: a new product is a draft until the admin publishes it (the switch has its own test).
  await page.getByRole('radio', { name: /^Published/ }).check();

  // Upload: the path of the stored WebP (the 720 px one) comes back into the Image field, with a preview.
  const png = testInfo.outputPath('bead.png');
  await writeFile(png, Buffer.from(PNG_8X8, 'base64'));
  await page.getByLabel('Upload Image').setInputFiles(png);
  await expect(page.getByText('Image uploaded')).toBeVisible();
  const imageField = page.getByLabel('Image', { exact: true });
  await expect(imageField).toHaveValue(/^\/uploads\/[\w-]+-w720\.webp$/);
  const image = await imageField.inputValue();
  const preview = page.getByRole('img', { name: 'Preview of the product image' });
  await expect(preview).toHaveAttribute('src', image);
  // Stored as WebP, never enlarged: still 8 pixels wide.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');
  // Newest first: the product leads the list with its new values.
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(rupees(1499.5));
  await expect(row).toContainText('Mala');
  await expect(row).toContainText('Ratna Test Works');
  await expect(row).toContainText(id);

  // The shop shows it.
  await page.getByRole('combobox', { name: 'Search products' }).fill(name);
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
  await expect(page.locator('main article')).toHaveCount(1);
  await page.locator('main article').getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByText(rupees(1499.5)).first()).toBeVisible();
  const picture = page.getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', image);
  // With every stored width to choose from, each of which the server has.
  const urlOf = (width: number) => image.replace('-w720.webp', `-w${width}.webp`);
  await expect(picture).toHaveAttribute('srcset', [320, 720, 1200].map((w) => `${urlOf(w)} ${w}w`).join(', '));
  for (const w of [320, 720, 1200]) expect((await request.get(urlOf(w))).headers()['content-type']).toBe('image/webp');
  await expect(page.getByText('In Stock')).toBeVisible();
  const stored = (await (await request.get(`/api/products/${id}`)).json()) as Product;
  expect(stored).toMatchObject({ name, price: 1499.5, mrp: 1999, image, category: 'mala', countInStock: 4 });

  // Delete: cancelling the prompt keeps it; accepting removes it.
  await page.goto('/admin/productlist');
  const remove = page.getByRole('button', { name: `Delete ${name}` });
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure');
    void dialog.dismiss();
  });
  await remove.click();
  await expect(remove).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await remove.click();
  await expect(page.getByText('Product removed')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.goto(`/search/${encodeURIComponent(name)}`);
  await expect(page.getByText('No products found. Try a different keyword/category.')).toBeVisible();
  expect((await request.get(`/api/products/${id}`)).status()).toBe(404);
});

// Issue 23: a new product went live on its first save. The switch decides, and a draft is nowhere in the shop.
test('a product saved as a draft stays out of the shop until the admin publishes it', async ({ page, request }) => {
  const admin = await signedInAdmin(page, request);
  const draft = await createDraft(request, admin);
  const name = `${TEST_PRODUCT_PREFIX}Switch Bead ${randomInt(1e5, 1e6)}`;
  const search = async () => {
    await page.goto(`/search/${encodeURIComponent(name)}`);
    return page.locator('main article');
  };

  await page.goto(`/admin/product/${draft._id}/edit`);
  const draftChoice = page.getByRole('radio', { name: /^Draft/ });
  const publishedChoice = page.getByRole('radio', { name: /^Published/ });
  await expect(draftChoice).toBeChecked();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Count In Stock').fill('3');
  // Publishing with the placeholder picture is warned about.
  await publishedChoice.check();
  await expect(page.getByText('This product has no picture yet')).toBeVisible();
  await draftChoice.check();
  await expect(page.getByText('This product has no picture yet')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');
  const row = page.getByRole('region', { name: 'Products' }).getByRole('row').filter({ hasText: name });
  // Issue 32: the state in a column of its own (the third).
  await expect(row.getByRole('cell').nth(2)).toHaveText('Draft not in the shop until published');
  await expect(await search()).toHaveCount(0);
  await expect(page.getByText('No products found. Try a different keyword/category.')).toBeVisible();

  await page.goto(`/admin/product/${draft._id}/edit`);
  await expect(draftChoice).toBeChecked();
  await publishedChoice.check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');
  await expect(row).not.toContainText('Draft');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Published');
  await expect(await search()).toHaveCount(1);

  // Taken down again: gone from the shop, still opening by its address.
  await page.goto(`/admin/product/${draft._id}/edit`);
  await expect(publishedChoice).toBeChecked();
  await draftChoice.check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');
  await expect(await search()).toHaveCount(0);
  expect(((await (await request.get(`/api/products/${draft._id}`)).json()) as Product).isDraft).toBe(true);
  await request.delete(`/api/products/${draft._id}`, { headers: { authorization: `Bearer ${admin.token}` } });
});

test('the upload takes only images, and the page says why', async ({ page, request }, testInfo) => {
  const admin = await signedInAdmin(page, request);
  const draft = await createDraft(request, admin);
  try {
    await page.goto(`/admin/product/${draft._id}/edit`);
    const upload = page.getByLabel('Upload Image');
    await expect(upload).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    // A text file, whatever its name says, is refused by the server.
    const notes = testInfo.outputPath('bead.png.txt');
    await writeFile(notes, 'not an image at all');
    await upload.setInputFiles(notes);
    await expect(page.getByRole('alert')).toHaveText('Upload a JPEG, PNG or WebP image');
    await expect(page.getByLabel('Image', { exact: true })).toHaveValue(draft.image);

    // Too large: answered at once, without sending it.
    let sent = false;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/upload')) sent = true;
    });
    await upload.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from(PNG_8X8, 'base64'), Buffer.alloc(2 * 1024 * 1024)]),
    });
    await expect(page.getByRole('alert')).toHaveText('The image must be at most 2 MB');
    expect(sent).toBe(false);
  } finally {
    await request.delete(`/api/products/${draft._id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  }
});

test('a customer opening the admin product pages is sent to sign in', async ({ page, request }) => {
  const customer = await login(request, CUSTOMER.phone, CUSTOMER.password);
  await startSignedIn(page, customer);
  await page.goto('/admin/productlist');
  await expect(page).toHaveURL('/login?redirect=/admin/productlist');
  await page.goto('/admin/productlist/2');
  await expect(page).toHaveURL('/login?redirect=/admin/productlist/2');
  // The server refuses too.
  const res = await request.post('/api/products', { headers: { authorization: `Bearer ${customer.token}` }, data: {} });
  expect(res.status()).toBe(403);
});
