import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { discountPercent } from '@rr/core';
import { ADMIN, allProducts, expect, login, startSignedIn, test } from '../fixtures.ts';

async function setGems(request: APIRequestContext, token: string, gstPercent: number) {
  const res = await request.put('/api/categories/gems', {
    headers: { authorization: `Bearer ${token}` },
    data: { gstPercent },
  });
  expect(res.status()).toBe(200);
}

/** Sets a product's own GST rate (null: its category's), as the admin form does. */
async function setOwnRate(request: APIRequestContext, token: string, id: string, gstPercent: number | null) {
  const res = await request.put(`/api/products/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { gstPercent },
  });
  expect(res.status()).toBe(200);
}

test('an admin sets gems to 3% GST and a gem’s saving badge follows', async ({ page, request }) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const gem = (await allProducts(request)).find((p) => p.category === 'gems' && p.mrp !== null)!;
  const ownRate = gem.gstPercent;
  const at18 = discountPercent(gem.price, gem.mrp, 18)!;
  const at3 = discountPercent(gem.price, gem.mrp, 3)!;
  expect(at3).toBeGreaterThan(at18);

  try {
    // Demo gems have their own rate (decision 0037): this one takes its category's for the test.
    await setOwnRate(request, admin.token, gem._id, null);
    await startSignedIn(page, admin);
    await page.goto(`/product/${gem._id}`);
    await expect(page.getByText(`${at18}% off`)).toBeVisible();
    await expect(page.getByText('18% GST is added at checkout.')).toBeVisible();

    await page.getByRole('button', { name: ADMIN.name }).click();
    await page.getByRole('link', { name: 'Categories & GST' }).click();
    await expect(page).toHaveURL('/admin/categories');
    await expect(page).toHaveTitle('Categories & GST | Rudraksha Ratna');
    const gems = page.getByRole('region', { name: 'Gems' });
    await expect(gems.getByLabel('HSN code')).toHaveValue('7103');
    await expect(gems.getByLabel('GST rate')).toHaveValue('18');
    await expect(
      page.getByText("GST rates and HSN codes are the owner's to confirm with their accountant."),
    ).toBeVisible();
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => v.id)).toEqual([]);
    await gems.getByLabel('GST rate').selectOption('3');
    await gems.getByRole('button', { name: 'Save Gems' }).click();
    await expect(page.getByText('Saved: Gems is taxed at 3%.')).toBeVisible();

    await page.goto(`/product/${gem._id}`);
    await expect(page.getByText(`${at3}% off`)).toBeVisible();
    await expect(page.getByText('3% GST is added at checkout.')).toBeVisible();

    // Its own rate on the edit form, the category's shown as the default, wins over the category's.
    await page.goto(`/admin/product/${gem._id}/edit`);
    await expect(page.getByRole('note')).toHaveText(
      "GST rates and HSN codes are the owner's to confirm with their accountant.",
    );
    await expect(page.getByLabel('HSN code', { exact: true })).toHaveAttribute('placeholder', '7103');
    await page.getByLabel('GST rate', { exact: true }).selectOption('0.25');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/productlist');
    await page.goto(`/product/${gem._id}`);
    await expect(page.getByText('0.25% GST is added at checkout.')).toBeVisible();
  } finally {
    await setGems(request, admin.token, 18);
    await setOwnRate(request, admin.token, gem._id, ownRate === 18 ? null : ownRate);
  }
});
