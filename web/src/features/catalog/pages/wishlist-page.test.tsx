import type { ProductSummary } from '@rr/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { WishlistPage } from './wishlist-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ASHA = { _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', isAdmin: false, token: 't' };

function setSession(user: typeof ASHA | null) {
  act(() => {
    if (user) localStorage.setItem('userInfo', JSON.stringify(user));
    else localStorage.removeItem('userInfo');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSession(ASHA);
});
afterEach(() => {
  setSession(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const card = (id: string, name: string, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  _id: id,
  name,
  nameHi: '',
  descriptionHi: '',
  image: '/images/x.svg',
  description: '',
  brand: 'Rudraksha Ratna',
  category: 'rudraksha',
  price: 1500,
  mrp: 2000,
  countInStock: 3,
  isDraft: false,
  rating: 4,
  numReviews: 2,
  gstPercent: 3,
  priceFrom: null,
  sale: null,
  ...extra,
});

function openWishlist() {
  renderInApp(
    <Routes>
      <Route path="/wishlist" element={<WishlistPage />} />
      <Route path="/cart/:id" element={<p>The cart</p>} />
    </Routes>,
    '/wishlist',
  );
}

describe('the wishlist page', () => {
  it('says how to save products when there are none', async () => {
    fetchMock.mockResolvedValue(jsonReply({ ids: [], products: [] }));
    openWishlist();
    expect((await screen.findByText(/Your wishlist is empty/)).textContent).toContain('Tap the heart');
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/');
  });

  it('lists the saved products as cards, each with Add to cart (in stock) and Remove', async () => {
    const saved = [card('p1', 'Nepal 5 Mukhi'), card('p2', 'Gauri Shankar', { countInStock: 0 })];
    let ids = ['p1', 'p2'];
    fetchMock.mockImplementation((url, init) => {
      if (init?.method === 'DELETE') {
        ids = ids.filter((id) => !String(url).endsWith(id));
        return Promise.resolve(jsonReply({ message: 'Removed from your wishlist.', ids }));
      }
      return Promise.resolve(jsonReply({ ids, products: saved.filter((p) => ids.includes(p._id)) }));
    });
    openWishlist();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [nepal, gauri] = cards as [HTMLElement, HTMLElement];
    expect(within(nepal).getByRole('heading', { level: 2 }).textContent).toBe('Nepal 5 Mukhi');
    expect(within(nepal).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The list's ids fill the hearts: no second call for them.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Sold out: no Add to cart, and the card says so.
    expect(within(gauri).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(gauri.textContent).toContain('Out of stock');

    fireEvent.click(within(gauri).getByRole('button', { name: 'Remove Gauri Shankar from wishlist' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('The cart')).toBeTruthy();
  });

  it('sends a product whose variants differ in price to its page to choose one', async () => {
    fetchMock.mockResolvedValue(jsonReply({ ids: ['p3'], products: [card('p3', 'Mala', { priceFrom: 900 })] }));
    openWishlist();
    const choose = await screen.findByRole('link', { name: 'Choose options' });
    expect(choose.getAttribute('href')).toBe('/product/p3');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});

describe('the wishlist page in Hindi (issue 30)', () => {
  it('says in Hindi that the wishlist could not be read, by the refusal’s code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ message: 'The shop is busy just now. Please try again in a moment.', code: 'OVERLOADED' }, 503),
    );
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <WishlistPage />
      </LanguageProvider>,
      '/wishlist',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('दुकान अभी व्यस्त है। कृपया थोड़ी देर बाद कोशिश करें।');
  });
});
