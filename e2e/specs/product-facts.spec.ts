// Issue 14: "Notify me when back in stock" for a guest, told once by SMS when an admin restocks; the
// product page with several pictures and its facts on a desktop.
import type { ProductList } from '@rr/core';
import { expect, newPhone, test } from '../fixtures.ts';

test('a guest asks to be told when a sold-out product is back, and gets one SMS when it is', async ({
  page,
  request,
  admin,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'sold-out bead', stock: 0 });
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();

  const phone = newPhone();
  const ask = page.getByRole('form', { name: 'Notify me when back in stock' });
  await ask.getByRole('button', { name: 'Notify me when back in stock' }).click();
  await expect(ask.getByText('Enter your mobile number')).toBeVisible();
  await ask.getByLabel('Mobile number').fill(`+91 ${phone}`);
  await ask.getByRole('button', { name: 'Notify me when back in stock' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We will text XXXXXX${phone.slice(-4)}` })).toBeVisible();

  const restock = await request.put(`/api/products/${product._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { countInStock: 4 },
  });
  expect(restock.status()).toBe(200);
  await expect(async () => {
    const sms = (await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as {
      messages: Array<{ kind: string; text: string }>;
    };
    expect(sms.messages.map((m) => m.kind)).toEqual(['back_in_stock']);
    expect(sms.messages[0]!.text).toContain(`${product.name} is back in stock`);
  }).toPass({ timeout: 10_000 });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
  await expect(page.getByRole('form', { name: 'Notify me when back in stock' })).toHaveCount(0);
});

test('a product with several pictures on a desktop: thumbnails, buttons and the facts table', async ({
  page,
  request,
}) => {
  const found = (await (await request.get('/api/products?keyword=Manik')).json()) as ProductList;
  const ruby = found.products.find((p) => p.name.startsWith('Natural Ruby'))!;
  await page.goto(`/product/${ruby._id}`);
  const gallery = page.getByRole('region', { name: /Pictures of Natural Ruby/ });
  const first = gallery.getByRole('img', { name: 'Natural Ruby (Manik) 5.25 Ratti', exact: true });
  const before = await first.boundingBox();
  await gallery.getByRole('button', { name: 'Show picture 3' }).click();
  await expect(gallery.getByText('3 / 3')).toBeVisible();
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(gallery.getByText('1 / 3')).toBeVisible();
  // The gallery's box does not change as pictures come and go.
  expect((await first.boundingBox())?.height).toBe(before?.height);
  await expect(page.getByRole('table').getByRole('row', { name: /Planet/ })).toContainText('Sun');
  await page.screenshot({ path: test.info().outputPath('product-page-desktop.png'), fullPage: true });
});
