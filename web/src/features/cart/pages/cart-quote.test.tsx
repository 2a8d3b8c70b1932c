import type { CartItem, CartQuote } from '@rr/core';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { cartStore, clearCart } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

/** Issue 32: the cart page quotes the saved cart and says what changed since it was saved. */

const bead: CartItem = { product: 'p1', name: 'Five Mukhi', image: '/bead.jpg', price: 299, countInStock: 5, qty: 1 };
const mala: CartItem = {
  product: 'p2',
  name: 'Rudraksha Mala',
  image: '/mala.jpg',
  price: 1251,
  countInStock: 4,
  qty: 3,
  variant: 'v108',
  variantName: '108 beads',
  addOns: [{ _id: 'puja', name: 'Energisation', price: 251, values: { Name: 'Ramesh' } }],
};

type QuoteLine = CartQuote['lines'][number];

/** The server's line for `item` at `price` with `countInStock` left. */
function quoteLine(item: CartItem, over: Partial<QuoteLine> = {}): QuoteLine {
  return {
    product: item.product,
    name: item.name,
    image: item.image,
    price: item.price,
    countInStock: item.countInStock,
    qty: item.qty,
    mrp: null,
    hsnCode: '1404',
    uqc: 'NOS',
    gstPercent: 0,
    discount: 0,
    taxableValue: 0,
    taxPrice: 0,
    variant: item.variant ? { _id: item.variant, name: item.variantName ?? '' } : null,
    addOns: (item.addOns ?? []).map((a) => ({ _id: a._id, name: a.name, price: a.price, values: a.values })),
    returnable: true,
    ...over,
  } as QuoteLine;
}

function quote(lines: QuoteLine[], unavailable: string[] = []): CartQuote {
  const itemsPrice = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  return {
    lines,
    unavailable,
    itemsPrice,
    shippingPrice: 0,
    taxPrice: 0,
    discountPrice: 0,
    totalPrice: itemsPrice,
    storeCredit: null,
    amountDue: itemsPrice,
    shippingGst: { gstPercent: 0, hsnCode: '1404', taxPrice: 0 },
    adjustments: [],
    gst: null,
    coupon: null,
    codFee: null,
    cod: { allowed: true, refusal: null, reason: null },
    delivery: null,
  } as CartQuote;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCart();
});

const page = (
  <Routes>
    <Route path="/cart" element={<CartPage />} />
  </Routes>
);
const openCart = () => renderInApp(page, '/cart');
const openCartInHindi = () =>
  renderInApp(
    <LanguageProvider language="hi" texts={hi}>
      {page}
    </LanguageProvider>,
    '/cart',
  );

const lineOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('the cart page quotes the saved cart (issue 32)', () => {
  it('shows today’s price, says it changed, and saves it so the next visit says nothing', async () => {
    cartStore.set([bead, mala]);
    fetchMock.mockImplementation(async () => jsonReply(quote([quoteLine(bead, { price: 329 }), quoteLine(mala)])));
    openCart();

    expect((await screen.findByTestId('cart-line-news')).textContent).toBe('Price changed from ₹299.00 to ₹329.00.');
    expect(within(lineOf('Five Mukhi')).getByTestId('cart-line-total').textContent).toBe('₹329.00');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('₹4,082.00');
    // The mala's price did not move: nothing is said of it.
    expect(within(lineOf('Rudraksha Mala')).queryByTestId('cart-line-news')).toBeNull();
    expect(cartStore.get()).toEqual([{ ...bead, price: 329 }, mala]);

    cleanup();
    openCart();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(within(lineOf('Five Mukhi')).getByTestId('cart-line-total').textContent).toBe('₹329.00');
    expect(screen.queryByTestId('cart-line-news')).toBeNull();
  });

  it('reprices a line with a variant and an extra, the extra’s price too', async () => {
    cartStore.set([mala]);
    fetchMock.mockImplementation(async () =>
      jsonReply(
        quote([
          quoteLine(mala, {
            price: 1301,
            addOns: [{ _id: 'puja', name: 'Energisation', price: 301, values: { Name: 'Ramesh' } }],
          }),
        ]),
      ),
    );
    openCart();

    expect((await screen.findByTestId('cart-line-news')).textContent).toBe(
      'Price changed from ₹1,251.00 to ₹1,301.00.',
    );
    expect(cartStore.get()).toEqual([{ ...mala, price: 1301, addOns: [{ ...mala.addOns![0]!, price: 301 }] }]);
  });

  it('says a line is out of stock, or how many are left when it asks for more', async () => {
    cartStore.set([bead, mala]);
    fetchMock.mockImplementation(async () =>
      jsonReply(quote([quoteLine(bead, { countInStock: 0 }), quoteLine(mala, { countInStock: 2 })])),
    );
    openCart();

    expect((await within(lineOf('Five Mukhi')).findByTestId('cart-line-news')).textContent).toBe(
      'Out of stock now: remove it to check out.',
    );
    expect(within(lineOf('Rudraksha Mala')).getByTestId('cart-line-news').textContent).toBe(
      'Only 2 left: lower the quantity to check out.',
    );
    // The news shows from the quote as it comes; the cart is saved with today's stock just after.
    await vi.waitFor(() => expect(cartStore.get()).toMatchObject([{ countInStock: 0 }, { countInStock: 2, qty: 3 }]));
  });

  it('says a product no longer on sale is out of stock', async () => {
    cartStore.set([bead]);
    fetchMock.mockImplementation(async () => jsonReply(quote([], ['p1'])));
    openCart();
    expect((await screen.findByTestId('cart-line-news')).textContent).toBe('Out of stock now: remove it to check out.');
  });

  it('shows the cart as saved when the quote fails, saying prices are confirmed at checkout', async () => {
    cartStore.set([bead]);
    fetchMock.mockImplementation(async () => jsonReply({ message: 'Service unavailable' }, 503));
    openCart();

    expect((await screen.findByRole('status')).textContent).toBe(
      "Today's prices could not be checked just now. They will be confirmed at checkout.",
    );
    expect(screen.getByTestId('cart-line-total').textContent).toBe('₹299.00');
    expect(screen.getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty('disabled', false);
    expect(cartStore.get()).toEqual([bead]);
  });

  it('says what changed in Hindi', async () => {
    cartStore.set([bead, mala]);
    fetchMock.mockImplementation(async () =>
      jsonReply(quote([quoteLine(bead, { price: 329 }), quoteLine(mala, { countInStock: 1 })])),
    );
    openCartInHindi();

    expect((await within(lineOf('Five Mukhi')).findByTestId('cart-line-news')).textContent).toBe(
      'कीमत ₹299.00 से बदलकर ₹329.00 हो गई है।',
    );
    expect(within(lineOf('Rudraksha Mala')).getByTestId('cart-line-news').textContent).toBe(
      'केवल 1 बचा है: चेकआउट के लिए मात्रा घटाएँ।',
    );
  });

  it('says in Hindi that prices are confirmed at checkout when the quote fails', async () => {
    cartStore.set([bead]);
    fetchMock.mockImplementation(async () => jsonReply({ message: 'Service unavailable' }, 503));
    openCartInHindi();
    expect((await screen.findByRole('status')).textContent).toBe(
      'आज की कीमतें अभी जाँची नहीं जा सकीं। चेकआउट पर इनकी पुष्टि होगी।',
    );
  });
});
