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

test('an admin sets gems to 3% GST and a gem’s saving badge follows', async ({ page, request }) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const gem = (await allProducts(request)).find((p) => p.category === 'gems' && p.mrp !== null)!;
  const at18 = discountPercent(gem.price, gem.mrp, 18)!;
  const at3 = discountPercent(gem.price, gem.mrp, 3)!;
  expect(at3).toBeGreaterThan(at18);

  try {
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
  } finally {
    await setGems(request, admin.token, 18);
  }
});
