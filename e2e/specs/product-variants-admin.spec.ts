// Issue 25: the admin gives a product variants and an add-on in its edit page, and the shop shows them.
import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { Product } from '@rr/core';
import { expect, startSignedIn, test } from '../fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function fillVariant(
  row: Locator,
  values: { name: string; sku: string; price: string; stock: string; size: string },
) {
  await row.getByLabel('Name', { exact: true }).fill(values.name);
  await row.getByLabel('SKU').fill(values.sku);
  await row.getByLabel('Price', { exact: true }).fill(values.price);
  await row.getByLabel('Stock').fill(values.stock);
  await row.getByLabel('Size (mm)').fill(values.size);
}

test('an admin gives a product two sizes and energisation with a name field, and the product page offers them', async ({
  page,
  admin,
  request,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'variant bead', price: 500, stock: 5 });
  const tag = randomInt(1e5, 1e6);
  await startSignedIn(page, admin);
  await page.goto(`/admin/product/${product._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Variants' })).toBeVisible();

  // The first variant starts from the product's own price and stock.
  await page.getByRole('button', { name: 'Add variant' }).click();
  const first = card(page, 'Variant 1');
  await expect(first.getByLabel('Price', { exact: true })).toHaveValue('500');
  await expect(first.getByLabel('Name', { exact: true })).toBeFocused();
  await fillVariant(first, { name: '18 mm', sku: `E2E-${tag}-18`, price: '500', stock: '3', size: '18' });
  await page.getByRole('button', { name: 'Add variant' }).click();
  await fillVariant(card(page, 'Variant 2'), {
    name: '20 mm',
    sku: `E2E-${tag}-20`,
    price: '750',
    stock: '2',
    size: '20',
  });
  // The product's own figures follow the variants and cannot be typed over.
  await expect(page.getByLabel('Count In Stock')).toHaveValue('5');
  await expect(page.getByLabel('Count In Stock')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Add add-on' }).click();
  const energisation = card(page, 'Add-on 1');
  await energisation.getByLabel('Name', { exact: true }).fill('Energisation (puja)');
  await energisation.getByLabel('Price', { exact: true }).fill('251');
  await energisation.getByLabel('A service').check();
  await energisation.getByLabel('SAC code').fill('999795');
  await energisation.getByRole('button', { name: 'Add a text field to add-on 1' }).click();
  const nameField = card(page, 'Field 1');
  await nameField.getByLabel('Name', { exact: true }).fill("Wearer's name");
  await nameField.getByLabel('Max length').fill('40');
  await nameField.getByLabel('Required').check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('edit-variants-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');

  const saved = (await (await request.get(`/api/products/${product._id}`)).json()) as Product;
  expect(saved.variants.map((v) => [v.name, v.sku, v.price, v.countInStock, v.isDefault])).toEqual([
    ['18 mm', `E2E-${tag}-18`, 500, 3, true],
    ['20 mm', `E2E-${tag}-20`, 750, 2, false],
  ]);
  expect(saved.addOns).toEqual([
    expect.objectContaining({
      name: 'Energisation (puja)',
      price: 251,
      service: true,
      hsnCode: '999795',
      fields: [{ name: "Wearer's name", maxLength: 40, required: true }],
    }),
  ]);
  expect([saved.price, saved.countInStock]).toEqual([500, 5]);

  // The shop offers both sizes, the add-on and its field.
  await page.goto(`/product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByText('20 mm').first()).toBeVisible();
  // An add-on is a checkbox with its price; its field shows once it is chosen.
  await main.getByRole('checkbox', { name: /Energisation \(puja\)/ }).check();
  await expect(main.getByLabel("Wearer's name")).toBeVisible();

  // Opened again, the rows are the saved ones, in order, and the add-on can be limited to a saved size.
  await page.goto(`/admin/product/${product._id}/edit`);
  await expect(card(page, 'Variant 2').getByLabel('Name', { exact: true })).toHaveValue('20 mm');
  await expect(card(page, 'Variant 1').getByRole('radio', { name: 'Default variant' })).toBeChecked();
  await expect(card(page, 'Field 1').getByLabel('Name', { exact: true })).toHaveValue("Wearer's name");
  await card(page, 'Add-on 1').getByRole('group', { name: 'Only with these variants' }).getByLabel('20 mm').check();
  await page.getByRole('button', { name: 'Move variant 2 up' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');
  const again = (await (await request.get(`/api/products/${product._id}`)).json()) as Product;
  expect(again.variants.map((v) => v.name)).toEqual(['20 mm', '18 mm']);
  expect(again.addOns[0]!.variants).toEqual([again.variants[0]!._id]);
});

test("the server's refusal of a variant shows at that variant's input", async ({
  page,
  admin,
  request,
  makeProduct,
}) => {
  const tag = randomInt(1e5, 1e6);
  // Another product holds the SKU first: SKUs are unique across the shop.
  const other = await makeProduct({ label: 'sku holder' });
  const held = await request.put(`/api/products/${other._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { variants: [{ name: 'One size', sku: `E2E-${tag}-X`, price: 450, countInStock: 1 }] },
  });
  expect(held.status()).toBe(200);
  const product = await makeProduct({ label: 'variant bead' });
  await startSignedIn(page, admin);
  await page.goto(`/admin/product/${product._id}/edit`);
  await page.getByRole('button', { name: 'Add variant' }).click();
  await fillVariant(card(page, 'Variant 1'), {
    name: '18 mm',
    sku: `E2E-${tag}-A`,
    price: '450',
    stock: '1',
    size: '',
  });
  await page.getByRole('button', { name: 'Add variant' }).click();
  await fillVariant(card(page, 'Variant 2'), {
    name: '20 mm',
    sku: `E2E-${tag}-X`,
    price: '600',
    stock: '1',
    size: '',
  });
  await page.getByRole('button', { name: 'Update' }).click();

  const sku = card(page, 'Variant 2').getByLabel('SKU');
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  await expect(card(page, 'Variant 1').getByLabel('SKU')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(card(page, 'Variant 2').getByText(`Another product's variant has the SKU E2E-${tag}-X`)).toBeVisible();
  await expect(page.getByText('Please correct the fields marked above.')).toBeVisible();
  await expect(page).toHaveURL(`/admin/product/${product._id}/edit`);
});

test('on a 360 px phone the variant and add-on cards fit the screen and pass axe', async ({
  page,
  admin,
  makeProduct,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const product = await makeProduct({ label: 'phone variant bead' });
  await startSignedIn(page, admin);
  await page.goto(`/admin/product/${product._id}/edit`);
  await page.getByRole('button', { name: 'Add variant' }).click();
  await page.getByRole('button', { name: 'Add variant' }).click();
  await page.getByRole('button', { name: 'Add add-on' }).click();
  await card(page, 'Add-on 1').getByLabel('A service').check();
  await page.getByRole('button', { name: 'Add a text field to add-on 1' }).click();
  // Nothing sideways: the page is as wide as the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const price = card(page, 'Variant 2').getByLabel('Price', { exact: true });
  const box = await price.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('edit-variants-360.png'), fullPage: true });
});
