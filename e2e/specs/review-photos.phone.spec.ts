import { crc32, deflateSync } from 'node:zlib';
import { reviewFormPath } from '@rr/core';
import { ADMIN, expect, login, placeCodOrder, startSignedIn, test } from '../fixtures.ts';
import { en } from '../../web/src/i18n/en.ts';

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A saffron photo of 640 x 480 pixels, as a PNG made here (no image library in the e2e workspace). */
function photo(): Buffer {
  const [width, height] = [640, 480];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xd9, 0x82, 0x2b]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a customer opens the review link of a delivered order on a phone and reviews with a photo', async ({
  page,
  request,
  makeProduct,
  makeCustomer,
}) => {
  const product = await makeProduct({ label: 'Reviewed mala', category: 'mala', price: 300 });
  const customer = await makeCustomer('Photo');
  const order = await placeCodOrder(request, customer, product._id);
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const delivered = await request.put(`/api/orders/${order._id}/deliver`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(delivered.status()).toBe(200);

  await startSignedIn(page, customer);
  // The link of the review request the delivery wrote (sent REVIEW_REQUEST_DAYS later).
  await page.goto(reviewFormPath(product._id));
  const rating = page.getByLabel('Rating');
  await expect(rating).toBeFocused();
  await expect(rating).toBeInViewport();

  await rating.selectOption({ label: '5 - Excellent' });
  await page.getByLabel('Comment').fill('Smooth beads, and the thread is strong.');
  await page
    .getByLabel('Add photos (up to 3)')
    .setInputFiles({ name: 'mala.png', mimeType: 'image/png', buffer: photo() });
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();

  await page.reload();
  // The reviews are taken over a task after the page, and then show this customer's thank-you where the
  // server (which knows no session) drew the sign-in line: the photos' elements are the live ones after it.
  await expect(page.getByText(en['review.done'])).toBeVisible();
  const photos = page.getByRole('list', { name: `Photos by ${customer.name}` });
  const thumbnail = photos.getByRole('img');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail).toBeVisible();
  // The picture really loaded (lazy, once near the screen), and a tap shows it larger (its own 640 pixels).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(photos.getByRole('link')).toHaveAttribute('href', /-w1200\.webp$/);
  await thumbnail.click();
  const large = page.getByRole('dialog').getByRole('img', { name: `Photo 1 by ${customer.name}` });
  await expect(large).toBeVisible();
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});
