import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadSharp } from '../../sharp.ts';

/** Share previews (WhatsApp, Facebook, X) want a raster picture at least 600 px wide: 1200×630 JPEG. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
const BACKGROUND = '#faf6f0';
export const SHOP_SHARE_IMAGE_PATH = '/share/shop.jpg';
const SHOP_PICTURE = '/images/logo-mark.svg';

/**
 * A product's share picture. The version follows the product's picture, so the picture can be cached
 * for a year and a new one still reaches the next share.
 */
export function productShareImagePath(product: { _id: string; image: string }): string {
  const version = createHash('sha256').update(product.image).digest('hex').slice(0, 10);
  return `/share/products/${product._id}.jpg?v=${version}`;
}

/** Where a picture's bytes are: the web build (demo art, /images/...) and the uploads' file store. */
export interface PictureSources {
  /** The built web app (demo pictures, /images/...). */
  webDistDir: string;
  /** An upload's bytes by its name in the file store (`uploads/...`), null when none is stored. */
  readUpload(name: string): Promise<Buffer | null>;
}

/** A picture of this site: a file of the web build, or an upload in the file store. */
type Picture = { file: string } | { upload: string };

/**
 * Where the picture at an address on this site is, whatever its format; null for an address elsewhere
 * (never fetched) or one that would leave its folder (`/images/../../etc/passwd`).
 */
export function pictureAt(image: string, webDistDir: string): Picture | null {
  if (!image.startsWith('/') || image.startsWith('//')) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(image.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  if (pathname.startsWith('/uploads/')) return { upload: pathname.slice(1) };
  // Without a web build (development), the demo pictures are still in web/public.
  for (const root of [webDistDir, path.join(path.dirname(webDistDir), 'public')]) {
    const base = path.resolve(root);
    const file = path.resolve(base, pathname.slice(1));
    if (!file.startsWith(base + path.sep)) return null;
    if (existsSync(file)) return { file };
  }
  return null;
}

/**
 * The picture centred on a 1200×630 canvas of the shop's background; the canvas alone without one. A
 * file store that cannot be read is an error (the share picture is not made, and not kept, without it).
 */
async function shareJpeg(picture: Picture | null, sources: PictureSources): Promise<Buffer> {
  const sharp = await loadSharp();
  const input = picture && ('file' in picture ? picture.file : await sources.readUpload(picture.upload));
  if (input) {
    try {
      // SVGs rasterise at 4× their nominal size, so they are sharp when scaled to the canvas.
      return await sharp(input, { density: 288, limitInputPixels: 50_000_000 })
        .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'contain', background: BACKGROUND })
        .flatten({ background: BACKGROUND })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch {
      // A picture sharp cannot read: the plain canvas below.
    }
  }
  return sharp({ create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: BACKGROUND } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** Made once per picture and kept: the newest 64 (about 4 MB). */
const CACHE_SIZE = 64;
const made = new Map<string, Promise<Buffer>>();

export function shareImage(image: string | null, sources: PictureSources): Promise<Buffer> {
  const picture = image ? pictureAt(image, sources.webDistDir) : null;
  const key = picture ? ('file' in picture ? picture.file : picture.upload) : '';
  const cached = made.get(key);
  if (cached) {
    made.delete(key);
    made.set(key, cached);
    return cached;
  }
  const making = shareJpeg(picture, sources);
  made.set(key, making);
  making.catch(() => made.delete(key));
  if (made.size > CACHE_SIZE) made.delete(made.keys().next().value!);
  return making;
}

export const shopShareImage = (sources: PictureSources) => shareImage(SHOP_PICTURE, sources);
