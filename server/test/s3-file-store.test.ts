/**
 * Issue 23, item 14: with S3_URL set, uploads go to an S3-compatible bucket through the real
 * @aws-sdk/client-s3, here talking to a local fake S3 service (fake-s3.ts), and are served back from
 * it. The shop runs as a child process (as in production): Vitest resolves packages with the `module`
 * condition, which loads a build of the SDK that Node cannot run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, responsiveImage } from '@rr/core';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../bench/server-process.ts';
import { startFakeS3, type FakeS3 } from './fake-s3.ts';
import { DEMO_ADMIN } from './helpers.ts';

const LEGACY_STEM = '0f5c3a52-8d55-4c57-9a0b-2f6d1f3f1a11';
const LEGACY_CERTIFICATE = '5d0b7a1c-8c4e-4f5e-8a55-6b3e2c1d0f9e.pdf';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let fake: FakeS3;
let shop: ServerProcess;
let dataDir: string;
let token: string;
let legacyWebp: Buffer;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const object = (url: string) => fake.objects.get(`/shop-bucket/pictures${url}`);
const get = (url: string, headers: Record<string, string> = {}) => fetch(shop.base + url, { headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

function send(url: string, field: string, bytes: Buffer) {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)]), 'file.bin');
  return fetch(shop.base + url, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
}
const picture = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

beforeAll(async () => {
  fake = await startFakeS3();
  // What an older version left on this machine's disk.
  dataDir = mkdtempSync(path.join(tmpdir(), 'rr-s3-'));
  legacyWebp = await sharp({ create: { width: 720, height: 480, channels: 3, background: '#556' } })
    .webp()
    .toBuffer();
  mkdirSync(path.join(dataDir, 'uploads'));
  mkdirSync(path.join(dataDir, 'certificates'));
  for (const w of IMAGE_WIDTHS) writeFileSync(path.join(dataDir, 'uploads', `${LEGACY_STEM}-w${w}.webp`), legacyWebp);
  writeFileSync(path.join(dataDir, 'certificates', LEGACY_CERTIFICATE), PDF);
  // A secret with characters that must be percent-encoded in the URL.
  const credentials = 'SHOPKEY:s3cret%2Fwith%2Bsigns@';
  shop = await startServer({
    DATA_DIR: dataDir,
    S3_URL: `${fake.baseUrl.replace('http://', `http://${credentials}`)}/shop-bucket/pictures?region=ap-south-1`,
  });
  const signIn = await fetch(`${shop.base}/api/users/loginviapassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  token = ((await signIn.json()) as { token: string }).token;
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.failing = false;
});

describe('uploads in an S3-compatible bucket', () => {
  it('stores every width as an object under the prefix, signed by the SDK, and serves it back', async () => {
    const res = await send('/api/upload', 'image', await picture('#7a2e12'));
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    const urls = responsiveImage(image)
      .srcSet!.split(', ')
      .map((entry) => entry.split(' ')[0]!);
    expect(urls).toHaveLength(IMAGE_WIDTHS.length);
    for (const url of urls) {
      const stored = object(url);
      expect(stored, url).toBeDefined();
      expect(stored!.contentType).toBe('image/webp');
      expect(stored!.metadata.sha256).toBe(sha256(stored!.bytes));
      const served = await get(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('etag')).toBe(`"${sha256(stored!.bytes)}"`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await bytesOf(served)).equals(stored!.bytes)).toBe(true);
    }
    // Signed with the URL's key and region (the fake cannot check the secret, but the payload hash the
    // SDK signed is checked against what arrived).
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path.endsWith(urls[0]!))!;
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=SHOPKEY\/\d{8}\/ap-south-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toBe(sha256(put.body));
  });

  it("answers a conditional request from the object's details, without reading the object", async () => {
    const { image } = (await (await send('/api/upload', 'image', await picture('#12507a'))).json()) as {
      image: string;
    };
    const wide = image.replace('-w720', '-w1200');
    const etag = `"${sha256(object(wide)!.bytes)}"`;
    const before = fake.requests.length;
    const res = await get(wide, { 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['HEAD']);
  });

  it('stores a certificate there too, served as a sandboxed PDF', async () => {
    const res = await send('/api/upload/certificate', 'certificate', PDF);
    expect(res.status).toBe(201);
    const { certificateFile } = (await res.json()) as { certificateFile: string };
    expect(certificateFile).toMatch(/^\/certificates\/[0-9a-f]{32}\.pdf$/);
    expect(object(certificateFile)?.bytes.equals(PDF)).toBe(true);
    const served = await get(certificateFile);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await bytesOf(served)).equals(PDF)).toBe(true);
  });

  it('moved what an older version kept on disk into the bucket at start, under the old names', async () => {
    for (const w of IMAGE_WIDTHS) {
      const url = `/uploads/${LEGACY_STEM}-w${w}.webp`;
      expect(object(url)?.bytes.equals(legacyWebp), url).toBe(true);
      const served = await get(url);
      expect(served.status, url).toBe(200);
      expect((await bytesOf(served)).equals(legacyWebp)).toBe(true);
    }
    expect(object(`/certificates/${LEGACY_CERTIFICATE}`)?.contentType).toBe('application/pdf');
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'uploads.moved-to-store'))).toHaveLength(IMAGE_WIDTHS.length);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    const res = await get('/uploads/0123456789abcdef0123456789abcdef-w320.webp');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('answers 503 with Retry-After while the bucket is away, and works again once it is back', async () => {
    const bytes = await picture('#3c7a12');
    fake.failing = true;
    const refused = await send('/api/upload', 'image', bytes);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ code: 'FILE_STORE_UNAVAILABLE', message: expect.any(String) });
    const reading = await get('/uploads/00000000000000000000000000000000-w720.webp');
    expect(reading.status).toBe(503);
    expect(await reading.json()).toMatchObject({ code: 'FILE_STORE_UNAVAILABLE' });

    fake.failing = false;
    const stored = await send('/api/upload', 'image', bytes);
    expect(stored.status).toBe(201);
    expect((await get(((await stored.json()) as { image: string }).image)).status).toBe(200);
  });
});
