import { MESSAGES, UUID_PATTERN, WISHLIST_MAX_ITEMS, errorCodes, maskPhone } from '@rr/core';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { products, users, wishlistItems } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { alertWishlisters } from '../stock/index.ts';

const productNotFound = () => new DomainError('not_found', errorCodes.productNotFound, MESSAGES.productNotFound);

/** The ids of the products the customer saved, newest saved first (drafts too: they stay saved). */
export async function wishlistIds(db: Database | Transaction, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((r) => r.id);
}

export interface Saver {
  userId: string;
  /** The account's phone: a product saved while out of stock texts it when it is back. */
  phone: string;
  /** The shop's public address (the back-in-stock message links there). */
  shopUrl: string;
}

/**
 * Saves a published product to the customer's wishlist; saving it again changes nothing. The customer's
 * row is locked, so two saves at once cannot pass the cap together. Saved while out of stock, the
 * customer waits for it as "notify me" does, in this transaction (the product's row share-locked, so a
 * restock commits before, and it is in stock, or after, and tells them). True when newly saved.
 */
export async function saveToWishlist(
  db: Database,
  productId: string,
  saver: Saver,
): Promise<{ saved: boolean; message: string }> {
  if (!UUID_PATTERN.test(productId)) throw productNotFound();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, saver.userId)).for('update');
    const [product] = await tx
      .select({ name: products.name, countInStock: products.countInStock })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isDraft, false)))
      .for('share');
    if (!product) throw productNotFound();
    const [held] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, saver.userId));
    const inserted = await insertUnlessFull(tx, saver.userId, productId, held?.n ?? 0);
    const soldOut = product.countInStock === 0;
    if (soldOut) await alertWishlisters(tx, [productId], { shopUrl: saver.shopUrl, userId: saver.userId });
    const saved = `${product.name} is in your wishlist.`;
    return {
      saved: inserted,
      message: soldOut ? `${saved} It is out of stock: we will text ${maskPhone(saver.phone)} once it is back.` : saved,
    };
  });
}

/** Adds the row, unless it is there already (true when added); refuses a full list. */
async function insertUnlessFull(tx: Transaction, userId: string, productId: string, held: number): Promise<boolean> {
  const [already] = await tx
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  if (already) return false;
  if (held >= WISHLIST_MAX_ITEMS) {
    throw new DomainError(
      'conflict',
      errorCodes.wishlistFull,
      `Your wishlist holds ${WISHLIST_MAX_ITEMS} products, as many as it can. Remove some to save more.`,
    );
  }
  await tx.insert(wishlistItems).values({ userId, productId });
  return true;
}

/** Takes a product off the customer's wishlist; one not on it is left as it is. A waiting alert stays. */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<string> {
  if (!UUID_PATTERN.test(productId)) throw productNotFound();
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.productId });
  return removed.length ? 'Removed from your wishlist.' : 'That product is not in your wishlist.';
}

/**
 * PUT /api/users/wishlist: these products and no others are saved, in one transaction under the
 * customer's lock; an id that is not a published product refuses the whole list (404, nothing changed).
 * Products newly saved while sold out wait for stock, as a single save does. Kept ones keep their date.
 */
export async function replaceWishlist(db: Database, wanted: readonly string[], saver: Saver): Promise<string> {
  const ids = [...new Set(wanted.map((id) => id.trim()))];
  if (!ids.every((id) => UUID_PATTERN.test(id))) throw productNotFound();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, saver.userId)).for('update');
    const found = ids.length
      ? await tx
          .select({ id: products.id, countInStock: products.countInStock })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.isDraft, false)))
          .for('share')
      : [];
    if (found.length !== ids.length) throw productNotFound();
    const before = new Set(await wishlistIds(tx, saver.userId));
    await tx
      .delete(wishlistItems)
      .where(
        and(eq(wishlistItems.userId, saver.userId), ids.length ? notInArray(wishlistItems.productId, ids) : undefined),
      );
    const added = ids.filter((id) => !before.has(id));
    if (added.length)
      await tx.insert(wishlistItems).values(added.map((productId) => ({ userId: saver.userId, productId })));
    const soldOut = found.filter((p) => p.countInStock === 0 && added.includes(p.id)).map((p) => p.id);
    if (soldOut.length) await alertWishlisters(tx, soldOut, { shopUrl: saver.shopUrl, userId: saver.userId });
    return ids.length
      ? `Your wishlist holds ${ids.length} product${ids.length === 1 ? '' : 's'}.`
      : 'Your wishlist is empty.';
  });
}
