import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { WishlistHeart } from './wishlist-heart.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ASHA = { _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', isAdmin: false, token: 't' };

/** Signs in or out as another tab would: the session store follows localStorage's storage event. */
function setSession(user: typeof ASHA | null) {
  act(() => {
    if (user) localStorage.setItem('userInfo', JSON.stringify(user));
    else localStorage.removeItem('userInfo');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
  });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  setSession(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

function renderHeart(path = '/product/p1', labelled = false) {
  renderInApp(
    <>
      <Routes>
        <Route path="/product/:id" element={<WishlistHeart productId="p1" labelled={labelled} />} />
        <Route path="/login" element={<p>Sign in</p>} />
      </Routes>
      <Address />
    </>,
    path,
  );
}

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('the wishlist heart', () => {
  it('sends a guest to sign in, coming back to the page after', () => {
    renderHeart('/product/p1?variant=v2');
    const heart = screen.getByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(screen.getByTestId('address').textContent).toBe('/login?redirect=/product/p1%3Fvariant%3Dv2');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is pressed for a saved product, and a tap takes it off the wishlist', async () => {
    setSession(ASHA);
    fetchMock.mockImplementation((url, init) =>
      Promise.resolve(
        init?.method === 'DELETE'
          ? jsonReply({ message: 'Removed from your wishlist.', ids: [] })
          : jsonReply({ ids: ['p0', 'p1'] }),
      ),
    );
    renderHeart();
    const heart = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save to wishlist' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed')).toBe('false');
    expect(calls()).toEqual(['GET /api/users/wishlist?ids=1', 'DELETE /api/users/wishlist/p1']);
  });

  it('saves an unsaved product, showing it pressed, and names itself beside the heart on the product page', async () => {
    setSession(ASHA);
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === 'POST' ? jsonReply({ message: 'Saved.', ids: ['p1'] }, 201) : jsonReply({ ids: [] }),
      ),
    );
    renderHeart('/product/p1', true);
    const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
    await waitFor(() => expect(calls()).toEqual(['GET /api/users/wishlist?ids=1']));
    fireEvent.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.textContent).toBe('Remove from wishlist');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ product: 'p1' });
  });

  it('says why when the shop refuses, and shows the product as it was', async () => {
    setSession(ASHA);
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonReply({ message: 'Your wishlist holds 200 products, as many as it can.', code: 'WISHLIST_FULL' }, 409)
          : jsonReply({ ids: [] }),
      ),
    );
    renderHeart();
    await waitFor(() => expect(calls()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    expect((await screen.findByRole('alert')).textContent).toContain('as many as it can');
    expect(screen.getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });
});
