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
const { addToCart, cartCount, cartStore, cartSubtotal, clearCart, lineKey, lineTotal, readCartItem, removeFromCart } =
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
    removeFromCart(bead());
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

describe('a line with a variant and add-ons (issue 25)', () => {
  beforeEach(() => clearCart());

  const energised = (name: string, over: Partial<CartItem> = {}) =>
    bead({
      variant: 'v20',
      variantName: '20 mm',
      price: 1399,
      addOns: [
        { _id: 'cap', name: 'Silver capping', price: 350, values: {} },
        { _id: 'puja', name: 'Energisation', price: 251, values: { Name: name, Gotra: 'Kashyap' } },
      ],
      ...over,
    });

  it('keeps another variant, other add-ons or other values of the same product as lines of their own', () => {
    addToCart(bead());
    addToCart(energised('Ramesh'));
    addToCart(energised('Suresh'));
    addToCart(energised('Ramesh', { variant: 'v22', variantName: '22 mm' }));
    addToCart(energised('Ramesh', { addOns: [] }));
    expect(cartStore.get()).toHaveLength(5);
    expect(JSON.parse(storage.get('cartItems')!)[1]).toMatchObject({ variant: 'v20', variantName: '20 mm' });
  });

  it('takes the same choices in another order, or with blanks and spaces, as the same line', () => {
    addToCart(energised('Ramesh', { qty: 1 }));
    const [cap, puja] = energised('Ramesh').addOns!;
    addToCart(
      energised('Ramesh', {
        qty: 3,
        addOns: [{ ...puja!, values: { Gotra: 'Kashyap ', Name: 'Ramesh', Note: ' ' } }, cap!],
      }),
    );
    expect(cartStore.get().map((i) => i.qty)).toEqual([3]);
  });

  it('removes only the line with those choices', () => {
    addToCart(energised('Ramesh'));
    addToCart(energised('Suresh'));
    removeFromCart(energised('Ramesh'));
    expect(cartStore.get().map((i) => i.addOns![1]!.values.Name)).toEqual(['Suresh']);
  });

  it('names a line by product, variant and add-on values alone', () => {
    expect(lineKey({ product: 'p1' })).toBe(lineKey(bead({ qty: 4, price: 1 })));
    expect(lineKey({ product: 'p1', variant: 'v1' })).not.toBe(lineKey({ product: 'p1' }));
    expect(lineKey({ product: 'p1', addOns: [{ _id: 'a', values: { x: 'b' } }] })).not.toBe(
      lineKey({ product: 'p1', addOns: [{ _id: 'a', values: { x: 'c' } }] }),
    );
  });

  it('loads a saved line with its choices', async () => {
    storage.set('cartItems', JSON.stringify([bead(), energised('रमेश')]));
    vi.resetModules();
    const { cartStore: reread } = await import('./cart-store.ts');
    expect(reread.get()).toEqual([bead(), energised('रमेश')]);
  });
});

describe('a cart line’s name in the page’s language (issue 30)', () => {
  it('keeps the Hindi name with the line and shows it on Hindi pages, English on English ones', async () => {
    addToCart(bead({ nameHi: 'पंचमुखी रुद्राक्ष' }));
    vi.resetModules();
    const reread = await import('./cart-store.ts');
    const [line] = reread.cartStore.get();
    expect(line).toEqual(bead({ nameHi: 'पंचमुखी रुद्राक्ष' }));
    expect(reread.cartLineName(line!, 'hi')).toBe('पंचमुखी रुद्राक्ष');
    expect(reread.cartLineName(line!, 'en')).toBe('5 Mukhi Rudraksha');
  });

  it('names a line saved before lines kept a Hindi name in English on Hindi pages', async () => {
    storage.set('cartItems', JSON.stringify([bead()]));
    vi.resetModules();
    const reread = await import('./cart-store.ts');
    expect(reread.cartStore.get()).toEqual([bead()]);
    expect(reread.cartLineName(reread.cartStore.get()[0]!, 'hi')).toBe('5 Mukhi Rudraksha');
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
    const texts = fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.anything()));
    const addOn = fc.record(
      {
        _id: fc.string({ minLength: 1 }),
        name: fc.string(),
        price: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }),
        values: texts,
        // Issue 30: the Hindi labels of its fields, absent on lines saved before them.
        fieldNamesHi: fc.oneof(texts, fc.string()),
      },
      { requiredKeys: ['_id', 'name', 'price', 'values'] },
    );
    const choices = fc.record(
      {
        nameHi: fc.oneof(fc.string(), fc.integer()),
        variant: fc.string(),
        variantName: fc.string(),
        addOns: fc.array(addOn, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    const goodChosenLine = fc.tuple(goodLine, choices).map(([line, chosen]) => ({ ...line, ...chosen }));
    expectReaderMatchesSchema(readCartItem, cartItem, goodLine, Object.keys(cartItem.def.shape));
    expectReaderMatchesSchema(readCartItem, cartItem, goodChosenLine, Object.keys(cartItem.def.shape));
  });

  it('drops a saved cart with one unreadable line', async () => {
    storage.set('cartItems', JSON.stringify([bead(), { ...bead({ product: 'p2' }), qty: 0 }]));
    vi.resetModules();
    const { cartStore: reread } = await import('./cart-store.ts');
    expect(reread.get()).toEqual([]);
  });
});
