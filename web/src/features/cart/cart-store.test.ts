import { cartItem, type CartItem } from '@rr/core';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectReaderMatchesSchema } from '../../testing/reader-matches-schema.ts';

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

// A cart saved before lines were limited to 10 of a product.
storage.set(
  'cartItems',
  JSON.stringify([{ product: 'old', name: 'Old line', image: '/x.svg', price: 10, countInStock: 50, qty: 11 }]),
);
const { addToCart, cartCount, cartStore, cartSubtotal, clearCart, lineTotal, readCartItem, removeFromCart } =
  await import('./cart-store.ts');
const savedCart = cartStore.get();

const bead = (over: Partial<CartItem> = {}): CartItem => ({
  product: 'p1',
  name: '5 Mukhi Rudraksha',
  image: '/images/products/p1.svg',
  price: 299,
  countInStock: 10,
  qty: 1,
  ...over,
});

describe('cart store', () => {
  beforeEach(() => clearCart());

  it('brings a saved line above the line limit down to it, so checkout does not stop on it', () => {
    expect(savedCart.map((i) => [i.product, i.qty])).toEqual([['old', 10]]);
  });

  it('adds lines and keeps them in localStorage under cartItems', () => {
    addToCart(bead());
    addToCart(bead({ product: 'p2', price: 0.1, qty: 3 }));
    expect(cartStore.get()).toHaveLength(2);
    expect(JSON.parse(storage.get('cartItems')!)).toHaveLength(2);
  });

  it('replaces the quantity of a product already in the cart', () => {
    addToCart(bead({ qty: 1 }));
    addToCart(bead({ qty: 4 }));
    expect(cartStore.get()).toEqual([bead({ qty: 4 })]);
  });

  it('removes a line and empties the stored cart', () => {
    addToCart(bead());
    removeFromCart('p1');
    expect(cartStore.get()).toEqual([]);
    expect(storage.has('cartItems')).toBe(false);
  });

  it('counts units and sums the subtotal to the paisa', () => {
    const items = [bead({ qty: 2 }), bead({ product: 'p2', price: 0.1, qty: 3 })];
    expect(cartCount(items)).toBe(5);
    expect(cartSubtotal(items)).toBe(598.3);
  });

  it('works out a line total to the paisa', () => {
    expect(lineTotal(bead({ price: 0.1, qty: 3 }))).toBe(0.3);
    expect(lineTotal(bead({ price: 1499.5, qty: 2 }))).toBe(2999);
  });
});

describe('reading a stored cart line without zod', () => {
  it('gives what core’s cartItem schema gives (its fields only), and null where it refuses', () => {
    const goodLine = fc.record({
      product: fc.string({ minLength: 1 }),
      name: fc.string(),
      image: fc.string(),
      price: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
      countInStock: fc.nat(),
      qty: fc.integer({ min: 1 }),
    });
    expectReaderMatchesSchema(readCartItem, cartItem, goodLine, Object.keys(cartItem.def.shape));
  });

  it('drops a saved cart with one unreadable line', async () => {
    storage.set('cartItems', JSON.stringify([bead(), { ...bead({ product: 'p2' }), qty: 0 }]));
    vi.resetModules();
    const { cartStore: reread } = await import('./cart-store.ts');
    expect(reread.get()).toEqual([]);
  });
});
