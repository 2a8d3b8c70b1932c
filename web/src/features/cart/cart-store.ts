import { DEFAULT_MAX_LINE_QTY, cartItem, toPaise, toRupees, type CartItem } from '@rr/core';
import * as z from 'zod/mini';
import { createPersistedStore, useStore } from '../../lib/persisted-store.ts';

const cartItems = z.array(cartItem);

/**
 * SPEC §3: the cart lives in localStorage under `cartItems`. A line saved before the shop limited a
 * line to DEFAULT_MAX_LINE_QTY comes back at that limit, so checkout does not stop on it.
 */
export const cartStore = createPersistedStore<CartItem[]>('cartItems', [], (raw) => {
  const parsed = cartItems.safeParse(raw);
  return parsed.success ? parsed.data.map((i) => ({ ...i, qty: Math.min(i.qty, DEFAULT_MAX_LINE_QTY) })) : null;
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
