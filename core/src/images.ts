/**
 * Product pictures in several widths. An uploaded picture (and the shipped demo art) is stored as WebP
 * in each of IMAGE_WIDTHS, side by side, named `<name>-w<width>.webp`; the URL kept on the product is the
 * CANONICAL_WIDTH one, and the other widths are found from it by name alone.
 */

/** The widths, in CSS pixels of the stored file, that each picture is stored in; narrowest first. */
export const IMAGE_WIDTHS = [320, 720, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width whose URL is returned by the upload and stored on the product. */
export const CANONICAL_WIDTH: ImageWidth = 720;

/** The name of one width of a stored picture, from its name without width or extension. */
export function widthUrl(stem: string, width: number): string {
  return `${stem}-w${width}.webp`;
}

/** A srcset of the `-w<width>.webp` files of one picture (also for the shipped banners and cards). */
export function srcSetFor(stem: string, widths: readonly number[]): string {
  return widths.map((w) => `${widthUrl(stem, w)} ${w}w`).join(', ');
}

/** Uploads and the shipped product art, in the `-w<width>.webp` form; anything else is shown as it is. */
const RESPONSIVE = /^(\/(?:uploads|images\/products)\/[A-Za-z0-9][A-Za-z0-9_-]*)-w(\d+)\.webp$/;

export interface ResponsiveImage {
  src: string;
  /** Absent for a picture stored in one size only (an older upload, a placeholder). */
  srcSet?: string;
  /** Given only with srcSet: without one it means nothing. */
  sizes?: string;
}

/**
 * `src`, `srcSet` and `sizes` for an <img> of a product picture. `sizes` says how wide the picture is
 * drawn on the page (it is the caller's layout); a URL not in the stored-widths form gets no srcSet.
 */
export function responsiveImage(url: string, sizes?: string): ResponsiveImage {
  const match = RESPONSIVE.exec(url);
  if (!match || !(IMAGE_WIDTHS as readonly number[]).includes(Number(match[2]))) return { src: url };
  const stem = match[1]!;
  return { src: widthUrl(stem, CANONICAL_WIDTH), srcSet: srcSetFor(stem, IMAGE_WIDTHS), ...(sizes ? { sizes } : {}) };
}
