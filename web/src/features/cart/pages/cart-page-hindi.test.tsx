import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderLines } from '../../../components/order-lines.tsx';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { nepalBead } from '../../../testing/variant-product.ts';
import { addToCart, clearCart, useCartItems } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCart();
});

const openInHindi = (path: string) =>
  renderInApp(
    <LanguageProvider language="hi" texts={hi}>
      <Routes>
        <Route path="/cart/:id?" element={<CartPage />} />
      </Routes>
    </LanguageProvider>,
    path,
  );

describe('the cart page in Hindi (issue 30)', () => {
  it('shows an empty cart in Hindi', () => {
    openInHindi('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'शॉपिंग कार्ट' })).toBeTruthy();
    expect(screen.getByText('आपका कार्ट ख़ाली है')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'उप-योग (0 वस्तु)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'चेकआउट करें' })).toHaveProperty('disabled', true);
  });

  it('says in Hindi that the product the address names is not found', async () => {
    const missing = { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' };
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply(missing, 404)));
    openInHindi('/cart/p-gone');
    expect(await screen.findByText('यह सामान नहीं मिला।')).toBeTruthy();
    expect(screen.queryByText('Product not found')).toBeNull();
  });

  it('says in Hindi, with the product’s Hindi name, that the chosen variant is out of stock', async () => {
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष' });
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply(bead)));
    openInHindi('/cart/p-nepal?variant=v18');
    expect(await screen.findByText(/नेपाली पंचमुखी रुद्राक्ष \(18 mm\) स्टॉक में नहीं है।/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'अपना कार्ट देखें' })).toBeTruthy();
  });

  it('names the chosen variant in Hindi when it is out of stock, or an extra is not offered with it', async () => {
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष' });
    const named = {
      ...bead,
      variants: bead.variants!.map((v) => ({ ...v, nameHi: v.name.replace('mm', 'मिमी') })),
    };
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply(named)));
    const first = openInHindi('/cart/p-nepal?variant=v18');
    expect(await screen.findByText(/नेपाली पंचमुखी रुद्राक्ष \(18 मिमी\) स्टॉक में नहीं है।/)).toBeTruthy();
    first.unmount();
    const gold = encodeURIComponent(JSON.stringify([{ _id: 'gold', values: {} }]));
    openInHindi(`/cart/p-nepal?variant=v20&addOns=${gold}`);
    expect(await screen.findByText(/आपकी चुनी एक अतिरिक्त सेवा 20 मिमी के साथ उपलब्ध नहीं है।/)).toBeTruthy();
  });

  it('keeps the product’s Hindi name with the line it adds, and names the line in Hindi', async () => {
    const bead = nepalBead({ nameHi: 'नेपाली पंचमुखी रुद्राक्ष' });
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply(bead)));
    openInHindi('/cart/p-nepal?variant=v20');
    const link = await screen.findByRole('link', { name: 'नेपाली पंचमुखी रुद्राक्ष' });
    expect(link.getAttribute('href')).toBe('/product/p-nepal?variant=v20');
    expect(screen.getByRole('button', { name: /नेपाली पंचमुखी रुद्राक्ष \(20 mm\)/ })).toBeTruthy();
    expect(screen.queryByText('Nepal 5 Mukhi Rudraksha')).toBeNull();
  });

  it('names the line’s variant and extra in Hindi where they have Hindi names (issue 30)', () => {
    addToCart({
      product: 'p1',
      name: '5 Mukhi Rudraksha',
      image: '/x.svg',
      price: 649,
      countInStock: 5,
      qty: 1,
      variant: 'v20',
      variantName: '20 mm',
      variantNameHi: '20 मिमी',
      addOns: [
        { _id: 'silver', name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350, values: {} },
        { _id: 'puja', name: 'Energisation', price: 251, values: {} },
      ],
    });
    openInHindi('/cart');
    const chosen = screen.getByRole('list', { name: 'इसके साथ चुना गया' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['20 मिमी', 'चाँदी की कैपिंग + ₹350.00', 'Energisation + ₹251.00']);
    expect(screen.getByRole('button', { name: '5 Mukhi Rudraksha (20 मिमी) हटाएँ' })).toBeTruthy();
  });

  it('labels an extra’s texts with the Hindi labels kept with the line, English where none', () => {
    addToCart({
      product: 'p1',
      name: '5 Mukhi Rudraksha',
      image: '/x.svg',
      price: 551,
      countInStock: 5,
      qty: 1,
      addOns: [
        {
          _id: 'puja',
          name: 'Energisation',
          nameHi: 'अभिमंत्रण',
          price: 251,
          values: { Name: 'रमेश', Gotra: 'Kashyap' },
          fieldNamesHi: { Name: 'धारक का नाम' },
        },
      ],
    });
    openInHindi('/cart');
    const chosen = screen.getByRole('list', { name: 'इसके साथ चुना गया' });
    expect(within(chosen).getByRole('listitem').textContent).toBe('अभिमंत्रण + ₹251.00धारक का नाम: रमेशGotra: Kashyap');
  });

  it('names a line saved without a Hindi name (an older cart) in English', () => {
    addToCart({ product: 'p1', name: '5 Mukhi Rudraksha', image: '/x.svg', price: 299, countInStock: 5, qty: 1 });
    openInHindi('/cart');
    expect(screen.getByRole('link', { name: '5 Mukhi Rudraksha' })).toBeTruthy();
  });

  it('names the cart’s lines in Hindi in the place-order page’s items (OrderLines)', () => {
    addToCart({
      product: 'p1',
      name: '5 Mukhi Rudraksha',
      nameHi: 'पंचमुखी रुद्राक्ष',
      image: '/x.svg',
      price: 299,
      countInStock: 5,
      qty: 1,
    });
    addToCart({ product: 'p2', name: 'Sphatik Mala', image: '/x.svg', price: 500, countInStock: 5, qty: 1 });
    const Lines = () => <OrderLines lines={useCartItems()} />;
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <Lines />
      </LanguageProvider>,
    );
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['पंचमुखी रुद्राक्ष', 'Sphatik Mala']);
  });

  it('says in Hindi what is wrong with a code typed in, before asking the server', async () => {
    addToCart({ product: 'p1', name: '5 Mukhi Rudraksha', image: '/x.svg', price: 299, countInStock: 5, qty: 1 });
    vi.stubGlobal('fetch', () => Promise.resolve(jsonReply({ message: 'no quote here' }, 503)));
    openInHindi('/cart');
    const box = within(screen.getByRole('region', { name: 'डिस्काउंट कोड' }));
    const apply = async (code: string) => {
      fireEvent.input(await screen.findByLabelText('कोई कोड है?'), { target: { value: code } });
      fireEvent.click(box.getByRole('button', { name: 'लागू करें' }));
    };
    await apply('  ');
    expect(box.getByRole('alert').textContent).toBe('कृपया कोड लिखें।');
    await apply('50% OFF!');
    expect(box.getByRole('alert').textContent).toBe('कोड में 3 से 30 अक्षर, अंक और हाइफ़न होते हैं।');
  });
});
