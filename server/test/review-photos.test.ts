/**
 * Issue 28: customers upload photos for their reviews (stored like product pictures, with location
 * data and every other piece of metadata left out), and a review keeps up to three of them, each a
 * picture this shop stored.
 */
import type { Product } from '@rr/core';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, storedFiles } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let customer: make.Customer;

beforeAll(async () => {
  t = await createTestApp();
  customer = await make.customer(t, { name: 'Kavya Menon' });
});
afterAll(async () => {
  await t?.close();
});

/** POST /api/upload/review-photo with one file in the field `image`. */
function upload(bytes: Buffer, token: string | null = customer.token, contentType = 'image/jpeg') {
  const boundary = '----rr-review-photo';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="IMG_0042.jpg"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/review-photo',
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  });
}

/** A phone's photo: a JPEG that says where it was taken (EXIF GPS) and on which phone. */
const phonePhoto = (background = '#446688') =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Secret Model 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '27/1 42/1 3600/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '85/1 18/1 0/1',
      },
    })
    .toBuffer();

/** The GPS IFD pointer (tag 0x8825) in either byte order. */
const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function uploaded(background?: string): Promise<string> {
  const res = await upload(await phonePhoto(background));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ image: string }>().image;
}

const review = (id: string, payload: object, token = customer.token) =>
  t.app.inject({ method: 'POST', url: `/api/products/${id}/reviews`, headers: bearer(token), payload });
const storedCount = async () => (await t.db.select({ name: storedFiles.name }).from(storedFiles)).length;

describe('POST /api/upload/review-photo', () => {
  it("stores a customer's JPEG in every width without its GPS location or any other metadata", async () => {
    const original = await phonePhoto();
    expect(hasGpsTag((await sharp(original).metadata()).exif!)).toBe(true);
    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json<{ image: string }>();
    expect(image).toMatch(/^\/uploads\/[0-9a-f]{32}-w720\.webp$/);
    for (const url of [image, image.replace('-w720', '-w320'), image.replace('-w720', '-w1200')]) {
      const served = await t.app.inject({ url });
      expect(served.statusCode, url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.icc, url).toBeUndefined();
      expect(served.rawPayload.includes('Secret Model 9')).toBe(false);
    }
  });

  it('needs a signed-in customer (401) and refuses what is not an image (400) or too large (413), storing nothing', async () => {
    const before = await storedCount();
    expect((await upload(await phonePhoto(), null)).statusCode).toBe(401);
    const text = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), customer.token, 'image/svg+xml');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'NOT_AN_IMAGE' });
    const huge = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(9 * 1024 * 1024, 7)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: 'The image must be at most 8 MB',
      code: 'IMAGE_TOO_LARGE',
      details: { megabytes: 8 },
    });
    expect(await storedCount()).toBe(before);
  });
});

describe('review photos', () => {
  it('a review keeps its uploaded photos and the product answers them', async () => {
    const id = await make.product(t);
    const photos = [await uploaded('#aa3311'), await uploaded('#11aa33')];
    const res = await review(id, { rating: 5, comment: 'Arrived well packed.', photos });
    expect(res.statusCode, res.body).toBe(201);
    const product = (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
    expect(product.reviews[0]!.photos).toEqual(photos);
    // A review without photos answers an empty list.
    const other = await make.customer(t);
    expect((await review(id, { rating: 4, comment: 'Fine.' }, other.token)).statusCode).toBe(201);
    const again = (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();
    expect(again.reviews.map((r) => r.photos)).toEqual([[], photos]);
  });

  it.each([
    [
      'four photos',
      async () => Promise.all(['#010101', '#020202', '#030303', '#040404'].map(uploaded)),
      'at most 3 photos',
    ],
    ['another site’s picture', async () => ['https://evil.example/p.jpg'], 'pictures uploaded to this shop'],
    [
      'a path elsewhere on this site',
      async () => ['/images/products/ruby-w720.webp'],
      'pictures uploaded to this shop',
    ],
    ['an address nothing was stored at', async () => [`/uploads/${'0'.repeat(32)}-w720.webp`], 'upload each one again'],
    ['not a list', async () => 'photo.jpg', 'photos must be a list'],
  ])('refuses %s with 400 and writes no review', async (_, photos, message) => {
    const id = await make.product(t);
    const res = await review(id, { rating: 4, comment: 'Nice.', photos: await photos() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, id))).toEqual([]);
  });
});
