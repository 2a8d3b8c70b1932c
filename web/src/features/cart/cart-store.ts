import { DEFAULT_MAX_LINE_QTY, toPaise, toRupees, type CartItem } from '@rr/core';
import { createPersistedStore, isPlainObject, useStore } from '../../lib/persisted-store.ts';

/**
 * A stored cart line as core's `cartItem` schema reads it (its fields only), or null where the schema
 * refuses it. Checked by hand because every page reads the cart as it starts, and zod would add about
 * 9 KiB (gzipped) to the home page's JavaScript; cart-store.test.ts holds the two to the same answers.
 */
export function readCartItem(raw: unknown): CartItem | null {
  if (!isPlainObject(raw)) return null;
  const { product, name, image, price, countInStock, qty } = raw;
  if (typeof product !== 'string' || product === '' || typeof name !== 'string' || typeof image !== 'string') {
    return null;
  }
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof countInStock !== 'number' || !Number.isSafeInteger(countInStock) || countInStock < 0) return null;
  if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < 1) return null;
  return { product, name, image, price, countInStock, qty };
}

/**
 * SPEC §3: the cart lives in localStorage under `cartItems`. A line saved before the shop limited a
 * line to DEFAULT_MAX_LINE_QTY comes back at that limit, so checkout does not stop on it. One unreadable
 * line drops the whole saved cart, as the schema did.
 */
export const cartStore = createPersistedStore<CartItem[]>('cartItems', [], (raw) => {
  if (!Array.isArray(raw)) return null;
  const items = raw.map(readCartItem);
  return items.every((item) => item !== null)
    ? items.map((i) => ({ ...i, qty: Math.min(i.qty, DEFAULT_MAX_LINE_QTY) }))
    : null;
});

export function useCartItems(): CartItem[] {
  return useStore(cartStore);
}

/** Adds a line, or replaces the quantity (and details) of the product's existing line. */
export function addToCart(item: CartItem): void {
  cartStore.set((items) =>
    items.some((i) => i.product === item.product)
      ? items.map((i) => (i.product === item.product ? item : i))
      : [...items, item],
  );
}

export function removeFromCart(productId: string): void {
  cartStore.set((items) => items.filter((i) => i.product !== productId));
}

export function clearCart(): void {
  cartStore.set([]);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.qty, 0);
}

/** One line's amount, quantity times price, worked out in paise like the subtotal. */
export function lineTotal(item: Pick<CartItem, 'price' | 'qty'>): number {
  return toRupees(toPaise(item.price) * item.qty);
}

/** Summed in paise so a cart of ₹0.10 items never shows ₹0.30000000000000004. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return toRupees(items.reduce((sum, i) => sum + toPaise(i.price) * i.qty, 0));
}
