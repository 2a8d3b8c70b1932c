import * as z from 'zod/mini';

/**
 * Issue 28: review requests and review photos. A delivered order's customer is asked for a review
 * this many days after delivery (time to open the parcel and wear what came in it).
 */
export const REVIEW_REQUEST_DAYS = 3;

/** A review carries at most this many photos. */
export const MAX_REVIEW_PHOTOS = 3;

/**
 * A photo as a review keeps it: the address POST /api/upload/review-photo answered (a stored picture's
 * 720-pixel WebP, named by its content). Anything else (another site's picture, a path elsewhere on this
 * one) is refused.
 */
export const REVIEW_PHOTO_PATTERN = /^\/uploads\/[0-9a-f]{32}-w720\.webp$/;

export const reviewPhotos = z
  .array(
    z
      .string({ error: 'photos must be a list of uploaded photo addresses' })
      .check(
        z.maxLength(200, { error: 'photos must be pictures uploaded to this shop' }),
        z.regex(REVIEW_PHOTO_PATTERN, { error: 'photos must be pictures uploaded to this shop' }),
      ),
    { error: 'photos must be a list of uploaded photo addresses' },
  )
  .check(z.maxLength(MAX_REVIEW_PHOTOS, { error: `A review may have at most ${MAX_REVIEW_PHOTOS} photos` }));

/** A phone camera's photo is larger than a product picture may be; it is stored much smaller. */
export const MAX_REVIEW_PHOTO_BYTES = 8 * 1024 * 1024;

/** POST /api/upload/review-photo: where the stored photo is served from. */
export const reviewPhotoReply = z.object({ image: z.string(), message: z.string() });
export type ReviewPhotoReply = z.infer<typeof reviewPhotoReply>;

/** The product page with its review form open: where a review request's link leads. */
export function reviewFormPath(productId: string): string {
  return `/product/${productId}?review=1#write-review`;
}
