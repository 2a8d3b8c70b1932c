import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { nepalBead } from '../../../testing/variant-product.ts';
import { cartStore, clearCart } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  clearCart();
  vi.stubGlobal('fetch', fetchMock);
  // The product; the cart's quote (issue 32) is not what these tests are about: it fails, and the cart shows as saved.
  fetchMock.mockImplementation((url) =>
    Promise.resolve(String(url).endsWith('/api/orders/quote') ? jsonReply({}, 503) : jsonReply(nepalBead())),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function openCart(path: string) {
  renderInApp(
    <Routes>
      <Route path="/cart/:id?" element={<CartPage />} />
    </Routes>,
    path,
  );
}

const puja = (name: string) => encodeURIComponent(JSON.stringify([{ _id: 'puja', values: { Name: name } }]));

describe('the cart page with variants and extras (issue 25)', () => {
  it('adds the line the product page chose, priced with its extras, and shows the choices under the name', async () => {
    openCart(`/cart/p-nepal?qty=2&variant=v22&addOns=${puja('Ramesh')}`);
    const lines = await screen.findByRole('list', { name: 'Items in your cart' });
    expect(within(lines).getByRole('list', { name: 'Chosen with it' }).textContent).toBe(
      '22 mmEnergisation + ₹251.00Name: Ramesh',
    );
    expect(screen.getByTestId('cart-line-total').textContent).toBe('₹3,302.00');
    expect(cartStore.get()).toMatchObject([{ variant: 'v22', qty: 2, price: 1651 }]);
  });

  it('keeps two choices of one product as two lines, each removed on its own', async () => {
    const line = {
      product: 'p-nepal',
      name: 'Nepal 5 Mukhi Rudraksha',
      image: '/x.svg',
      price: 1651,
      countInStock: 2,
      qty: 1,
      variant: 'v22',
      variantName: '22 mm',
      addOns: [{ _id: 'puja', name: 'Energisation', price: 251, values: { Name: 'Ramesh' } }],
    };
    cartStore.set([line, { ...line, addOns: [], price: 1400 }]);
    openCart('/cart');
    const removes = screen.getAllByRole('button', { name: 'Remove Nepal 5 Mukhi Rudraksha (22 mm)' });
    expect(removes).toHaveLength(2);
    fireEvent.click(removes[1]!);
    expect(cartStore.get()).toEqual([line]);
  });

  it('refuses a choice the product page would refuse, and adds nothing', async () => {
    openCart(`/cart/p-nepal?qty=1&variant=v20&addOns=${puja(' ')}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Please fill in Name for Energisation.');
    expect(cartStore.get()).toEqual([]);
  });

  it('says the chosen variant is out of stock', async () => {
    openCart('/cart/p-nepal?qty=1&variant=v18');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Nepal 5 Mukhi Rudraksha (18 mm) is out of stock.',
    );
    expect(cartStore.get()).toEqual([]);
  });
});
