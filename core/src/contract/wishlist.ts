import * as z from 'zod/mini';
import { productSummary } from './catalog.ts';

/**
 * Issue 28: a signed-in customer's wishlist, the products they saved for later. A saved product that is
 * out of stock (or sells out later) tells them once when it is back, as "notify me" does.
 */

/** The most products one customer may save: a list, not a second catalog. */
export const WISHLIST_MAX_ITEMS = 200;

export const wishlistQuery = z.object({
  /** `1`: only the saved products' ids (for the hearts on cards), not their cards. */
  ids: z.optional(z.literal('1', { error: 'ids can only be 1' })),
});
export type WishlistQuery = z.infer<typeof wishlistQuery>;

export const wishlistBody = z.object({
  product: z
    .string({ error: 'product is required: the id of the product to save' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'product is required: the id of the product to save' }),
      z.maxLength(100, { error: 'product must be a product id' }),
    ),
});
export type WishlistBody = z.infer<typeof wishlistBody>;

/**
 * PUT /api/users/wishlist: the whole list at once (another device's, or a list kept before signing in):
 * these products, and no others, are saved afterwards. Every one must be a published product.
 */
export const wishlistReplaceBody = z.object({
  products: z
    .array(
      z
        .string({ error: 'products must be a list of product ids' })
        .check(z.maxLength(100, { error: 'products must be product ids' })),
      {
        error: 'products must be a list of product ids',
      },
    )
    .check(z.maxLength(WISHLIST_MAX_ITEMS, { error: `A wishlist holds at most ${WISHLIST_MAX_ITEMS} products` })),
});
export type WishlistReplaceBody = z.infer<typeof wishlistReplaceBody>;

export const wishlistProductParams = z.object({ productId: z.string() });

/**
 * GET /api/users/wishlist: every saved product's id (drafts too: saved still), and the saved products
 * the shop shows, newest saved first, as the catalog's cards (with the running sale's prices). With
 * `?ids=1` only the ids.
 */
export const wishlistReply = z.object({
  ids: z.array(z.string()),
  products: z.optional(z.array(productSummary)),
});
export type WishlistReply = z.infer<typeof wishlistReply>;

/** POST and DELETE: what was done, in words, and the saved ids after it. */
export const wishlistChangeReply = z.object({
  message: z.string(),
  ids: z.array(z.string()),
});
export type WishlistChangeReply = z.infer<typeof wishlistChangeReply>;
