import {
  COUPON_CODE_PATTERN,
  DEFAULT_MAX_LINE_QTY,
  normalizeCouponCode,
  toPaise,
  toRupees,
  type CartAddOn,
  type CartItem,
  type Language,
} from '@rr/core';
import { createPersistedStore, isPlainObject, useStore } from '../../lib/persisted-store.ts';

/** A price as the schema takes it: a finite number, not below zero. */
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A whole number from `min` up, as zod's int() takes it. */
const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/** Texts by name, as core's `z.record(z.string(), z.string())` takes them. */
const isTexts = (value: unknown): value is Record<string, string> =>
  isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** A stored add-on of a line as core's `cartAddOn` reads it, or null where the schema refuses it. */
function readCartAddOn(raw: unknown): CartAddOn | null {
  if (!isPlainObject(raw)) return null;
  const { _id, name, nameHi, price, values, fieldNamesHi } = raw;
  if (typeof _id !== 'string' || _id === '' || typeof name !== 'string') return null;
  if (nameHi !== undefined && typeof nameHi !== 'string') return null;
  if (!isAmount(price)) return null;
  if (!isTexts(values)) return null;
  if (fieldNamesHi !== undefined && !isTexts(fieldNamesHi)) return null;
  return {
    _id,
    name,
    ...(nameHi !== undefined ? { nameHi } : {}),
    price,
    values: { ...values },
    ...(fieldNamesHi !== undefined ? { fieldNamesHi: { ...fieldNamesHi } } : {}),
  };
}

/** A line's variant and add-ons (issue 25): absent ones stay absent; undefined when one is unreadable. */
function readLineChoices(
  raw: Record<string, unknown>,
): Pick<CartItem, 'variant' | 'variantName' | 'variantNameHi' | 'addOns'> | undefined {
  const { variant, variantName, variantNameHi, addOns } = raw;
  const choices: Pick<CartItem, 'variant' | 'variantName' | 'variantNameHi' | 'addOns'> = {};
  if (variant !== undefined) {
    if (typeof variant !== 'string' || variant === '') return undefined;
    choices.variant = variant;
  }
  if (variantName !== undefined) {
    if (typeof variantName !== 'string') return undefined;
    choices.variantName = variantName;
  }
  if (variantNameHi !== undefined) {
    if (typeof variantNameHi !== 'string') return undefined;
    choices.variantNameHi = variantNameHi;
  }
  if (addOns !== undefined) {
    if (!Array.isArray(addOns)) return undefined;
    const read = addOns.map(readCartAddOn);
    if (!read.every((a) => a !== null)) return undefined;
    choices.addOns = read;
  }
  return choices;
}

/**
 * A stored cart line as core's `cartItem` schema reads it (its fields only), or null where the schema
 * refuses it. Checked by hand because every page reads the cart as it starts, and zod would add about
 * 9 KiB (gzipped) to the home page's JavaScript; cart-store.test.ts holds the two to the same answers.
 */
export function readCartItem(raw: unknown): CartItem | null {
  if (!isPlainObject(raw)) return null;
  const { product, name, nameHi, image, price, countInStock, qty } = raw;
  if (typeof product !== 'string' || product === '' || typeof name !== 'string' || typeof image !== 'string') {
    return null;
  }
  if (nameHi !== undefined && typeof nameHi !== 'string') return null;
  if (!isAmount(price) || !isCount(countInStock, 0) || !isCount(qty, 1)) return null;
  const choices = readLineChoices(raw);
  if (!choices) return null;
  return { product, name, ...(nameHi !== undefined ? { nameHi } : {}), image, price, countInStock, qty, ...choices };
}

/**
 * A cart line's product name in `language` (issue 30): the Hindi one kept with the line, else (a product
 * without one, a cart saved before lines kept it) the English one.
 */
export function cartLineName(item: Pick<CartItem, 'name' | 'nameHi'>, language: Language): string {
  return language === 'hi' && item.nameHi ? item.nameHi : item.name;
}

/** What makes a cart line one line: the product, its variant and the add-ons with their values. */
export type LineIdentity = Pick<CartItem, 'product' | 'variant'> & {
  addOns?: ReadonlyArray<{ _id: string; values?: Record<string, string> }>;
};

/**
 * A line's identity as text (issue 25): the same product, variant, add-ons and values are one line,
 * whatever the order the add-ons or fields were given in; a blank value counts as none given.
 */
export function lineKey(line: LineIdentity): string {
  const addOns = (line.addOns ?? [])
    .map((a) => {
      const values = Object.entries(a.values ?? {})
        .map(([field, value]) => [field, value.trim()] as const)
        .filter(([, value]) => value !== '');
      return [a._id, values.sort(byFirst)] as const;
    })
    .sort(byFirst);
  return JSON.stringify([line.product, line.variant ?? null, addOns]);
}

const byFirst = (a: readonly [string, unknown], b: readonly [string, unknown]) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

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

/** Adds a line, or replaces the quantity (and details) of the same line (lineKey) already there. */
export function addToCart(item: CartItem): void {
  const key = lineKey(item);
  cartStore.set((items) =>
    items.some((i) => lineKey(i) === key) ? items.map((i) => (lineKey(i) === key ? item : i)) : [...items, item],
  );
}

export function removeFromCart(line: LineIdentity): void {
  const key = lineKey(line);
  cartStore.set((items) => items.filter((i) => lineKey(i) !== key));
}

/**
 * Issue 26: the festival code the customer applied, kept beside the cart (under `couponCode`) so the
 * place-order page, the payment order and the order send it. Only a code the server's quote took is kept.
 */
export const couponCodeStore = createPersistedStore<string | null>('couponCode', null, (raw) =>
  typeof raw === 'string' && COUPON_CODE_PATTERN.test(normalizeCouponCode(raw)) ? normalizeCouponCode(raw) : null,
);

export function useCouponCode(): string | null {
  return useStore(couponCodeStore);
}

export function setCouponCode(code: string | null): void {
  couponCodeStore.set(code === null ? null : normalizeCouponCode(code));
}

/** Empties the cart and forgets its code (an order was placed, or the customer signed out). */
export function clearCart(): void {
  cartStore.set([]);
  couponCodeStore.set(null);
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
