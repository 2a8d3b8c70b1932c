import type { ProductList, ProductSummary, RunningSale } from '@rr/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { hiFirst } from '../../../i18n/hi-first.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { nepalBead } from '../../../testing/variant-product.ts';
import { CategoryPage, SalePage } from './listing-page.tsx';
import { ProductPage } from './product-page.tsx';

// Issue 30: the shop's pages in Hindi, with the English name and description where no Hindi one is written.

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** Signs in (or out) as another tab would: the session store follows localStorage's storage event. */
function signIn() {
  const user = { _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', isAdmin: false, token: 't' };
  act(() => {
    localStorage.setItem('userInfo', JSON.stringify(user));
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
  });
}
function signOut() {
  act(() => {
    localStorage.removeItem('userInfo');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
  });
}

const inHindi = (ui: ReactNode, path: string) =>
  renderInApp(
    <LanguageProvider language="hi" texts={hi}>
      {ui}
    </LanguageProvider>,
    path,
  );

/** The product page of p-nepal, in Hindi. */
const openProductInHindi = () =>
  inHindi(
    <Routes>
      <Route path="/product/:id" element={<ProductPage />} />
    </Routes>,
    '/product/p-nepal',
  );

const summary = (over: Partial<ProductSummary>): ProductSummary => ({
  _id: 'p1',
  name: 'Blue Sapphire',
  nameHi: '',
  description: 'A blue sapphire.',
  descriptionHi: '',
  image: '/images/x.svg',
  brand: 'Rudraksha Ratna',
  category: 'gems',
  price: 25000,
  mrp: null,
  countInStock: 3,
  isDraft: false,
  rating: 4.5,
  numReviews: 2,
  gstPercent: 3,
  priceFrom: null,
  sale: null,
  ...over,
});

describe('the shop in Hindi (issue 30)', () => {
  it('shows a product page in Hindi: its Hindi name and description, the buy box and the title', async () => {
    const bead = nepalBead({
      nameHi: 'नेपाली पंचमुखी रुद्राक्ष',
      descriptionHi: 'नेपाल का असली पंचमुखी रुद्राक्ष।',
      numReviews: 1,
    });
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(bead)));
    openProductInHindi();
    await screen.findByRole('heading', { level: 1, name: 'नेपाली पंचमुखी रुद्राक्ष' });
    expect(screen.getByText('नेपाल का असली पंचमुखी रुद्राक्ष।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वापस जाएँ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'रुद्राक्ष' }).getAttribute('href')).toBe('/category/rudraksha');
    expect(screen.getByText('1 समीक्षा')).toBeTruthy();
    const buy = screen.getByRole('complementary', { name: 'ख़रीदें' });
    expect(within(buy).getByRole('button', { name: 'कार्ट में डालें' })).toBeTruthy();
    expect(within(buy).getByText('स्टॉक में है')).toBeTruthy();
    expect(within(buy).getByText('मात्रा')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'आकार: 20 mm' })).toBeTruthy();
    expect(screen.getByText('चेकआउट पर 3% GST जुड़ेगा।')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('नेपाली पंचमुखी रुद्राक्ष | रुद्राक्ष रत्न'));
    expect(screen.queryByText('Add To Cart')).toBeNull();
  });

  it('names the variants and extras in Hindi where the shop wrote Hindi names, else in English', async () => {
    const plain = nepalBead();
    const bead = nepalBead({
      variants: plain.variants.map((v) => (v._id === 'v20' ? { ...v, nameHi: '20 मिमी' } : v)),
      addOns: plain.addOns.map((a) => (a._id === 'silver' ? { ...a, nameHi: 'चाँदी की कैपिंग' } : a)),
    });
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(bead)));
    openProductInHindi();
    const sizes = await screen.findByRole('group', { name: 'आकार: 20 मिमी' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([expect.stringMatching(/^18 mm/), '20 मिमी', '22 mm']);
    expect(screen.getByRole('checkbox', { name: /चाँदी की कैपिंग/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Energisation/ })).toBeTruthy();
  });

  it('names the extra in Hindi when its required text is missing', async () => {
    const plain = nepalBead();
    const bead = nepalBead({
      addOns: plain.addOns.map((a) => (a._id === 'puja' ? { ...a, nameHi: 'अभिमंत्रण' } : a)),
    });
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(bead)));
    openProductInHindi();
    fireEvent.click(await screen.findByRole('checkbox', { name: /अभिमंत्रण/ }));
    fireEvent.click(screen.getByRole('button', { name: 'कार्ट में डालें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया अभिमंत्रण के लिए Name भरें।');
  });

  it('labels an extra’s text with its Hindi label, English where none, and says so when it is missing', async () => {
    const plain = nepalBead();
    const bead = nepalBead({
      addOns: plain.addOns.map((a) =>
        a._id === 'puja'
          ? {
              ...a,
              nameHi: 'अभिमंत्रण',
              fields: [
                { ...a.fields[0]!, nameHi: 'धारक का नाम' },
                { name: 'Gotra', maxLength: 30, required: false },
              ],
            }
          : a,
      ),
    });
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(bead)));
    openProductInHindi();
    fireEvent.click(await screen.findByRole('checkbox', { name: /अभिमंत्रण/ }));
    expect(screen.getByRole('textbox', { name: 'धारक का नाम' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Gotra/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'कार्ट में डालें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया अभिमंत्रण के लिए धारक का नाम भरें।');
  });

  it('shows the English name and description of a product without Hindi ones', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(nepalBead())));
    openProductInHindi();
    await screen.findByRole('heading', { level: 1, name: 'Nepal 5 Mukhi Rudraksha' });
    expect(screen.getByRole('button', { name: 'कार्ट में डालें' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Nepal 5 Mukhi Rudraksha | रुद्राक्ष रत्न'));
  });

  it('lists a category in Hindi, each card with its Hindi name or else its English one', async () => {
    const list: ProductList = {
      products: [summary({ _id: 'p1', nameHi: 'नीलम' }), summary({ _id: 'p2', name: 'Iolite', numReviews: 1 })],
      page: 1,
      pages: 1,
    };
    fetchMock.mockImplementation((url) =>
      Promise.resolve(jsonReply(String(url).includes('facets') ? { total: 2 } : list)),
    );
    inHindi(
      <Routes>
        <Route path="/category/:category" element={<CategoryPage />} />
      </Routes>,
      '/category/gems',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'रत्न संग्रह' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'नीलम' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iolite' })).toBeTruthy();
    expect(screen.getByText('2 समीक्षाएँ')).toBeTruthy();
    expect(screen.getByText('1 समीक्षा')).toBeTruthy();
    expect(screen.getByText('क्रम')).toBeTruthy();
    expect(screen.getAllByText('+ जीएसटी')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('रत्न | संग्रह'));
  });

  it('says in Hindi that a product is saved to the wishlist (sold out: texted when back), and that it is removed', async () => {
    signIn();
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष', countInStock: 0 });
    let saved: string[] = [];
    fetchMock.mockImplementation((url, init) => {
      const path = String(url);
      if (init?.method === 'POST') saved = ['p-nepal'];
      if (init?.method === 'DELETE') saved = [];
      if (path.includes('wishlist'))
        return Promise.resolve(jsonReply({ message: 'Neelam is in your wishlist. It is out of stock: …', ids: saved }));
      return Promise.resolve(jsonReply(bead));
    });
    openProductInHindi();
    const heart = await screen.findByRole('button', { name: 'विशलिस्ट में सेव करें' });
    // The heart follows the saved ids once its effects have run (as on a phone, well before a tap).
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/users/wishlist?ids=1'),
    );
    fireEvent.click(heart);
    expect(
      await screen.findByText('नेपाली पंचमुखी रुद्राक्ष आपकी विशलिस्ट में है। यह अभी स्टॉक में नहीं है: वापस आते ही हम आपको SMS भेजेंगे।'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'विशलिस्ट से हटाएँ' }));
    expect(await screen.findByText('विशलिस्ट से हटा दिया गया।')).toBeTruthy();
  });

  it('says in Hindi that the shop will text when a sold-out product is back', async () => {
    signIn();
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष', countInStock: 0 });
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        jsonReply(
          String(url).includes('stock-alert')
            ? { message: 'We will text 98XXXXXX10 once when Nepal 5 Mukhi Rudraksha is back in stock.' }
            : String(url).includes('wishlist')
              ? { ids: [] }
              : bead,
        ),
      ),
    );
    openProductInHindi();
    fireEvent.click(await screen.findByRole('button', { name: 'स्टॉक में आने पर मुझे बताएँ' }));
    expect(await screen.findByText('नेपाली पंचमुखी रुद्राक्ष स्टॉक में वापस आते ही हम आपको एक बार SMS भेजेंगे।')).toBeTruthy();
  });

  it('says in Hindi that a product is not there, once the texts of refusals have come', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonReply({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' }, 404)),
    );
    renderInApp(
      <LanguageProvider language="hi" texts={{ ...hiFirst } as typeof hi}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </LanguageProvider>,
      '/product/p-gone',
    );
    expect(await screen.findByText('यह सामान नहीं मिला।')).toBeTruthy();
  });

  it('says a page is not there in Hindi', () => {
    inHindi(<NotFoundPage />, '/nowhere');
    expect(screen.getByText('404 - यह पृष्ठ नहीं मिला')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होमपेज पर जाएँ' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('पृष्ठ नहीं मिला | रुद्राक्ष रत्न');
  });
});

