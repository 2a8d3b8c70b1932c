import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_WIDTHS, responsiveImage } from '@rr/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const stored = () => readdirSync(uploadsDir()).sort();

/** A multipart body with one file in the field `image`. */
function upload(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----rr-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a3b1f' } });

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header says 30000 x 30000: decoding it would take 2.7 GB. */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(90_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectStoredWidths(image: string, expected: number[]) {
  expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}-w720\.webp$/);
  const { srcSet } = responsiveImage(image);
  const urls = srcSet!.split(', ').map((entry) => entry.split(' ')[0]!);
  expect(urls).toHaveLength(IMAGE_WIDTHS.length);
  for (const [i, url] of urls.entries()) {
    const served = await t.app.inject({ url });
    expect(served.statusCode, url).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width, url).toBe(expected[i]);
  }
}

describe('POST /api/upload', () => {
  it.each([
    ['png', () => picture(1600, 1000).png().toBuffer(), 'bead.png', 'image/png'],
    ['jpeg', () => picture(1600, 1000).jpeg().toBuffer(), 'bead.jpeg', 'image/jpeg'],
    ['webp', () => picture(1600, 1000).webp().toBuffer(), 'bead.webp', 'image/webp'],
    ['png named .jpg', () => picture(1600, 1000).png().toBuffer(), 'photo.jpg', 'image/jpeg'],
  ])('stores a %s as WebP 320, 720 and 1200 wide and returns the 720 one', async (_, build, filename, type) => {
    const res = await upload(await build(), filename, type);
    expect(res.statusCode).toBe(201);
    const { image } = res.json<{ image: string }>();
    await expectStoredWidths(image, [320, 720, 1200]);
    const middle = await sharp(await readFile(path.join(t.config.dataDir, image))).metadata();
    expect([middle.width, middle.height]).toEqual([720, 450]);
  });

  it('never enlarges: a 400 pixel picture is stored 320 wide and at its own 400 for the wider two', async () => {
    const res = await upload(await picture(400, 300).png().toBuffer(), 'small.png', 'image/png');
    expect(res.statusCode).toBe(201);
    await expectStoredWidths(res.json<{ image: string }>().image, [320, 400, 400]);
  });

  it('leaves out EXIF and ICC metadata and turns the picture upright by its orientation first', async () => {
    const tagged = await picture(1000, 500)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Shop owner', Copyright: 'Secret location 27.7N 85.3E' } })
      .withIccProfile('p3')
      .toBuffer();
    const sideways = await sharp(tagged).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();

    const res = await upload(sideways, 'phone.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { image } = res.json<{ image: string }>();
    for (const name of [image, image.replace('-w720', '-w1200'), image.replace('-w720', '-w320')]) {
      const bytes = await readFile(path.join(t.config.dataDir, name));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(bytes.includes('Secret location')).toBe(false);
    }
    // Orientation 6 is a quarter turn: the 1000 x 500 picture is 500 wide, 1000 tall once upright.
    const upright = await sharp(await readFile(path.join(t.config.dataDir, image))).metadata();
    expect([upright.width, upright.height]).toEqual([500, 1000]);
  });

  it.each([
    [Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.svg', 'image/svg+xml'],
    [Buffer.from('just text pretending'), 'notes.png', 'image/png'],
    [Buffer.from('<?php echo 1; ?>'), 'shell.jpg', 'image/jpeg'],
    // The right first bytes and nothing readable after them.
    [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]), 'fake.jpg', 'image/jpeg'],
    [
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 2)]),
      'x.webp',
      'image/webp',
    ],
  ])(
    'refuses a file that is not a readable JPEG, PNG or WebP (%#) and stores nothing',
    async (bytes, filename, type) => {
      const before = stored();
      const res = await upload(bytes, filename, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Upload a JPEG, PNG or WebP image', code: 'NOT_AN_IMAGE' });
      expect(stored()).toEqual(before);
    },
  );

  it('refuses a picture whose header claims 30000 x 30000 pixels with 413, without decoding it', async () => {
    const before = stored();
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    expect(res.json<{ message: string }>().message).toContain('30000 x 30000');
    expect(stored()).toEqual(before);
  });

  it('refuses an animated WebP with 400', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#0f0')], { join: { animated: true } })
      .webp()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const before = stored();
    const res = await upload(animated, 'spin.webp', 'image/webp');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ANIMATED_IMAGE' });
    expect(stored()).toEqual(before);
  });

  it('refuses a 5 MB file with 413', async () => {
    const big = Buffer.concat([await picture(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image must be at most 2 MB', code: 'IMAGE_TOO_LARGE' });
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: bearer(admin),
      payload: { image: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
