import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../account/index.ts';
import { nepalBead } from '../../testing/variant-product.ts';
import { jsonReply, renderInApp } from '../../testing/render.tsx';
import { ReviewForm } from './components/review-form.tsx';
import { ProductPage } from './pages/product-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  signOut();
});

const stored = (n: number) => `/uploads/${String(n).repeat(32)}-w720.webp`;
const photo = (name = 'beads.jpg', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(url));

/** The server: each photo upload stores the next picture; a review is accepted. */
function serve() {
  let uploads = 0;
  fetchMock.mockImplementation((url) => {
    if (String(url).endsWith('/api/upload/review-photo'))
      return Promise.resolve(jsonReply({ image: stored(++uploads), message: 'Photo uploaded' }, 201));
    return Promise.resolve(jsonReply({ message: 'Review added' }, 201));
  });
}

const choose = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Add photos (up to 3)'), { target: { files } });

describe('the review form with photos (issue 28)', () => {
  it('uploads a chosen photo, previews it, removes it, and sends the photos left with the review', async () => {
    serve();
    renderInApp(<ReviewForm productId="p1" reviewed={false} />);
    choose(photo('one.jpg'));
    expect(await screen.findByRole('img', { name: 'Your photo 1' })).toHaveProperty(
      'src',
      expect.stringContaining(`${'1'.repeat(32)}-w320.webp`),
    );
    const sent = calls('/api/upload/review-photo')[0]![1]!;
    expect((sent.body as FormData).get('image')).toBeInstanceOf(File);

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('img', { name: 'Your photo 1' })).toBeNull();
    choose(photo('two.jpg'), photo('three.jpg'));
    await screen.findByRole('img', { name: 'Your photo 2' });

    fireEvent.change(screen.getByLabelText(/Rating/), { target: { value: '5' } });
    fireEvent.input(screen.getByLabelText(/Comment/), { target: { value: 'Lovely beads.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Review submitted successfully');
    const review = calls('/api/products/p1/reviews')[0]![1]!;
    expect(JSON.parse(String(review.body))).toEqual({
      rating: 5,
      comment: 'Lovely beads.',
      photos: [stored(2), stored(3)],
    });
  });

  it('takes at most three photos, says so, and offers no more choosing once it has three', async () => {
    serve();
    renderInApp(<ReviewForm productId="p1" reviewed={false} />);
    choose(photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg'));
    expect(await screen.findByText('A review has at most 3 photos.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(calls('/api/upload/review-photo')).toHaveLength(3);
    expect(screen.queryByLabelText('Add photos (up to 3)')).toBeNull();
  });

  it('refuses a photo over 8 MB before uploading it, and sends a review without photos as before', async () => {
    serve();
    renderInApp(<ReviewForm productId="p1" reviewed={false} />);
    choose(photo('huge.jpg', 9 * 1024 * 1024));
    expect(screen.getByText('A photo must be at most 8 MB.')).toBeTruthy();
    expect(calls('/api/upload/review-photo')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Rating/), { target: { value: '4' } });
    fireEvent.input(screen.getByLabelText(/Comment/), { target: { value: 'Good.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Review submitted successfully');
    expect(JSON.parse(String(calls('/api/products/p1/reviews')[0]![1]!.body))).toEqual({ rating: 4, comment: 'Good.' });
  });
});

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

const reviewed = nepalBead({
  reviews: [
    {
      _id: 'r1',
      name: 'Asha Rao',
      rating: 5,
      comment: 'Genuine.',
      createdAt: '2026-11-20T10:00:00.000Z',
      user: 'u9',
      verifiedPurchase: true,
      photos: [stored(4), stored(5)],
    },
  ],
});

async function openProduct(path: string) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonReply(reviewed)));
  renderInApp(
    <>
      <Routes>
        <Route path="/product/:id" element={<ProductPage />} />
        <Route path="/login" element={<p>Sign in page</p>} />
      </Routes>
      <Address />
    </>,
    path,
  );
}

describe('review photos and the review link on the product page (issue 28)', () => {
  it('shows each review photo as a small lazy thumbnail linking to the larger picture', async () => {
    await openProduct(`/product/${reviewed._id}`);
    const photos = await screen.findByRole('list', { name: 'Photos by Asha Rao' });
    const images = within(photos).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]!.getAttribute('src')).toBe(`/uploads/${'4'.repeat(32)}-w320.webp`);
    expect(images[0]!.getAttribute('loading')).toBe('lazy');
    expect(within(photos).getAllByRole('link')[1]!.getAttribute('href')).toBe(`/uploads/${'5'.repeat(32)}-w1200.webp`);
  });

  it('shows a tapped photo larger over the page, and closes it', async () => {
    // jsdom has no modal dialogs: open and close as a browser does.
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.open = true;
      },
      close(this: HTMLDialogElement) {
        this.open = false;
        this.dispatchEvent(new Event('close'));
      },
    });
    await openProduct(`/product/${reviewed._id}`);
    const photos = await screen.findByRole('list', { name: 'Photos by Asha Rao' });
    fireEvent.click(within(photos).getAllByRole('link')[1]!);
    const large = screen.getByRole('img', { name: 'Photo 2 by Asha Rao' });
    expect(large.getAttribute('src')).toBe(`/uploads/${'5'.repeat(32)}-w1200.webp`);
    expect(large.closest('dialog')!.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('img', { name: 'Photo 2 by Asha Rao' })).toBeNull();
  });

  it('sends a signed-out visitor of the review link to sign in, and back to the form afterwards', async () => {
    await openProduct(`/product/${reviewed._id}?review=1`);
    await screen.findByText('Sign in page');
    const target = new URL(screen.getByTestId('address').textContent!, 'http://shop.test');
    expect(target.searchParams.get('redirect')).toBe(`/product/${reviewed._id}?review=1`);
  });

  it('opens the form in view for a signed-in customer, its rating focused', async () => {
    // Signed in as in another tab: the session is kept in this browser's storage.
    const session = {
      _id: 'u1',
      name: 'Meera',
      email: 'm@example.in',
      phone: '9876543210',
      isAdmin: false,
      token: 't',
    };
    localStorage.setItem('userInfo', JSON.stringify(session));
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
    await openProduct(`/product/${reviewed._id}?review=1`);
    const rating = await screen.findByLabelText(/Rating/);
    await waitFor(() => expect(document.activeElement).toBe(rating));
    expect(screen.getByTestId('address').textContent).toContain('?review=1');
  });
});