describe('a sale’s own page (issue 30)', () => {
  const shivratri: RunningSale = {
    _id: 's1',
    name: 'Shivratri Sale',
    nameHi: 'शिवरात्रि सेल',
    percentOff: 15,
    banner: 'Shivratri prices',
    bannerHi: 'शिवरात्रि के दाम',
    categories: [],
    products: ['p1', 'p2'],
    endsAt: '2026-12-03T18:29:00.000Z',
  };
  const openSale = (id: string) =>
    inHindi(
      <Routes>
        <Route path="/sale/:id" element={<SalePage />} />
      </Routes>,
      `/sale/${id}`,
    );

  it('lists the sale’s products under its Hindi name, banner and end, asking for that sale', async () => {
    const list: ProductList = {
      products: [summary({ nameHi: 'नीलम' }), summary({ _id: 'p2', name: 'Iolite' })],
      page: 1,
      pages: 1,
    };
    fetchMock.mockImplementation((url) => {
      const path = String(url);
      if (path === '/api/sales/current') return Promise.resolve(jsonReply([shivratri]));
      return Promise.resolve(jsonReply(path.includes('facets') ? { total: 2 } : list));
    });
    openSale('s1');
    expect(await screen.findByRole('heading', { level: 1, name: 'शिवरात्रि सेल: 15% छूट' })).toBeTruthy();
    expect(screen.getByText('शिवरात्रि के दाम · 3 दिस॰ 2026 तक')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'नीलम' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/products?sale=s1');
    expect(asked.some((url) => url.startsWith('/api/products/facets?sale=s1'))).toBe(true);
    await waitFor(() => expect(document.title).toBe('शिवरात्रि सेल | सेल'));
  });

  it('says a sale that no longer runs has ended, without asking for its products', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply([shivratri])));
    openSale('s-old');
    expect(await screen.findByRole('heading', { level: 1, name: 'यह सेल समाप्त हो गई है' })).toBeTruthy();
    expect(screen.getByRole('link', { name: hi['notFound.home'] })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/sales/current']);
  });
});
