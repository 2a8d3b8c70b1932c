import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { IMAGE_WIDTHS, responsiveImage } from '@rr/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../src/db/schema/index.ts';
import { databaseFileStore } from '../src/modules/uploads/database-file-store.ts';
import { cachedFileStore, moveDiskFilesToStore, type FileStore } from '../src/modules/uploads/index.ts';
import { namedFile, type NamedFile } from '../src/modules/uploads/file-store.ts';
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

/** The names of every file in the file store. */
const stored = async () =>
  (await t.db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name).sort();
/** The bytes served at an address. */
const served = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

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
  expect(image).toMatch(/^\/uploads\/[0-9a-f]{32}-w720\.webp$/);
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
    const middle = await sharp(await served(image)).metadata();
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
      const bytes = await served(name);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(bytes.includes('Secret location')).toBe(false);
    }
    // Orientation 6 is a quarter turn: the 1000 x 500 picture is 500 wide, 1000 tall once upright.
    const upright = await sharp(await served(image)).metadata();
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
      const before = await stored();
      const res = await upload(bytes, filename, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Upload a JPEG, PNG or WebP image', code: 'NOT_AN_IMAGE' });
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a picture whose header claims 30000 x 30000 pixels with 413, without decoding it', async () => {
    const before = await stored();
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    expect(res.json<{ message: string }>().message).toContain('30000 x 30000');
    expect(await stored()).toEqual(before);
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
    const before = await stored();
    const res = await upload(animated, 'spin.webp', 'image/webp');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ANIMATED_IMAGE' });
    expect(await stored()).toEqual(before);
  });

  it('refuses a 5 MB file with 413', async () => {
    const big = Buffer.concat([await picture(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The image must be at most 2 MB',
      code: 'IMAGE_TOO_LARGE',
      details: { megabytes: 2 },
    });
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

describe('stored files (issue 23, item 14)', () => {
  const uploadPicture = async (colour: string) => {
    const bytes = await sharp({ create: { width: 500, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const res = await upload(bytes, 'bead.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ image: string }>().image;
  };

  it("keeps every width in the database, not on this machine's disk", async () => {
    const image = await uploadPicture('#204060');
    const names = IMAGE_WIDTHS.map((w) => image.slice(1).replace('-w720', `-w${w}`));
    expect(await stored()).toEqual(expect.arrayContaining(names));
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
    const rows = await t.db.select().from(storedFiles);
    for (const name of names) {
      const row = rows.find((r) => r.name === name)!;
      expect(row).toMatchObject({ contentType: 'image/webp', size: row.bytes.length });
      expect((await served(`/${name}`)).equals(row.bytes)).toBe(true);
    }
  });

  it('names a picture by its content: the same picture again is the same address, another is another', async () => {
    const first = await uploadPicture('#406020');
    expect(await uploadPicture('#406020')).toBe(first);
    expect(await uploadPicture('#406021')).not.toBe(first);
  });

  it("serves with a year's cache life and its SHA-256 as ETag, and 304 to a browser whose copy is current", async () => {
    const image = await uploadPicture('#602040');
    const first = await t.app.inject({ url: image });
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const [row] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.name, image.slice(1)));
    expect(etag).toBe(`"${row!.sha256}"`);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({ url: image, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({ url: image, headers: { 'if-none-match': '"0000"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 404 with a message where nothing is stored, and for names no file could have', async () => {
    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef-w720.webp',
      '/uploads/.hidden',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/certificates/nothing.pdf',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'FILE_NOT_FOUND', message: expect.any(String) });
      const conditional = await t.app.inject({ url, headers: { 'if-none-match': '*' } });
      expect(conditional.statusCode, url).toBe(404);
    }
  });

  it("makes a product's share picture from its uploaded picture in the store", async () => {
    const image = await uploadPicture('#1f3c8a');
    const id = await make.product(t, { columns: { image } });
    const res = await t.app.inject({ url: `/share/products/${id}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    // The picture is on the canvas, not the canvas alone.
    const { channels } = await sharp(res.rawPayload).stats();
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
  });

  it('moves the files an older version kept on disk into the store under their old names, once', async () => {
    const dataDir = path.join(t.config.dataDir, 'older-version');
    const legacyStem = '0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11';
    const legacyName = `${legacyStem}-w720.webp`;
    const legacyJpeg = 'b61f7c1e-1d8f-4a7e-9a57-3d1c6f0a9b22.jpg';
    const certificate = '5d0b7a1c-8c4e-4f5e-8a55-6b3e2c1d0f9e.pdf';
    const webp = await picture(720, 480).webp().toBuffer();
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    mkdirSync(path.join(dataDir, 'certificates'), { recursive: true });
    for (const w of IMAGE_WIDTHS) writeFileSync(path.join(dataDir, 'uploads', `${legacyStem}-w${w}.webp`), webp);
    writeFileSync(path.join(dataDir, 'uploads', legacyJpeg), jpeg);
    writeFileSync(path.join(dataDir, 'uploads', 'notes.txt'), 'not a picture');
    writeFileSync(path.join(dataDir, 'certificates', certificate), pdf);
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(`info ${line}`),
      warn: (line: string) => lines.push(`warn ${line}`),
    };

    expect(await moveDiskFilesToStore(databaseFileStore(t.db), dataDir, log)).toBe(5);
    const webpServed = await t.app.inject({ url: `/uploads/${legacyName}` });
    expect(webpServed.headers['content-type']).toBe('image/webp');
    expect(webpServed.rawPayload.equals(webp)).toBe(true);
    const jpegServed = await t.app.inject({ url: `/uploads/${legacyJpeg}` });
    expect(jpegServed.headers['content-type']).toBe('image/jpeg');
    expect(jpegServed.rawPayload.equals(jpeg)).toBe(true);
    const pdfServed = await t.app.inject({ url: `/certificates/${certificate}` });
    expect(pdfServed.headers['content-type']).toBe('application/pdf');
    expect(pdfServed.headers['content-security-policy']).toContain('sandbox');
    expect(pdfServed.rawPayload.equals(pdf)).toBe(true);
    // A product's old address and the widths found from it (srcset) all answer.
    for (const entry of responsiveImage(`/uploads/${legacyName}`).srcSet!.split(', '))
      expect((await served(entry.split(' ')[0]!)).equals(webp)).toBe(true);

    // The originals are kept aside for the operator; what the shop never stores stays with a warning.
    expect(readdirSync(path.join(dataDir, 'uploads.moved-to-store'))).toHaveLength(4);
    expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual(['notes.txt']);
    expect(existsSync(path.join(dataDir, 'certificates'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('info Moved'))).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('warn'))).toContain('notes.txt');

    // A second start moves nothing and stores nothing again.
    const before = await stored();
    lines.length = 0;
    expect(await moveDiskFilesToStore(databaseFileStore(t.db), dataDir, log)).toBe(0);
    expect(await stored()).toEqual(before);
    expect(lines.filter((line) => line.startsWith('info'))).toEqual([]);
  });

  it('finishes a move cut short: a file stored but not yet moved aside is moved without a second copy', async () => {
    const dataDir = path.join(t.config.dataDir, 'cut-short');
    const name = '7a3c9e10-2b4d-4c6e-8f01-a2b3c4d5e6f7.png';
    const png = await picture(64, 64).png().toBuffer();
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', name), png);
    const store = databaseFileStore(t.db);
    await store.put([
      {
        name: `uploads/${name}`,
        contentType: 'image/png',
        bytes: png,
        size: png.length,
        sha256: createHash('sha256').update(png).digest('hex'),
      },
    ]);
    const quiet = { info: () => undefined, warn: () => undefined };
    expect(await moveDiskFilesToStore(store, dataDir, quiet)).toBe(1);
    expect((await served(`/uploads/${name}`)).equals(png)).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });
});

describe('the files kept in memory', () => {
  /** A store in memory that counts its reads. */
  function countingStore() {
    const files = new Map<string, NamedFile>();
    const reads: string[] = [];
    const store: FileStore = {
      kind: 'database',
      put: async (added) => added.forEach((file) => files.set(file.name, file)),
      info: async (name) => files.get(name) ?? null,
      get: async (name) => {
        reads.push(name);
        return files.get(name) ?? null;
      },
    };
    return { store, reads };
  }

  it('reads a file once, keeps the most recent within its budget, and never keeps a miss', async () => {
    const { store, reads } = countingStore();
    const cached = cachedFileStore(store, 250);
    expect(await cached.get('uploads/late.png')).toBeNull();
    await store.put([namedFile('uploads/late.png', 'image/png', Buffer.alloc(10, 1))]);
    // Stored by another instance a moment later: found.
    expect((await cached.get('uploads/late.png'))?.size).toBe(10);

    await store.put(['a', 'b', 'c'].map((n) => namedFile(`uploads/${n}.png`, 'image/png', Buffer.alloc(100, n))));
    reads.length = 0;
    await cached.get('uploads/a.png');
    await cached.get('uploads/b.png');
    await cached.get('uploads/a.png');
    expect(reads).toEqual(['uploads/a.png', 'uploads/b.png']);
    // c pushes out the least recently read (late, then b), not a.
    await cached.get('uploads/c.png');
    await cached.get('uploads/a.png');
    await cached.get('uploads/b.png');
    expect(reads).toEqual(['uploads/a.png', 'uploads/b.png', 'uploads/c.png', 'uploads/b.png']);
  });

  it('does not keep a file over 1 MB', async () => {
    const { store, reads } = countingStore();
    const cached = cachedFileStore(store);
    await store.put([namedFile('certificates/big.pdf', 'application/pdf', Buffer.alloc(1024 * 1024 + 1))]);
    await cached.get('certificates/big.pdf');
    await cached.get('certificates/big.pdf');
    expect(reads).toHaveLength(2);
  });
});
