// Issue 14: "Notify me when back in stock" for a guest, told once by SMS when an admin restocks; the
// product page with several pictures and its facts on a desktop.
import type { ProductList } from '@rr/core';
import { expect, newPhone, startSignedIn, test } from '../fixtures.ts';

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

/**
 * Two real 8x8 PNGs of different colours (an upload's address is made from its content, so the same
 * picture twice is one picture) and a tiny PDF, so uploads go through the server's checks.
 */
const PNG_8X8 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mO42aSNFTEMLQkARIJhgQTR3jsAAAAASUVORK5CYII=';
const OTHER_PNG_8X8 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQj1+AFTEMLQkA0B1Hgcm50QUAAAAASUVORK5CYII=';
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

test('an admin fills in the facts, adds and orders pictures and a certificate; the shop shows them', async ({
  page,
  admin,
  makeProduct,
}) => {
  const product = await makeProduct({ label: 'faceted gem', category: 'gems', stock: 3 });
  await startSignedIn(page, admin);
  await page.goto(`/admin/product/${product._id}/edit`);

  const facts = page.getByRole('group', { name: 'Product facts' });
  await facts.getByLabel('Origin').fill('Sri Lanka');
  await facts.getByLabel('Size (mm)').fill('8.5');
  await facts.getByLabel('Weight (carats)').fill('4.55');
  await expect(facts.getByText('5 ratti (0.91 ct a ratti)')).toBeVisible();
  await facts.getByLabel('Planet').selectOption('Saturn');
  await facts.getByLabel('Certificate lab').fill('Demo Gem Testing Lab, Jaipur');
  await facts.getByLabel('Certificate number').fill('E2E-1');
  await facts.getByLabel('Mukhi').fill('30');

  const picture = { name: 'p.png', mimeType: 'image/png', buffer: Buffer.from(PNG_8X8, 'base64') };
  await facts.getByLabel('Add Picture').setInputFiles(picture);
  await expect(facts.getByRole('img', { name: 'Picture 2' })).toBeVisible();
  await facts
    .getByLabel('Add Picture')
    .setInputFiles({ ...picture, name: 'q.png', buffer: Buffer.from(OTHER_PNG_8X8, 'base64') });
  await expect(facts.getByRole('img', { name: 'Picture 3' })).toBeVisible();
  const second = await facts.getByRole('img', { name: 'Picture 3' }).getAttribute('src');
  await facts.getByRole('button', { name: 'Move picture 3 earlier' }).click();
  await expect(facts.getByRole('img', { name: 'Picture 2' })).toHaveAttribute('src', second!);

  await facts
    .getByLabel('Upload Certificate')
    .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
  await expect(facts.getByLabel('Certificate file')).toHaveValue(/^\/certificates\/[\w-]+\.pdf$/);

  await page.setViewportSize({ width: 360, height: 740 });
  await facts.screenshot({ path: test.info().outputPath('admin-facts-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The schema in core refuses a mukhi out of range before anything is sent.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(facts.getByText('mukhi must be from 1 to 21')).toBeVisible();
  await facts.getByLabel('Mukhi').fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/admin/productlist');

  await page.goto(`/product/${product._id}`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Weight/ })).toContainText('4.55 carats (5 ratti');
  await expect(table.getByRole('row', { name: /Planet/ })).toContainText('Saturn');
  await expect(table.getByRole('row', { name: /Mukhi/ })).toHaveCount(0);
  const gallery = page.getByRole('region', { name: /Pictures of Test faceted gem/ });
  await expect(gallery.getByText('1 / 3')).toBeVisible();
  await gallery.getByRole('button', { name: 'Show picture 2' }).click();
  await expect(gallery.getByRole('img', { name: /picture 2$/ })).toHaveAttribute('src', second!);
  const certificate = await table.getByRole('link', { name: /View certificate/ }).getAttribute('href');
  expect((await page.request.get(certificate!)).headers()['content-type']).toContain('application/pdf');
});
