import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS, errorCodes, widthUrl, type ImageWidth } from '@rr/core';
import { DomainError } from '../../domain-error.ts';
import { loadSharp } from '../../sharp.ts';

/**
 * The most pixels an uploaded picture may have (about 40 MP, 8000 x 5000): a 2 MB file can still claim
 * 30000 x 30000 in its header and would take gigabytes to decode. Read from the header before decoding,
 * and given to the decoder as its own limit as well.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const NOT_READABLE = 'Upload a JPEG, PNG or WebP image';

/**
 * The picture as WebP in each of IMAGE_WIDTHS (never wider than it is: a narrow picture's wider files hold
 * its own width), turned upright by its EXIF orientation and with all metadata (EXIF, GPS, ICC, XMP)
 * left out. Refuses what cannot be decoded, an animation, and a picture of too many pixels, before
 * anything is written.
 */
export async function responsiveWebp(bytes: Buffer): Promise<Map<ImageWidth, Buffer>> {
  const sharp = await loadSharp();
  // The header only: no limit on the pixels it claims, since this is what finds them out.
  const info = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new DomainError('invalid_data', errorCodes.notAnImage, NOT_READABLE);
    });
  const { width, height } = info;
  if (!width || !height) throw new DomainError('invalid_data', errorCodes.notAnImage, NOT_READABLE);
  if (width * height > MAX_IMAGE_PIXELS)
    throw new DomainError(
      'too_large',
      errorCodes.imageTooManyPixels,
      `The picture is ${width} x ${height} pixels; it may have at most 40 million (such as 8000 x 5000)`,
    );
  if ((info.pages ?? 1) > 1)
    throw new DomainError('invalid_data', errorCodes.animatedImage, 'Upload a still picture, not an animation');

  const out = new Map<ImageWidth, Buffer>();
  try {
    for (const w of IMAGE_WIDTHS) {
      const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      out.set(w, webp);
    }
  } catch {
    // A header that reads but a body that does not (cut off, corrupt) is still not an image.
    throw new DomainError('invalid_data', errorCodes.notAnImage, NOT_READABLE);
  }
  return out;
}

/**
 * A picture's name made from its stored widths (128 bits of their SHA-256): a changed picture gets a new
 * address, so its files can be cached for good, and the same picture uploaded twice is stored once.
 */
export function contentStem(widths: Map<ImageWidth, Buffer>): string {
  const hash = createHash('sha256');
  for (const w of IMAGE_WIDTHS) hash.update(widths.get(w)!);
  return hash.digest('hex').slice(0, 32);
}

/** The file names of one stored picture, by width, from its stem. */
export function storedNames(stem: string): Map<ImageWidth, string> {
  return new Map(IMAGE_WIDTHS.map((w) => [w, widthUrl(stem, w)]));
}
